// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fragmentation yield: the space [1, 2^BITS - 1] is filled with size-1
 * ranges and a random HOLES_PERMILLE of them freed; then ranges of SIZE
 * pages are allocated until the first failure.  Their count is set
 * beside how many the holes can hold, counted exactly from the free runs
 * (an aligned range needs a start that is a multiple of
 * roundup_pow_of_two(SIZE) within a run).  A design that searches for
 * size + align - 1 pages loses aligned fits that an exact search keeps.
 *
 *   yield BITS HOLES_PERMILLE SIZE ALIGNED SEED
 */
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

static struct iova_domain iovad;

/* Fits of @size (aligned to @align) in the free run [lo, hi]. */
static unsigned long run_fits(unsigned long lo, unsigned long hi,
			      unsigned long size, unsigned long align)
{
	unsigned long first, last;

	if (hi - lo + 1 < size)
		return 0;
	if (align == 1)
		return (hi - lo + 1) / size;
	first = (lo + align - 1) & ~(align - 1);
	last = hi - size + 1;
	return first > last ? 0 : (last - first) / align + 1;
}

/* @used[pfn - 1] says whether pfn is live. */
static unsigned long possible(const uint8_t *used, unsigned long pages,
			      unsigned long size, unsigned long align)
{
	unsigned long pfn, lo = 0, n = 0;

	for (pfn = 1; pfn <= pages + 1; pfn++) {
		bool busy = pfn > pages || used[pfn - 1];

		if (busy && lo) {
			n += run_fits(lo, pfn - 1, size, align);
			lo = 0;
		} else if (!busy && !lo) {
			lo = pfn;
		}
	}
	return n;
}

int m_yield(int argc, char **argv)
{
	unsigned long bits, pages, permille, size, align = 1, holes, i, got;
	struct iova **v, *iova;
	struct m_rng rng;
	uint8_t *used;
	bool aligned;

	if (argc != 6)
		m_die("usage: yield BITS HOLES_PERMILLE SIZE ALIGNED SEED");
	bits = m_arg(argv[1], "BITS");
	permille = m_arg(argv[2], "HOLES_PERMILLE");
	size = m_arg(argv[3], "SIZE");
	aligned = m_arg(argv[4], "ALIGNED");
	rng.s = m_arg(argv[5], "SEED");
	if (bits < 4 || bits > 20 || permille > 1000 || !size)
		m_die("want 4 <= BITS <= 20, HOLES_PERMILLE <= 1000, SIZE > 0");
	pages = (1UL << bits) - 1;
	while (aligned && align < size)
		align <<= 1;
	v = calloc(pages, sizeof(*v));
	used = calloc(pages, 1);
	if (!v || !used)
		m_die("out of memory");
	m_domain_init(&iovad, 1);
	for (i = 0; i < pages; i++) {
		v[i] = alloc_iova(&iovad, 1, pages, false);
		if (!v[i])
			m_die("fill failed after %lu of %lu pages", i, pages);
		used[v[i]->pfn_lo - 1] = 1;
	}
	/* A random subset of the pages: partial Fisher-Yates. */
	holes = pages * permille / 1000;
	for (i = 0; i < holes; i++) {
		unsigned long k = i + m_below(&rng, pages - i);

		iova = v[k];
		v[k] = v[i];
		used[iova->pfn_lo - 1] = 0;
		__free_iova(&iovad, iova);
	}
	/* The domain owns what this allocates: put_iova_domain() frees it. */
	for (got = 0; (iova = alloc_iova(&iovad, size, pages, aligned)); got++)
		;
	printf("{\"pages\": %lu, \"holes_permille\": %lu, \"size\": %lu, "
	       "\"aligned\": %s, \"got\": %lu, \"possible\": %lu}\n", pages,
	       permille, size, aligned ? "true" : "false", got,
	       possible(used, pages, size, align));
	m_domain_put(&iovad);
	free(v);
	free(used);
	return 0;
}
