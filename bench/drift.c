// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drift (seed 002): steady churn of 64-bit allocations with a bounded
 * live set.  Sampled over time: the address span the live set covers,
 * and how many distinct 2 MiB and 1 GiB regions were ever handed out
 * (each needs a page-table page that stays once the IOVA is gone: the
 * footprint Robin Murphy warns grows without bound).
 *
 *   drift LIVE ITERS SAMPLES SEED
 */
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

#define PFN_2M_SHIFT	9	/* 4 KiB pages */
#define PFN_1G_SHIFT	18

static struct iova_domain iovad;

struct drift_regions {
	uint8_t *bits;
	unsigned long shift, count;
};

static void regions_init(struct drift_regions *r, unsigned long shift)
{
	r->bits = calloc(((M_LIMIT64 >> shift) >> 3) + 1, 1);
	if (!r->bits)
		m_die("out of memory");
	r->shift = shift;
	r->count = 0;
}

static void regions_touch(struct drift_regions *r, const struct iova *iova)
{
	unsigned long i;

	for (i = iova->pfn_lo >> r->shift; i <= iova->pfn_hi >> r->shift; i++) {
		if (r->bits[i >> 3] & (1u << (i & 7)))
			continue;
		r->bits[i >> 3] |= 1u << (i & 7);
		r->count++;
	}
}

static void live_bounds(const struct m_live *l, unsigned long *lo,
			unsigned long *hi)
{
	unsigned long i;

	*lo = ~0UL;
	*hi = 0;
	for (i = 0; i < l->nr; i++) {
		if (l->v[i]->pfn_lo < *lo)
			*lo = l->v[i]->pfn_lo;
		if (l->v[i]->pfn_hi > *hi)
			*hi = l->v[i]->pfn_hi;
	}
}

/* [iter, span of the live set, depth below the limit of its lowest
 * range, 2 MiB regions ever used, 1 GiB regions ever used] */
static void drift_sample(const struct m_live *l, unsigned long iter,
			 const struct drift_regions *r2m,
			 const struct drift_regions *r1g, bool first)
{
	unsigned long lo, hi;

	live_bounds(l, &lo, &hi);
	printf("%s[%lu, %lu, %lu, %lu, %lu]", first ? "" : ", ", iter,
	       l->nr ? hi - lo + 1 : 0, l->nr ? M_LIMIT64 - lo + 1 : 0,
	       r2m->count, r1g->count);
}

int m_drift(int argc, char **argv)
{
	unsigned long n, iters, samples, every, i, fails = 0;
	struct drift_regions r2m, r1g;
	struct m_live live;
	struct m_rng rng;

	if (argc != 5)
		m_die("usage: drift LIVE ITERS SAMPLES SEED");
	n = m_arg(argv[1], "LIVE");
	iters = m_arg(argv[2], "ITERS");
	samples = m_arg(argv[3], "SAMPLES");
	rng.s = m_arg(argv[4], "SEED");
	if (!n || !iters || !samples)
		m_die("LIVE, ITERS and SAMPLES must be positive");
	every = iters >= samples ? iters / samples : 1;
	regions_init(&r2m, PFN_2M_SHIFT);
	regions_init(&r1g, PFN_1G_SHIFT);
	m_domain_init(&iovad, 1);
	m_live_init(&live, n);
	m_live_fill(&live, &iovad, &rng, n, M_LIMIT64, 0);
	for (i = 0; i < live.nr; i++) {
		regions_touch(&r2m, live.v[i]);
		regions_touch(&r1g, live.v[i]);
	}
	printf("{\"live\": %lu, \"iters\": %lu, \"limit_pfn\": %lu, "
	       "\"columns\": [\"iter\", \"span_pages\", \"depth_pages\", "
	       "\"regions_2m\", \"regions_1g\"], \"samples\": [", n, iters,
	       M_LIMIT64);
	drift_sample(&live, 0, &r2m, &r1g, true);
	for (i = 1; i <= iters; i++) {
		unsigned long size = 1 + m_below(&rng, M_MAX_SIZE);
		struct iova *iova;

		m_live_free_one(&live, &iovad, &rng);
		iova = alloc_iova(&iovad, size, M_LIMIT64, true);
		if (!iova) {
			fails++;
			continue;
		}
		live.v[live.nr++] = iova;
		regions_touch(&r2m, iova);
		regions_touch(&r1g, iova);
		if (i % every == 0)
			drift_sample(&live, i, &r2m, &r1g, false);
	}
	printf("], \"failures\": %lu}\n", fails);
	m_domain_put(&iovad);
	free(live.v);
	free(r2m.bits);
	free(r1g.bits);
	return 0;
}
