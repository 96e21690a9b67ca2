/* SPDX-License-Identifier: GPL-2.0-only */
/* Compiler attributes and access macros, as the kernel spells them. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <sys/cdefs.h>
#include <linux/compiler_types.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" : : : "memory")
#define unreachable()	__builtin_unreachable()

#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)						\
	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define data_race(expr)	(expr)

#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))
#define __is_constexpr(x)						\
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))
#define __must_be_array(a)	BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int : (-!!(e)); })))

#endif
