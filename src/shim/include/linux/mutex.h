/* SPDX-License-Identifier: GPL-2.0-only */
/* Sleeping locks: the same checked state as spinlocks, but may sleep. */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/sched.h>
#include <linux/spinlock.h>

struct mutex {
	int locked;
};

#define DEFINE_MUTEX(name)	struct mutex name = { 0 }
#define mutex_init(m)		((m)->locked = 0)
#define mutex_destroy(m)	do { } while (0)
#define mutex_is_locked(m)	((m)->locked != 0)
#define mutex_lock(m) do {						\
	might_sleep();							\
	if ((m)->locked)						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "mutex_lock on a held mutex: " #m);		\
	(m)->locked = 1;						\
} while (0)
#define mutex_unlock(m) do {						\
	if (!(m)->locked)						\
		shim_bug(__FILE__, __LINE__, __func__,			\
			 "mutex_unlock of a free mutex: " #m);		\
	(m)->locked = 0;						\
} while (0)
#define mutex_trylock(m) ((m)->locked ? 0 : ((m)->locked = 1))
#define mutex_lock_interruptible(m)	({ mutex_lock(m); 0; })
#define mutex_lock_killable(m)		({ mutex_lock(m); 0; })
#define mutex_lock_nested(m, sub)	mutex_lock(m)

DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))
DEFINE_GUARD_COND(mutex, _try, mutex_trylock(_T))

#endif
