/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Locks are checked state, not synchronisation: taking a held lock, dropping
 * a free one or asserting a free one is held stops the run with a report.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/lockdep.h>
#include <shim/report.h>

typedef struct {
	int locked;
} spinlock_t;

typedef spinlock_t raw_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ 0 }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define DEFINE_RAW_SPINLOCK(name) DEFINE_SPINLOCK(name)

#define spin_lock_init(l)	((l)->locked = 0)
#define raw_spin_lock_init(l)	spin_lock_init(l)

#define shim_spin_acquire(l) do {					\
	if ((l)->locked)						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "spin_lock on a held lock: " #l);		\
	(l)->locked = 1;						\
	shim_lock_acquired();						\
} while (0)

#define shim_spin_release(l) do {					\
	if (!(l)->locked)						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "spin_unlock of a free lock: " #l);		\
	(l)->locked = 0;						\
	shim_lock_released();						\
} while (0)

#define spin_lock(l)			shim_spin_acquire(l)
#define spin_unlock(l)			shim_spin_release(l)
#define spin_lock_nested(l, sub)	shim_spin_acquire(l)
#define spin_lock_bh(l)			shim_spin_acquire(l)
#define spin_unlock_bh(l)		shim_spin_release(l)
#define spin_lock_irq(l)		shim_spin_acquire(l)
#define spin_unlock_irq(l)		shim_spin_release(l)
#define spin_lock_irqsave(l, f)	do { (f) = 0; shim_spin_acquire(l); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); shim_spin_release(l); } while (0)
#define spin_trylock(l)	((l)->locked ? 0 : ({ shim_spin_acquire(l); 1; }))
#define spin_is_locked(l)		((l)->locked != 0)
#define raw_spin_lock(l)		spin_lock(l)
#define raw_spin_unlock(l)		spin_unlock(l)
#define raw_spin_lock_irqsave(l, f)	spin_lock_irqsave(l, f)
#define raw_spin_unlock_irqrestore(l, f) spin_unlock_irqrestore(l, f)

#define assert_spin_locked(l) do {					\
	if (!spin_is_locked(l))						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "assert_spin_locked failed: " #l);		\
} while (0)

#define local_irq_save(f)	((f) = 0)
#define local_irq_restore(f)	((void)(f))
#define local_irq_disable()	do { } while (0)
#define local_irq_enable()	do { } while (0)
#define preempt_disable()	do { } while (0)
#define preempt_enable()	do { } while (0)

#include <linux/mutex.h>

#endif
