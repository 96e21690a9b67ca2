// SPDX-License-Identifier: GPL-2.0-only
/*
 * A KUnit case in the shape scripts/repro generates into corpus/kunit/
 * (plain kernel style: static cases, one suite, kunit_test_suite()): the
 * stand-in the ctests run as "the generated cases" of a tree without
 * iova-kunit.c.  A size-aligned allocation's range, checked as a
 * maintainer would paste it into a suite.
 */
#include <kunit/test.h>
#include <linux/iova.h>

static void iova_repro_size_aligned(struct kunit *test)
{
	struct iova_domain iovad;
	struct iova *r0, *r1;

	KUNIT_ASSERT_EQ(test, iova_cache_get(), 0);
	init_iova_domain(&iovad, 4096, 0xfff80);
	KUNIT_ASSERT_EQ(test, iova_domain_init_rcaches(&iovad), 0);

	r0 = alloc_iova(&iovad, 0x1, 0xfffff, false);
	KUNIT_ASSERT_NOT_NULL(test, r0);
	r1 = alloc_iova(&iovad, 0x6, 0xfffff, true);
	KUNIT_ASSERT_NOT_NULL(test, r1);
	KUNIT_EXPECT_EQ(test, r1->pfn_hi - r1->pfn_lo + 1, 0x6);
	KUNIT_EXPECT_EQ(test, r1->pfn_lo & 0x7, 0);
	__free_iova(&iovad, r0);

	put_iova_domain(&iovad);
	iova_cache_put();
}

static struct kunit_case iova_repro_cases[] = {
	KUNIT_CASE(iova_repro_size_aligned),
	{}
};

static struct kunit_suite iova_repro_suite = {
	.name = "iova_repro",
	.test_cases = iova_repro_cases,
};
kunit_test_suite(iova_repro_suite);

MODULE_LICENSE("GPL");
