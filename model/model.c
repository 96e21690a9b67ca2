// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reference interval model of one IOVA domain.  See model.h.
 *
 * Every pfn is an unsigned long and ranges are inclusive, so a range may
 * legitimately end at ULONG_MAX.  Wherever "hi + 1" or "hi - lo + 1" appears
 * below, a comment says why it cannot wrap.
 */
#define _GNU_SOURCE	/* memrchr() */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define MODEL_MIN_CAP 16U
#define MODEL_BITS_PER_LONG (sizeof(unsigned long) * CHAR_BIT)

static void model_die(const char *what)
{
	/* Harness-internal invariant broken: nothing sensible to recover. */
	fprintf(stderr, "iovafuzz model: %s\n", what);
	abort();
}

/* Pages in [lo, hi]; wraps to 0 only for the whole space [0, ULONG_MAX]. */
static unsigned long span_pages(unsigned long lo, unsigned long hi)
{
	return hi - lo + 1;
}

void model_init(struct model *m, unsigned long start_pfn)
{
	m->start_pfn = start_pfn;
	m->r = NULL;
	m->cls = NULL;
	m->counted_flags = 0;
	m->nr = 0;
	m->cap = 0;
}

void model_destroy(struct model *m)
{
	free(m->r);
	free(m->cls);
	m->r = NULL;
	m->cls = NULL;
	m->nr = 0;
	m->cap = 0;
}

void model_reset(struct model *m, unsigned long start_pfn)
{
	m->start_pfn = start_pfn;
	m->nr = 0;
}

/*
 * Number of ranges whose lo is <= pfn, i.e. the index of the first range
 * starting above pfn.  The range containing pfn, if any, is the one just
 * before that index.
 */
static unsigned int upper_bound(const struct model *m, unsigned long pfn)
{
	unsigned int lo = 0, hi = m->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (model_at(m, mid)->lo <= pfn)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MODEL_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define MODEL_ASAN 1
#endif

/*
 * Move @n ranges from @src to @dst (they may overlap).  Under ASan,
 * memmove() is the sanitizer's byte loop, which made the model's moves a
 * quarter of a fuzz run: move whole words instead, unchecked (the array
 * is ours, sized by model_grow()).  Elsewhere, memmove().
 */
#ifdef MODEL_ASAN
__attribute__((no_sanitize("address"), no_builtin("memmove")))
static void move_ranges(struct model_range *dst, const struct model_range *src,
			size_t n)
{
	unsigned long *d = (unsigned long *)dst;
	const unsigned long *s = (const unsigned long *)src;
	size_t i, w = n * sizeof(*dst) / sizeof(*d);

	_Static_assert(sizeof(*dst) % sizeof(*d) == 0, "ranges are words");
	if (d < s)
		for (i = 0; i < w; i++)
			d[i] = s[i];
	else
		for (i = w; i-- > 0;)
			d[i] = s[i];
}
#else
static void move_ranges(struct model_range *dst, const struct model_range *src,
			size_t n)
{
	memmove(dst, src, n * sizeof(*dst));
}
#endif

static void model_grow(struct model *m)
{
	unsigned int cap = m->cap ? m->cap : MODEL_MIN_CAP / 2;
	struct model_range *r;
	unsigned char *cls;

	/* Indices are returned as int, so never hold more than INT_MAX. */
	if (cap > INT_MAX / 2)
		model_die("too many ranges");
	cap *= 2;
	r = realloc(m->r, (size_t)cap * sizeof(*r));
	if (!r)
		model_die("out of memory growing range array");
	m->r = r;
	cls = realloc(m->cls, cap);
	if (!cls)
		model_die("out of memory growing range array");
	m->cls = cls;
	m->cap = cap;
}

int model_insert(struct model *m, unsigned long lo, unsigned long hi,
		 enum model_state st, unsigned long req_size, unsigned long tag)
{
	struct model_range *r;
	unsigned int pos;

	if (lo > hi)
		return -1;
	/*
	 * Sorted and disjoint, so only the immediate neighbours of the
	 * insertion point can overlap the new range.
	 */
	pos = upper_bound(m, lo);
	if (pos > 0 && model_at(m, pos - 1)->hi >= lo)
		return -1;
	if (pos < m->nr && model_at(m, pos)->lo <= hi)
		return -1;

	if (m->nr == m->cap)
		model_grow(m);
	/* Stored highest first: only the pos ranges below the new one move
	 * (none, for a top-down allocator's newest range). */
	move_ranges(m->r + m->nr - pos + 1, m->r + m->nr - pos, pos);
	memmove(m->cls + m->nr - pos + 1, m->cls + m->nr - pos, pos);
	m->nr++;

	r = model_at(m, pos);
	r->lo = lo;
	r->hi = hi;
	r->state = st;
	r->req_size = req_size;
	r->cpu = 0;
	r->tag = tag;
	r->handle = NULL;
	r->flags = 0;
	model_recount(m, r);
	return (int)pos;
}

int model_find(const struct model *m, unsigned long pfn)
{
	unsigned int pos = upper_bound(m, pfn);

	if (pos > 0 && model_at(m, pos - 1)->hi >= pfn)
		return (int)(pos - 1);
	return -1;
}

int model_find_overlap(const struct model *m, unsigned long lo,
		       unsigned long hi)
{
	unsigned int pos;

	if (lo > hi)
		return -1;
	/* A range starting at or below lo intersects iff it reaches lo. */
	pos = upper_bound(m, lo);
	if (pos > 0 && model_at(m, pos - 1)->hi >= lo)
		return (int)(pos - 1);
	/* Otherwise the first range starting above lo is the only candidate. */
	if (pos < m->nr && model_at(m, pos)->lo <= hi)
		return (int)pos;
	return -1;
}

void model_remove(struct model *m, unsigned int idx)
{
	if (idx >= m->nr)
		model_die("model_remove: index out of range");
	move_ranges(model_at(m, idx), model_at(m, idx) + 1, idx);
	memmove(m->cls + m->nr - 1 - idx, m->cls + m->nr - idx, idx);
	m->nr--;
}

#define CLS_COUNTED 4	/* above the state's two bits */

static unsigned char class_of(const struct model *m,
			      const struct model_range *r)
{
	unsigned int want = m->counted_flags;

	return (unsigned char)(r->state |
			       (want && (r->flags & want) == want ?
				CLS_COUNTED : 0));
}

void model_recount(struct model *m, const struct model_range *r)
{
	m->cls[r - m->r] = class_of(m, r);
}

int model_next_in_state(const struct model *m, unsigned int from, int state,
			unsigned int flags)
{
	unsigned int i;

	if (from >= m->nr)
		return -1;
	if (state < 0 && !flags)
		return (int)from;
	if (state >= 0 && (!flags || flags == m->counted_flags)) {
		/*
		 * Index i is byte nr - 1 - i (the lowest range is last): the
		 * first index >= from is the last such byte below nr - from.
		 * Without @flags, a range with or without them will do.
		 */
		const unsigned char *p = memrchr(m->cls, state | CLS_COUNTED,
						 m->nr - from);

		if (!flags) {
			const unsigned char *q = memrchr(m->cls, state,
							 m->nr - from);

			if (!p || (q && q > p))
				p = q;
		}
		return p ? (int)(m->nr - 1 - (unsigned int)(p - m->cls)) : -1;
	}
	for (i = from; i < m->nr; i++) {
		const struct model_range *r = model_at(m, i);

		if ((state < 0 || r->state == (enum model_state)state) &&
		    (r->flags & flags) == flags)
			return (int)i;
	}
	return -1;
}

bool model_classes_ok(const struct model *m)
{
	unsigned int i;

	for (i = 0; i < m->nr; i++)
		if (m->cls[i] != class_of(m, &m->r[i]))
			return false;
	return true;
}

unsigned long model_count(const struct model *m, enum model_state st)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < m->nr; i++)
		if (model_at(m, i)->state == st)
			n++;
	return n;
}

unsigned long model_pages(const struct model *m, enum model_state st)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < m->nr; i++)
		if (model_at(m, i)->state == st)
			n += span_pages(model_at(m, i)->lo, model_at(m, i)->hi);
	return n;
}

/*
 * Top-down walk over the free gaps of the window [start_pfn, limit].
 *
 * Invariants while !done:
 *   - start_pfn <= top <= limit;
 *   - every range at index >= idx lies entirely above top;
 *   - the range at idx - 1 (if any) has lo <= top.
 */
struct gap_iter {
	const struct model *m;
	unsigned int idx;
	unsigned long top;
	bool done;
};

static void gap_iter_init(struct gap_iter *it, const struct model *m,
			  unsigned long limit)
{
	it->m = m;
	it->idx = upper_bound(m, limit);	/* drop ranges above limit */
	it->top = limit;
	it->done = limit < m->start_pfn;
}

/* Yields the next lower non-empty gap [*glo, *ghi]; false when exhausted. */
static bool gap_iter_next(struct gap_iter *it, unsigned long *glo,
			  unsigned long *ghi)
{
	unsigned long start = it->m->start_pfn;

	while (!it->done) {
		unsigned long top = it->top;
		const struct model_range *r;

		if (it->idx == 0) {
			/* No ranges left: everything down to start is free. */
			it->done = true;
			*glo = start;
			*ghi = top;
			return true;
		}
		r = model_at(it->m, --it->idx);

		/*
		 * The next gap must end below r.  r->lo > start >= 0 makes
		 * r->lo - 1 safe and keeps top >= start.
		 */
		if (r->lo > start)
			it->top = r->lo - 1;
		else
			it->done = true;

		if (r->hi >= top)
			continue;	/* r reaches top: no gap above it */
		/* r->hi < top <= ULONG_MAX, so r->hi + 1 cannot wrap. */
		*glo = r->hi + 1 > start ? r->hi + 1 : start;
		*ghi = top;
		return true;
	}
	return false;
}

/* Highest aligned lo with [lo, lo + size - 1] inside [glo, ghi]. */
static bool gap_highest_fit(unsigned long glo, unsigned long ghi,
			    unsigned long size, unsigned int align_shift,
			    unsigned long *lo_out)
{
	unsigned long mask, lo;

	/*
	 * Compare "ghi - glo" (pages minus one) with "size - 1" rather than
	 * page counts, which would wrap for the gap [0, ULONG_MAX].  Both
	 * subtractions are safe: ghi >= glo and size >= 1.
	 */
	if (ghi - glo < size - 1)
		return false;
	/* ghi >= glo + size - 1 >= size - 1, so this cannot underflow. */
	lo = ghi - (size - 1);

	/* Shifting by >= the word width is undefined; only pfn 0 aligns. */
	if (align_shift >= MODEL_BITS_PER_LONG)
		mask = ~0UL;
	else
		mask = (1UL << align_shift) - 1;
	lo &= ~mask;	/* rounding down keeps lo + size - 1 <= ghi */
	if (lo < glo)
		return false;
	*lo_out = lo;
	return true;
}

bool model_highest_fit(const struct model *m, unsigned long size,
		       unsigned long limit_pfn, unsigned int align_shift,
		       unsigned long *lo_out)
{
	struct gap_iter it;
	unsigned long glo, ghi;

	if (size == 0)
		return false;	/* not a meaningful request */
	/*
	 * Gaps come out highest first, and any lo in a higher gap beats
	 * every lo in a lower one, so the first gap that fits wins.
	 */
	gap_iter_init(&it, m, limit_pfn);
	while (gap_iter_next(&it, &glo, &ghi))
		if (gap_highest_fit(glo, ghi, size, align_shift, lo_out))
			return true;
	return false;
}

bool model_fits_any(const struct model *m, unsigned long size,
		    unsigned long limit_pfn, unsigned int align_shift)
{
	unsigned long lo;

	return model_highest_fit(m, size, limit_pfn, align_shift, &lo);
}

unsigned long model_largest_gap(const struct model *m,
				unsigned long limit_pfn)
{
	struct gap_iter it;
	unsigned long glo, ghi, best = 0;

	gap_iter_init(&it, m, limit_pfn);
	while (gap_iter_next(&it, &glo, &ghi)) {
		/* Saturate: the gap [0, ULONG_MAX] has ULONG_MAX + 1 pages. */
		unsigned long n = ghi - glo == ULONG_MAX ?
				  ULONG_MAX : span_pages(glo, ghi);

		if (n > best)
			best = n;
	}
	return best;
}

const char *model_state_name(enum model_state st)
{
	switch (st) {
	case MS_LIVE:
		return "live";
	case MS_RESERVED:
		return "reserved";
	case MS_CACHED:
		return "cached";
	case MS_DEFERRED:
		return "deferred";
	}
	return "?";
}

static void dump_range(FILE *f, const struct model_range *r)
{
	unsigned long pages = span_pages(r->lo, r->hi);

	fprintf(f, "  [0x%04lx-0x%04lx] %-6s size=%lu", r->lo, r->hi,
		model_state_name(r->state), pages);
	/* Only worth showing when the allocator rounded the request up. */
	if (r->req_size && r->req_size != pages)
		fprintf(f, " req=%lu", r->req_size);
	if (r->state == MS_CACHED)
		fprintf(f, " cpu=%u", r->cpu);
	fprintf(f, " tag=%lu\n", r->tag);
}

/*
 * Ranges intersecting [lo, hi] are printed whole; free gaps are clipped to
 * [max(lo, start_pfn), hi] because pfns below start_pfn are never
 * allocatable and calling them free would mislead.
 */
void model_dump(const struct model *m, FILE *f, unsigned long lo,
		unsigned long hi)
{
	unsigned long cursor = lo > m->start_pfn ? lo : m->start_pfn;
	bool more = true;	/* false once cursor would pass hi */
	int i;

	if (lo > hi)
		return;
	i = model_find_overlap(m, lo, hi);
	for (; i >= 0 && (unsigned int)i < m->nr && model_at(m, i)->lo <= hi; i++) {
		const struct model_range *r = model_at(m, i);

		/* r->lo > cursor >= 0 makes r->lo - 1 safe. */
		if (cursor < r->lo)
			fprintf(f, "  [0x%04lx-0x%04lx] free\n", cursor,
				r->lo - 1);
		dump_range(f, r);
		if (r->hi >= hi) {
			more = false;
			break;
		}
		/* r->hi < hi, so r->hi + 1 cannot wrap. */
		if (r->hi + 1 > cursor)
			cursor = r->hi + 1;
	}
	if (more && cursor <= hi)
		fprintf(f, "  [0x%04lx-0x%04lx] free\n", cursor, hi);
}
