// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad on purpose: one case for each way a case can fail here (an
 * expectation, a crash, a leak, a WARN in kernel code), each followed by
 * cases that pass, to show the runner reports each and goes on.
 */
#include <kunit/test.h>
#include <linux/iova.h>

static void selftest_pass(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
}

static void selftest_expect_fails(struct kunit *test)
{
	int three = 3;

	KUNIT_EXPECT_EQ(test, 1 + 1, three);
	KUNIT_EXPECT_STREQ(test, "hi", "bye");
	KUNIT_EXPECT_NULL_MSG(test, test, "test is %s", "not NULL");
}

static void selftest_assert_stops(struct kunit *test)
{
	KUNIT_ASSERT_TRUE(test, false);
	KUNIT_FAIL(test, "not reached after a failed assertion");
}

static void selftest_use_after_free(struct kunit *test)
{
	int *p = kmalloc(sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	kfree(p);
	KUNIT_EXPECT_EQ(test, *(volatile int *)p, 0);
}

static void selftest_leak(struct kunit *test)
{
	KUNIT_EXPECT_NOT_NULL(test, kmalloc(32, GFP_KERNEL));
}

static void selftest_warn(struct kunit *test)
{
	/* One put more than gets: iova.c WARNs. */
	iova_cache_put();
}

static struct kunit_case selftest_cases[] = {
	KUNIT_CASE(selftest_pass),
	KUNIT_CASE(selftest_expect_fails),
	KUNIT_CASE(selftest_assert_stops),
	KUNIT_CASE(selftest_use_after_free),
	KUNIT_CASE(selftest_leak),
	KUNIT_CASE(selftest_warn),
	KUNIT_CASE(selftest_pass),
	{}
};

static struct kunit_suite selftest_suite = {
	.name = "selftest_fail",
	.test_cases = selftest_cases,
};
kunit_test_suite(selftest_suite);

MODULE_LICENSE("GPL");
