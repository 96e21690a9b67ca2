/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RCU: readers are free, and callbacks (call_rcu, kfree_rcu) run only at a
 * harness barrier, shim_rcu_barrier(), so a use after a deferred free is
 * caught by ASan exactly when the code under test would race in the kernel.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/types.h>

void call_rcu(struct rcu_head *head, rcu_callback_t func);
void shim_kfree_rcu(struct rcu_head *head, void *ptr);
void rcu_barrier(void);

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

#define kfree_rcu(ptr, rhf)	shim_kfree_rcu(&(ptr)->rhf, (ptr))
#define kvfree_rcu(ptr, rhf)	kfree_rcu(ptr, rhf)

#endif
