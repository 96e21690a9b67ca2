/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_BITS_H
#define _LINUX_BITS_H

#define BITS_PER_LONG		64
#define BITS_PER_LONG_LONG	64
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define GENMASK(h, l)							\
	(((~0UL) - (1UL << (l)) + 1) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l)						\
	(((~0ULL) - (1ULL << (l)) + 1) & (~0ULL >> (63 - (h))))
#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)

/* Fixed-width forms (6.16+); @h must fit the type, as in the kernel. */
#define BIT_U8(b)		((u8)BIT_ULL(b))
#define BIT_U16(b)		((u16)BIT_ULL(b))
#define BIT_U32(b)		((u32)BIT_ULL(b))
#define BIT_U64(b)		((u64)BIT_ULL(b))
#define GENMASK_TYPE(t, h, l)	((t)GENMASK_ULL(h, l))
#define GENMASK_U8(h, l)	GENMASK_TYPE(u8, h, l)
#define GENMASK_U16(h, l)	GENMASK_TYPE(u16, h, l)
#define GENMASK_U32(h, l)	GENMASK_TYPE(u32, h, l)
#define GENMASK_U64(h, l)	GENMASK_TYPE(u64, h, l)

#endif
