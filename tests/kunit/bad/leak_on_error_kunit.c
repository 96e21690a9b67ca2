// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad on purpose, but only when memory runs out: the error path of the
 * second of two GFP_ATOMIC allocations forgets the first, and another
 * case does not check its allocation at all.  Both pass as they stand;
 * --fail-nth must find the leak at allocation 2 (and see that failing
 * allocation 1 is handled) and the crash at allocation 1.
 */
#include <kunit/test.h>

struct pair {
	void *a, *b;
};

static int pair_get(struct pair *p)
{
	p->a = kmalloc(16, GFP_ATOMIC);
	p->b = kmalloc(16, GFP_ATOMIC);
	if (!p->a || !p->b) {
		kfree(p->b);	/* the bug: p->a is not freed */
		return -ENOMEM;
	}
	return 0;
}

static void pair_put(struct pair *p)
{
	kfree(p->a);
	kfree(p->b);
}

static void pair_leak_on_error(struct kunit *test)
{
	struct pair p;

	if (pair_get(&p))
		return;
	KUNIT_EXPECT_NOT_NULL(test, p.a);
	pair_put(&p);
}

static void crash_on_error(struct kunit *test)
{
	int *p = kmalloc(sizeof(*p), GFP_NOWAIT);

	*p = 1;		/* the bug: no NULL check */
	KUNIT_EXPECT_EQ(test, *p, 1);
	kfree(p);
}

static struct kunit_case leak_cases[] = {
	KUNIT_CASE(pair_leak_on_error),
	KUNIT_CASE(crash_on_error),
	{}
};

static struct kunit_suite leak_suite = {
	.name = "leak_on_error",
	.test_cases = leak_cases,
};
kunit_test_suite(leak_suite);

MODULE_LICENSE("GPL");
