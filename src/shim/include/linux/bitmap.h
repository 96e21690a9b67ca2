/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bitmaps of unsigned long words.  As in the kernel, whole-word operations
 * (zero, fill, copy) touch the tail bits past @nbits of the last word;
 * tests (empty, full, equal, weight) ignore them.
 */
#ifndef _LINUX_BITMAP_H
#define _LINUX_BITMAP_H

#include <string.h>

#include <linux/bitops.h>
#include <linux/cleanup.h>
#include <linux/slab.h>
#include <linux/types.h>

#define BITMAP_FIRST_WORD_MASK(start)	(~0UL << ((start) & (BITS_PER_LONG - 1)))
#define BITMAP_LAST_WORD_MASK(nbits)	(~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))
#define bitmap_size(nbits)	(BITS_TO_LONGS(nbits) * sizeof(unsigned long))

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, bitmap_size(nbits));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0xff, bitmap_size(nbits));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src,
			       unsigned int nbits)
{
	memcpy(dst, src, bitmap_size(nbits));
}

/* Runs @expr with @w set to each word, the last one masked to @nbits. */
#define __bitmap_for_each_word(i, w, map, nbits, expr) do {		\
	unsigned int i;							\
	for (i = 0; i < BITS_TO_LONGS(nbits); i++) {			\
		unsigned long w = (map)[i];				\
		if (i == BITS_TO_LONGS(nbits) - 1)			\
			w &= BITMAP_LAST_WORD_MASK(nbits);		\
		expr;							\
	}								\
} while (0)

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	__bitmap_for_each_word(i, w, src, nbits, if (w) return false);
	return true;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	__bitmap_for_each_word(i, w, src, nbits,
		if (w != (i == BITS_TO_LONGS(nbits) - 1 ?
			  BITMAP_LAST_WORD_MASK(nbits) : ~0UL))
			return false);
	return true;
}

static inline unsigned int bitmap_weight(const unsigned long *src,
					 unsigned int nbits)
{
	unsigned int n = 0;

	__bitmap_for_each_word(i, w, src, nbits, n += hweight64(w));
	return n;
}

static inline bool bitmap_equal(const unsigned long *a,
				const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < nbits; i++)
		if (test_bit(i, a) != test_bit(i, b))
			return false;
	return true;
}

static inline void bitmap_set(unsigned long *map, unsigned int start,
			      unsigned int nr)
{
	while (nr--)
		__set_bit(start++, map);
}

static inline void bitmap_clear(unsigned long *map, unsigned int start,
				unsigned int nr)
{
	while (nr--)
		__clear_bit(start++, map);
}

/* and/andnot say whether anything is left, as the kernel's do. */
static inline bool bitmap_and(unsigned long *dst, const unsigned long *a,
			      const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] & b[i];
	return !bitmap_empty(dst, nbits);
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *a,
				 const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] & ~b[i];
	return !bitmap_empty(dst, nbits);
}

static inline void bitmap_or(unsigned long *dst, const unsigned long *a,
			     const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] | b[i];
}

#define bitmap_alloc(nbits, gfp)					\
	kmalloc_array(BITS_TO_LONGS(nbits), sizeof(unsigned long), gfp)
#define bitmap_zalloc(nbits, gfp)					\
	kcalloc(BITS_TO_LONGS(nbits), sizeof(unsigned long), gfp)
#define bitmap_free(map)		kfree(map)

DEFINE_FREE(bitmap, unsigned long *, if (_T) bitmap_free(_T))

#endif
