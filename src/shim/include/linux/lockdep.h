/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Without CONFIG_LOCKDEP the kernel has no lock maps; what it can still
 * check, whether a lock is held, we check for real.
 */
#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H

#include <shim/report.h>

struct lock_class_key {
	int unused;
};

#define lockdep_is_held(l)	((l)->locked != 0)
#define lockdep_assert_held(l) do {					\
	if (!lockdep_is_held(l))					\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "lockdep_assert_held failed: " #l);		\
} while (0)
#define lockdep_assert_held_write(l)	lockdep_assert_held(l)
#define lockdep_assert_held_read(l)	lockdep_assert_held(l)
#define lockdep_assert_not_held(l) do {					\
	if (lockdep_is_held(l))						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "lockdep_assert_not_held failed: " #l);	\
} while (0)
#define lockdep_assert_held_once(l)	lockdep_assert_held(l)
/* A condition on lock state, e.g. lockdep_is_held(a) || lockdep_is_held(b). */
#define lockdep_assert(cond) do {					\
	if (!(cond))							\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "lockdep_assert failed: " #cond);		\
} while (0)
#define lockdep_assert_once(cond)	lockdep_assert(cond)
/*
 * IRQ and preemption state is not modelled (one thread, no interrupts):
 * the spinlock counter cannot tell spin_lock() from spin_lock_irq(), so
 * checking these would report correct code.
 */
#define lockdep_assert_irqs_disabled()	do { } while (0)
#define lockdep_assert_irqs_enabled()	do { } while (0)
#define lockdep_assert_preemption_disabled() do { } while (0)
#define lockdep_assert_preemption_enabled() do { } while (0)
#define lockdep_assert_in_softirq()	do { } while (0)
#define lockdep_assert_none_held_once()	do { } while (0)
#define lockdep_set_class(l, k)		do { } while (0)
#define lockdep_set_class_and_name(l, k, n) do { } while (0)
#define lockdep_set_subclass(l, s)	do { } while (0)
#define lockdep_set_novalidate_class(l)	do { } while (0)
#define lockdep_register_key(k)		do { } while (0)
#define lockdep_unregister_key(k)	do { } while (0)
#define lockdep_off()			do { } while (0)
#define lockdep_on()			do { } while (0)
#define might_lock(l)			do { } while (0)
#define might_lock_nested(l, s)		do { } while (0)
#define lock_is_held(l)			1

#endif
