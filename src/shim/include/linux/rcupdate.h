/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RCU: readers are free, and callbacks (call_rcu, kfree_rcu) run only at a
 * harness barrier, shim_rcu_barrier(), so a use after a deferred free is
 * caught by ASan exactly when the code under test would race in the kernel.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/cleanup.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <shim/report.h>

void call_rcu(struct rcu_head *head, rcu_callback_t func);
void shim_kfree_rcu(struct rcu_head *head, void *ptr);
void shim_kfree_rcu_mightsleep(void *ptr);
void rcu_barrier(void);
void kvfree_rcu_barrier(void);

#define rcu_read_lock()			do { } while (0)
#define rcu_read_unlock()		do { } while (0)
#define rcu_read_lock_held()		1
#define rcu_read_lock_bh_held()		1
#define synchronize_rcu()		do { } while (0)
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_dereference_check(p, c)	READ_ONCE(p)
#define rcu_dereference_protected(p, c)	(p)
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	WRITE_ONCE(p, v)
#define RCU_INIT_POINTER(p, v)		((p) = (v))
#define RCU_POINTER_INITIALIZER(p, v)	.p = (v)

#define rcu_read_lock_sched()		do { } while (0)
#define rcu_read_unlock_sched()		do { } while (0)
#define rcu_read_lock_bh()		do { } while (0)
#define rcu_read_unlock_bh()		do { } while (0)
#define rcu_read_lock_any_held()	1
#define rcu_dereference_sched(p)	READ_ONCE(p)
#define rcu_dereference_bh(p)		READ_ONCE(p)
#define rcu_dereference_raw_check(p)	READ_ONCE(p)
#define rcu_dereference_protected_check(p, c)	(p)
#define rcu_replace_pointer(rp, p, c) ({				\
	typeof(rp) __old = (rp);					\
	rcu_assign_pointer(rp, p);					\
	__old; })
#define rcu_pointer_handoff(p)		(p)

/* NULL objects are ignored, as the kernel's kvfree_rcu() does. */
#define __shim_kfree_rcu2(ptr, rhf) do {				\
	typeof(ptr) ___p = (ptr);					\
	_Static_assert(offsetof(typeof(*___p), rhf) < 4096,		\
		       "kfree_rcu: rcu_head beyond the first 4 KiB");	\
	if (___p)							\
		shim_kfree_rcu(&___p->rhf, ___p);			\
} while (0)

/* Without an rcu_head the kernel may wait for a grace period in place:
 * it may sleep.  Here the free is queued like any other. */
#define kfree_rcu_mightsleep(ptr) do {					\
	shim_might_sleep(__FILE__, __LINE__, __func__);			\
	shim_kfree_rcu_mightsleep(ptr);					\
} while (0)
#define kvfree_rcu_mightsleep(ptr)	kfree_rcu_mightsleep(ptr)

/* kfree_rcu(ptr, field), and the pre-6.3 one-argument kfree_rcu(ptr). */
#define __shim_kfree_rcu_pick(_1, _2, fn, ...)	fn
#define kfree_rcu(...)							\
	__shim_kfree_rcu_pick(__VA_ARGS__, __shim_kfree_rcu2,		\
			      kfree_rcu_mightsleep)(__VA_ARGS__)
#define kvfree_rcu(...)		kfree_rcu(__VA_ARGS__)

DEFINE_LOCK_GUARD_0(rcu, rcu_read_lock(), rcu_read_unlock())

/* What the kernel's rcupdate.h brings in (preempt.h, irqflags.h, ...). */
#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/llist.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/string.h>

#endif
