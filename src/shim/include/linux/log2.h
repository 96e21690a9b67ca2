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

#define ilog2(n)		__ilog2_u64(n)
#define roundup_pow_of_two(n)	__roundup_pow_of_two(n)
#define rounddown_pow_of_two(n)	__rounddown_pow_of_two(n)
#define order_base_2(n)		((n) > 1 ? ilog2((n) - 1) + 1 : 0)

#endif
