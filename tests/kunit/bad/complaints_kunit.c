// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad on purpose: each kind of complaint the shim records from kernel
 * code (a WARN, a sleeping allocation under a spinlock, a maple tree
 * self-check's dump_stack()) fails the case it happened in, named by its
 * signature; an allocation that may not sleep, under the same lock, is
 * no complaint.
 */
#include <kunit/test.h>
#include <linux/printk.h>
#include <linux/sched/mm.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(complaint_lock);

static void complaint_warn_on(struct kunit *test)
{
	WARN_ON(1);
}

static void complaint_sleeping_alloc(struct kunit *test)
{
	spin_lock(&complaint_lock);
	might_alloc(GFP_KERNEL);
	spin_unlock(&complaint_lock);
}

static void complaint_atomic_alloc(struct kunit *test)
{
	spin_lock(&complaint_lock);
	might_alloc(GFP_ATOMIC);
	might_alloc(GFP_NOWAIT);
	spin_unlock(&complaint_lock);
	might_alloc(GFP_KERNEL);
}

static void complaint_self_check(struct kunit *test)
{
	dump_stack();
}

static struct kunit_case complaint_cases[] = {
	KUNIT_CASE(complaint_warn_on),
	KUNIT_CASE(complaint_sleeping_alloc),
	KUNIT_CASE(complaint_atomic_alloc),
	KUNIT_CASE(complaint_self_check),
	{}
};

static struct kunit_suite complaint_suite = {
	.name = "complaints",
	.test_cases = complaint_cases,
};
kunit_test_suite(complaint_suite);

MODULE_LICENSE("GPL");
