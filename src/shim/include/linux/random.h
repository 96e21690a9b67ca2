/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Randomness as a test sees it: one fixed sequence from shim_reset() on
 * (a test's choices, and so its report, are the same every run).
 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/prandom.h>
#include <linux/types.h>

u64 shim_random_u64(void);

static inline u64 get_random_u64(void) { return shim_random_u64(); }
static inline u32 get_random_u32(void) { return (u32)shim_random_u64(); }
static inline u16 get_random_u16(void) { return (u16)shim_random_u64(); }
static inline u8 get_random_u8(void) { return (u8)shim_random_u64(); }
static inline unsigned long get_random_long(void)
{
	return (unsigned long)shim_random_u64();
}

static inline int get_random_int(void) { return (int)get_random_u32(); }

/* [0, ceil), as the kernel: 0 for ceil 0 is not asked of it. */
static inline u32 get_random_u32_below(u32 ceil)
{
	return ceil ? (u32)(((u64)get_random_u32() * ceil) >> 32) : 0;
}

/* (floor, U32_MAX] */
static inline u32 get_random_u32_above(u32 floor)
{
	return floor + 1 + get_random_u32_below(~0u - floor);
}

/* [floor, ceil] */
static inline u32 get_random_u32_inclusive(u32 floor, u32 ceil)
{
	return floor + get_random_u32_below(ceil - floor + 1);
}

static inline void get_random_bytes(void *buf, size_t len)
{
	u8 *p = buf;

	while (len--)
		*p++ = get_random_u8();
}

#endif
