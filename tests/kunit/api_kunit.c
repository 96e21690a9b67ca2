// SPDX-License-Identifier: GPL-2.0-only
/*
 * The KUnit shim's own API, as a KUnit file: managed memory and actions
 * are released when the case ends (else the runner's leak check fails the
 * case), KUNIT_ASSERT_* ends a case, test->priv comes from init; a case
 * that arms and clears failure injection itself still gets --fail-nth's
 * runs, and they end.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>

#include <shim/shim.h>	/* failure injection of its own, as reproducers */

static int api_init(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, 16, GFP_KERNEL);
	return test->priv ? 0 : -ENOMEM;
}

static void api_managed_memory(struct kunit *test)
{
	u8 zero[16] = { 0 };
	u32 *a = kunit_kcalloc(test, 4, sizeof(*a), GFP_KERNEL);
	char *b = kunit_kmalloc(test, 8, GFP_KERNEL);
	void *c = kunit_kmalloc_array(test, 2, 8, GFP_ATOMIC);

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_MEMEQ(test, test->priv, zero, sizeof(zero));
	KUNIT_EXPECT_EQ(test, a[3], 0);
	kunit_kfree(test, b);		/* early, once */
	if (c)
		memset(c, 1, 16);
	/* a, c and priv are freed when the case ends. */
}

static void free_it(void *p)
{
	kfree(p);
}

static void api_actions(struct kunit *test)
{
	void *p = kmalloc(8, GFP_KERNEL);
	void *q = kmalloc(8, GFP_KERNEL);

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, free_it, p), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, free_it, q), 0);
	kunit_release_action(test, free_it, q);		/* runs it now */
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
	/* p is freed by its action when the case ends. */
}

static void api_assert_ends_case(struct kunit *test)
{
	void *p = kunit_kzalloc(test, 8, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	kunit_skip(test, "skipped after %d allocation", 1);
	KUNIT_FAIL(test, "not reached after kunit_skip()");
}

static void api_own_injection(struct kunit *test)
{
	void *p;

	shim_inject_nth(1);
	p = kmalloc(8, GFP_ATOMIC);
	KUNIT_EXPECT_NULL(test, p);
	shim_inject_clear();
	p = kmalloc(8, GFP_ATOMIC);
	kfree(p);
}

static struct kunit_case api_cases[] = {
	KUNIT_CASE(api_managed_memory),
	KUNIT_CASE(api_actions),
	KUNIT_CASE(api_assert_ends_case),
	KUNIT_CASE(api_own_injection),
	{}
};

static struct kunit_suite api_suite = {
	.name = "kunit_shim_api",
	.init = api_init,
	.test_cases = api_cases,
};
kunit_test_suite(api_suite);

MODULE_LICENSE("GPL");
