// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small functions of kernel flavour for scripts/mutate's own test: a
 * clamp, a range-overlap test, a loop, an allocation.  sample_kunit.c
 * tests them, on purpose not completely; expected.txt lists the mutants
 * that survive it and why.
 */
#include <linux/bug.h>
#include <linux/minmax.h>
#include <linux/slab.h>

#include "sample.h"

/* @pfn clamped into [@lo, @hi]. */
unsigned long sample_clamp(unsigned long pfn, unsigned long lo,
			   unsigned long hi)
{
	if (pfn < lo)
		return lo;
	if (pfn > hi)
		return hi;
	return pfn;
}

/* Do the inclusive ranges [@lo1, @hi1] and [@lo2, @hi2] share a pfn? */
bool sample_overlap(unsigned long lo1, unsigned long hi1,
		    unsigned long lo2, unsigned long hi2)
{
	return lo1 <= hi2 && lo2 <= hi1;
}

/* How many pfns the inclusive ranges share. */
unsigned long sample_overlap_len(unsigned long lo1, unsigned long hi1,
				 unsigned long lo2, unsigned long hi2)
{
	unsigned long lo = max(lo1, lo2), hi = min(hi1, hi2);

	if (lo > hi)
		return 0;
	return hi - lo + 1;
}

/* How many of the @n @pfns lie in [@lo, @hi]. */
unsigned int sample_count_in(const unsigned long *pfns, unsigned int n,
			     unsigned long lo, unsigned long hi)
{
	unsigned int i = 0, count = 0;

	for (i = 0; i < n; i++) {
		if (pfns[i] >= lo && pfns[i] <= hi)
			count++;
	}
	return count;
}

/* The index of @p in the array at @base. */
unsigned int sample_index(const unsigned long *base, const unsigned long *p)
{
	return p - base;
}

struct sample_range *sample_range_new(unsigned long lo, unsigned long hi,
				      gfp_t gfp)
{
	struct sample_range *r;

	if (WARN_ON(lo > hi))
		return NULL;
	r = kzalloc(sizeof(*r), gfp);
	if (!r)
		return NULL;
	r->lo = lo;
	r->hi = hi;
	return r;
}

struct sample_range *sample_range_dup(const struct sample_range *r)
{
	return sample_range_new(r->lo, r->hi, GFP_KERNEL);
}

void sample_range_free(struct sample_range *r)
{
	kfree(r);
}
