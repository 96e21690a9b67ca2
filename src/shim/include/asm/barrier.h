/* SPDX-License-Identifier: GPL-2.0-only */
/* One thread runs kernel code: compiler barriers are enough. */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H
#include <linux/compiler.h>
#define mb()	barrier()
#define rmb()	barrier()
#define wmb()	barrier()
#define smp_mb()	barrier()
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()
#define smp_store_release(p, v)	do { barrier(); WRITE_ONCE(*(p), v); } while (0)
#define smp_load_acquire(p)	({ typeof(*(p)) ___v = READ_ONCE(*(p)); barrier(); ___v; })
#endif
