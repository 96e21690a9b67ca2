/* SPDX-License-Identifier: GPL-2.0-only */
/* One thread runs kernel code in this harness: atomics are plain ints. */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	((v)->counter = (i))
#define atomic_inc(v)		((void)((v)->counter++))
#define atomic_dec(v)		((void)((v)->counter--))
#define atomic_add(i, v)	((void)((v)->counter += (i)))
#define atomic_sub(i, v)	((void)((v)->counter -= (i)))
#define atomic_inc_return(v)	(++(v)->counter)
#define atomic_dec_return(v)	(--(v)->counter)
#define atomic_dec_and_test(v)	(--(v)->counter == 0)
#define atomic_long_read(v)	((v)->counter)
#define atomic_long_set(v, i)	((v)->counter = (i))
#define atomic_long_inc(v)	((void)((v)->counter++))
#define atomic_long_dec(v)	((void)((v)->counter--))
#define atomic_long_add(i, v)	((void)((v)->counter += (i)))
#define atomic_long_sub(i, v)	((void)((v)->counter -= (i)))

#endif
