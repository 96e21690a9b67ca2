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
#include <linux/cleanup.h>
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
#define spin_trylock_bh(l)		spin_trylock(l)
#define spin_trylock_irq(l)		spin_trylock(l)
#define spin_trylock_irqsave(l, f)	({ (f) = 0; spin_trylock(l); })
#define spin_is_locked(l)		((l)->locked != 0)
#define raw_spin_lock(l)		spin_lock(l)
#define raw_spin_unlock(l)		spin_unlock(l)
#define raw_spin_lock_irq(l)		spin_lock_irq(l)
#define raw_spin_unlock_irq(l)		spin_unlock_irq(l)
#define raw_spin_lock_irqsave(l, f)	spin_lock_irqsave(l, f)
#define raw_spin_unlock_irqrestore(l, f) spin_unlock_irqrestore(l, f)
#define raw_spin_trylock(l)		spin_trylock(l)
#define raw_spin_is_locked(l)		spin_is_locked(l)

#define assert_spin_locked(l) do {					\
	if (!spin_is_locked(l))						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "assert_spin_locked failed: " #l);		\
} while (0)

/* Interrupts or preemption off are atomic context as a held lock is:
 * might_sleep() there is a finding (a caller of the DMA API may be an
 * interrupt handler, and says so with local_irq_save()). */
#define local_irq_save(f)	do { (f) = 0; shim_lock_acquired(); } while (0)
#define local_irq_restore(f)	do { (void)(f); shim_lock_released(); } while (0)
#define local_irq_disable()	shim_lock_acquired()
#define local_irq_enable()	shim_lock_released()
#define preempt_disable()	shim_lock_acquired()
#define preempt_enable()	shim_lock_released()
#define preempt_disable_notrace()	preempt_disable()
#define preempt_enable_notrace()	preempt_enable()
#define preempt_enable_no_resched()	preempt_enable()
#define migrate_disable()	do { } while (0)
#define migrate_enable()	do { } while (0)
#define local_bh_disable()	do { } while (0)
#define local_bh_enable()	do { } while (0)

/* guard(spinlock_irqsave)(&l) and friends (cleanup.h): the lock state is
 * checked exactly as with the explicit calls. */
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock),
		    spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock, _try, spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irq, spinlock_t, spin_lock_irq(_T->lock),
		    spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_irq, _try, spin_trylock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_bh, spinlock_t, spin_lock_bh(_T->lock),
		    spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_bh, _try, spin_trylock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t,
		    spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1_COND(spinlock_irqsave, _try,
			 spin_trylock_irqsave(_T->lock, _T->flags))
DEFINE_LOCK_GUARD_1(raw_spinlock, raw_spinlock_t, raw_spin_lock(_T->lock),
		    raw_spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock, _try, raw_spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irq, raw_spinlock_t,
		    raw_spin_lock_irq(_T->lock), raw_spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irqsave, raw_spinlock_t,
		    raw_spin_lock_irqsave(_T->lock, _T->flags),
		    raw_spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_LOCK_GUARD_0(irqsave, local_irq_save(_T->flags),
		    local_irq_restore(_T->flags), unsigned long flags)
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(preempt_notrace, preempt_disable_notrace(),
		    preempt_enable_notrace())
DEFINE_LOCK_GUARD_0(migrate, migrate_disable(), migrate_enable())

#include <linux/mutex.h>

#endif
