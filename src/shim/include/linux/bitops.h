/* SPDX-License-Identifier: GPL-2.0-only */
/* Bit search and bit ops on unsigned long words, via compiler builtins. */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/types.h>

/* Undefined for 0, like the kernel's. */
static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

static inline unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

static inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

static inline unsigned int __ffs64(u64 word)
{
	return __builtin_ctzll(word);
}

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline unsigned int fls_long(unsigned long l)
{
	return fls64(l);
}

static inline unsigned int hweight32(unsigned int w)
{
	return __builtin_popcount(w);
}

static inline unsigned long hweight64(u64 w)
{
	return __builtin_popcountll(w);
}

#define hweight_long(w)	hweight64(w)

static inline void __set_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static inline bool test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	return addr[BIT_WORD(nr)] & BIT_MASK(nr);
}

static inline bool __test_and_set_bit(unsigned long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline bool __test_and_clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

/* Single-threaded harness: the atomic forms are the plain ones. */
#define set_bit(nr, addr)		__set_bit(nr, addr)
#define clear_bit(nr, addr)		__clear_bit(nr, addr)
#define test_and_set_bit(nr, addr)	__test_and_set_bit(nr, addr)
#define test_and_clear_bit(nr, addr)	__test_and_clear_bit(nr, addr)

static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size,
					  unsigned long offset)
{
	for (; offset < size; offset++)
		if (test_bit(offset, addr))
			return offset;
	return size;
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	for (; offset < size; offset++)
		if (!test_bit(offset, addr))
			return offset;
	return size;
}

#define find_first_bit(addr, size)	find_next_bit(addr, size, 0)
#define find_first_zero_bit(addr, size)	find_next_zero_bit(addr, size, 0)
#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = find_first_bit((addr), (size)); (bit) < (size);	\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

#endif
