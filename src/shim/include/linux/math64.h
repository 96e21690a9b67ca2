/* SPDX-License-Identifier: GPL-2.0-only */
/* 64-bit division helpers: on a 64-bit host, plain C division. */
#ifndef _LINUX_MATH64_H
#define _LINUX_MATH64_H

#include <linux/types.h>

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

#define div64_ul(x, y)	div64_u64(x, y)
#define div64_long(x, y) div64_s64(x, y)
#define DIV64_U64_ROUND_UP(ll, d) div64_u64((ll) + (d) - 1, (d))

/* Divides @n in place and yields the remainder, as the kernel's macro. */
#define do_div(n, base) ({						\
	u32 __base = (base);						\
	u32 __rem = (u64)(n) % __base;					\
	(n) = (u64)(n) / __base;					\
	__rem; })

#endif
