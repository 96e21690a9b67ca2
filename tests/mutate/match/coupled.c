// SPDX-License-Identifier: GPL-2.0-only
/*
 * Functions for scripts/mutate --match's own test: the patches beside
 * are mutants written by hand, and match.expected says which generated
 * mutant each is (with --order 1 and --order 2), or that none is.
 */
#include <linux/types.h>

static unsigned int coupled_top_bit(unsigned long x)
{
	unsigned int n = 0;

	while (x) {
		x >>= 1;
		n++;
	}
	return n;
}

/* A mask aligning to the power of two at or above @size. */
unsigned long coupled_align_mask(unsigned long size)
{
	unsigned long mask = ~0UL;

	mask <<= coupled_top_bit(size - 1);
	return mask;
}

/* The pfn after @hi, if below @limit, else @hi. */
unsigned long coupled_next(unsigned long hi, unsigned long limit)
{
	unsigned long next = hi;

	if (next < limit)
		next = next + 1;
	return next;
}

/* Do the inclusive ranges [@lo1, @hi1] and [@lo2, @hi2] share a pfn? */
bool coupled_overlap(unsigned long lo1, unsigned long hi1,
		     unsigned long lo2, unsigned long hi2)
{
	return lo1 <= hi2 && lo2 <= hi1;
}

/* The larger of @a and @b, and how often it was @a in @count. */
unsigned long coupled_larger(unsigned long a, unsigned long b,
			     unsigned long *count)
{
	if (a < b)
		return b;
	*count += 1;
	return a;
}
