/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * might_alloc(): an allocation with these flags may sleep (they allow
 * direct reclaim), so making one with a spinlock held is a MIGHT_SLEEP
 * finding, as with CONFIG_DEBUG_ATOMIC_SLEEP.  Reclaim is not modelled:
 * the fs_reclaim lockdep annotations are no-ops.
 */
#ifndef _LINUX_SCHED_MM_H
#define _LINUX_SCHED_MM_H

#include <linux/gfp.h>
#include <linux/sched.h>

#define fs_reclaim_acquire(gfp_mask)	do { (void)(gfp_mask); } while (0)
#define fs_reclaim_release(gfp_mask)	do { (void)(gfp_mask); } while (0)

#define might_alloc(gfp_mask)						\
	do {								\
		gfp_t __ma_gfp = (gfp_mask);				\
									\
		fs_reclaim_acquire(__ma_gfp);				\
		fs_reclaim_release(__ma_gfp);				\
		might_sleep_if(gfpflags_allow_blocking(__ma_gfp));	\
	} while (0)

#endif
