/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reference interval model of one IOVA domain.
 *
 * This is deliberately naive: a sorted array of disjoint inclusive pfn
 * ranges, searched by binary search and scanned linearly (picks by state
 * scan a byte per range).  It shares no code with drivers/iommu/iova.c
 * so that a bug in one is unlikely to be mirrored in the other.  The
 * harness drives both with the same operations and compares them.
 *
 * All state lives in struct model; there is no global state and no
 * randomness, so every query is a pure function of the model contents.
 */
#ifndef IOVAFUZZ_MODEL_H
#define IOVAFUZZ_MODEL_H

#include <stdbool.h>
#include <stdio.h>

enum model_state {
	MS_LIVE,	/* handed out to the user */
	MS_RESERVED,	/* reserve_iova() hole, never allocatable */
	MS_CACHED,	/* freed, but held in a per-cpu or depot cache */
	MS_DEFERRED,	/* freed; its deferred-erase marker is in the tree */
};

struct model_range {
	unsigned long lo, hi;		/* inclusive pfns */
	enum model_state state;
	/* Size the user asked for (live/cached), 0 otherwise. */
	unsigned long req_size;
	/* For cached ranges: which cpu/depot holds it; free for caller use. */
	unsigned int cpu;
	/* Caller-defined (e.g. op index that created it). */
	unsigned long tag;
	/* Caller-defined: the kernel object behind it, and flags. */
	void *handle;
	unsigned int flags;
};

struct model {
	unsigned long start_pfn;	/* lowest allocatable pfn */
	struct model_range *r;		/* sorted by lo, pairwise disjoint */
	/* Each range's state, and whether it has all of counted_flags, one
	 * byte each in the same order: what picks scan. */
	unsigned char *cls;
	unsigned int counted_flags;
	unsigned int nr, cap;
};

/*
 * Ranges are stored highest first, so that a top-down allocator's newest
 * range is an append, but every index in this API counts from the lowest
 * range: reach them through model_at().
 */
static inline struct model_range *model_at(const struct model *m,
					   unsigned int i)
{
	return &m->r[m->nr - 1 - i];
}

void model_init(struct model *m, unsigned long start_pfn);
void model_destroy(struct model *m);
void model_reset(struct model *m, unsigned long start_pfn);

int model_insert(struct model *m, unsigned long lo, unsigned long hi,
		 enum model_state st, unsigned long req_size,
		 unsigned long tag);
int model_find(const struct model *m, unsigned long pfn);
int model_find_overlap(const struct model *m, unsigned long lo,
		       unsigned long hi);
void model_remove(struct model *m, unsigned int idx);

/* The caller changed @r's state or flags: what picks see follows. */
void model_recount(struct model *m, const struct model_range *r);
/* The first index >= @from of a range in @state (-1: any) with all of
 * @flags set, or -1.  A scan of one byte a range when @flags is 0 or
 * counted_flags, of the ranges otherwise. */
int model_next_in_state(const struct model *m, unsigned int from, int state,
			unsigned int flags);
/* What picks see against the ranges (false: a caller missed
 * model_recount()). */
bool model_classes_ok(const struct model *m);

unsigned long model_count(const struct model *m, enum model_state st);
unsigned long model_pages(const struct model *m, enum model_state st);

bool model_highest_fit(const struct model *m, unsigned long size,
		       unsigned long limit_pfn, unsigned int align_shift,
		       unsigned long *lo_out);
bool model_fits_any(const struct model *m, unsigned long size,
		    unsigned long limit_pfn, unsigned int align_shift);
unsigned long model_largest_gap(const struct model *m,
				unsigned long limit_pfn);

void model_dump(const struct model *m, FILE *f, unsigned long lo,
		unsigned long hi);
const char *model_state_name(enum model_state st);

#endif /* IOVAFUZZ_MODEL_H */
