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
#define lockdep_assert_irqs_disabled()	do { } while (0)
#define lockdep_set_class(l, k)		do { } while (0)
#define lock_is_held(l)			1

#endif
