/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/bitops.h>

static inline __attribute__((const)) int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

static inline __attribute__((const)) bool is_power_of_2(unsigned long n)
{
	return n != 0 && ((n & (n - 1)) == 0);
}

static inline __attribute__((const))
unsigned long __roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls_long(n - 1);
}

static inline __attribute__((const))
unsigned long __rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls_long(n) - 1);
}

/*
 * On a constant these fold to constants, as the kernel's do, so they work
 * in array bounds, case labels and BUILD_BUG_ON().  ilog2(0) and
 * roundup_pow_of_two(0) are undefined in the kernel too.
 */
#define const_ilog2(n)							\
	((n) < 2 ? 0 : 63 - __builtin_clzll((unsigned long long)(n)))
#define ilog2(n)							\
	(__builtin_constant_p(n) ? const_ilog2(n) : __ilog2_u64(n))
#define roundup_pow_of_two(n)						\
	(__builtin_constant_p(n) ?					\
	 ((n) == 1 ? 1UL : 1UL << (const_ilog2((n) - 1) + 1)) :	\
	 __roundup_pow_of_two(n))
#define rounddown_pow_of_two(n)						\
	(__builtin_constant_p(n) ? 1UL << const_ilog2(n) :		\
	 __rounddown_pow_of_two(n))
#define order_base_2(n)		((n) > 1 ? ilog2((n) - 1) + 1 : 0)
#define bits_per(n)		((n) < 2 ? 1 : ilog2(n) + 1)

#endif
