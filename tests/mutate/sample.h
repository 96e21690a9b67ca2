/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The functions of sample.c, for sample_kunit.c (scripts/mutate's own
 * test, tests/mutate/CMakeLists.txt).
 */
#ifndef _MUTATE_SAMPLE_H
#define _MUTATE_SAMPLE_H

#include <linux/gfp.h>
#include <linux/types.h>

struct sample_range {
	unsigned long lo;
	unsigned long hi;
};

unsigned long sample_clamp(unsigned long pfn, unsigned long lo,
			   unsigned long hi);
bool sample_overlap(unsigned long lo1, unsigned long hi1,
		    unsigned long lo2, unsigned long hi2);
unsigned long sample_overlap_len(unsigned long lo1, unsigned long hi1,
				 unsigned long lo2, unsigned long hi2);
unsigned int sample_count_in(const unsigned long *pfns, unsigned int n,
			     unsigned long lo, unsigned long hi);
unsigned int sample_index(const unsigned long *base, const unsigned long *p);
struct sample_range *sample_range_new(unsigned long lo, unsigned long hi,
				      gfp_t gfp);
struct sample_range *sample_range_dup(const struct sample_range *r);
void sample_range_free(struct sample_range *r);

#endif /* _MUTATE_SAMPLE_H */
