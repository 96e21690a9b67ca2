// SPDX-License-Identifier: GPL-2.0-only
/*
 * Full-space search (seed 003): fill the space below the limit 2^BITS
 * (the seed's test: BITS 20, a 32-bit device), pfns [1, 2^BITS - 1],
 * with size-1 ranges, then LOOPS times: free a random one,
 * allocate (succeeds: the hole), allocate again (fails: nothing is left).
 * Every alloc_iova() of the run, fill included, goes into a log2 latency
 * histogram, as the seed's funclatency trace counted them.
 *
 *   fullspace BITS LOOPS SEED
 */
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

#define FS_BUCKETS	40

static struct iova_domain iovad;

struct fs_stats {
	unsigned long hist[FS_BUCKETS];
	unsigned long count;
	uint64_t total;
};

static void fs_add(struct fs_stats *st, uint64_t ns)
{
	unsigned int b = 0;

	while (b + 1 < FS_BUCKETS && (ns >> (b + 1)))
		b++;
	st->hist[ns ? b : 0]++;
	st->count++;
	st->total += ns;
}

static void fs_print(const struct fs_stats *all, const struct fs_stats *ok,
		     const struct fs_stats *fail, unsigned long pages,
		     unsigned long loops, unsigned long bad)
{
	unsigned int b;
	const char *sep = "";

	printf("{\"pages\": %lu, \"loops\": %lu, \"count\": %lu, "
	       "\"total_ns\": %llu, \"avg_ns\": %.1f, "
	       "\"loop_ok_avg_ns\": %.1f, \"loop_fail_avg_ns\": %.1f, "
	       "\"unexpected\": %lu, \"hist\": [", pages, loops,
	       all->count, (unsigned long long)all->total,
	       (double)all->total / all->count,
	       ok->count ? (double)ok->total / ok->count : 0.0,
	       fail->count ? (double)fail->total / fail->count : 0.0, bad);
	for (b = 0; b < FS_BUCKETS; b++) {
		if (!all->hist[b])
			continue;
		printf("%s[%llu, %llu, %lu]", sep, b ? 1ULL << b : 0ULL,
		       (2ULL << b) - 1, all->hist[b]);
		sep = ", ";
	}
	printf("]}\n");
}

int m_fullspace(int argc, char **argv)
{
	static struct fs_stats all, ok, fail;
	unsigned long pages, loops, i, bad = 0;
	struct iova **v, *iova;
	struct m_rng rng;
	uint64_t ns;

	if (argc != 4)
		m_die("usage: fullspace BITS LOOPS SEED");
	pages = 1UL << m_arg(argv[1], "BITS");
	loops = m_arg(argv[2], "LOOPS");
	rng.s = m_arg(argv[3], "SEED");
	if (pages < 16 || pages > (1UL << 24))
		m_die("want 4 <= BITS <= 24");
	v = calloc(pages, sizeof(*v));
	if (!v)
		m_die("out of memory");
	m_domain_init(&iovad, 1);
	/* pfn 0 is never allocated (start_pfn 1, as dma-iommu's). */
	pages--;
	for (i = 0; i < pages; i++) {
		v[i] = m_timed_alloc(&iovad, 1, pages, &ns);
		fs_add(&all, ns);
		if (!v[i])
			m_die("fill failed after %lu of %lu pages", i, pages);
	}
	for (i = 0; i < loops; i++) {
		unsigned long k = m_below(&rng, pages);

		__free_iova(&iovad, v[k]);
		v[k] = m_timed_alloc(&iovad, 1, pages, &ns);
		fs_add(&all, ns);
		fs_add(&ok, ns);
		iova = m_timed_alloc(&iovad, 1, pages, &ns);
		fs_add(&all, ns);
		fs_add(&fail, ns);
		bad += !v[k] + !!iova;
		if (!v[k])
			m_die("allocation into a freed hole failed");
		if (iova)
			__free_iova(&iovad, iova);
	}
	fs_print(&all, &ok, &fail, pages, loops, bad);
	m_domain_put(&iovad);
	free(v);
	return 0;
}
