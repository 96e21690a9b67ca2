// SPDX-License-Identifier: GPL-2.0-only
/*
 * Depth sweep (seed 000, test 2): N live ranges kept fragmented by
 * replacing one at random each iteration; the cost of the alloc_iova()
 * that replaces it.
 *
 *   sweep N ITERS LIMIT_BITS SIZE SEED
 *
 * SIZE 0 draws each request's size from 1..M_MAX_SIZE pages; otherwise
 * every request is SIZE pages (all size-aligned, as dma-iommu asks).
 * LIMIT_BITS 64 is a 64-bit device (a 48-bit aperture), 32 a 32-bit one.
 * N warm-up replacements (at most 64) come first, untimed, so the
 * measured tree is a churned one, not the freshly packed fill (with one
 * size, the churn reaches its steady state at the first replacement).
 */
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

/*
 * Under callgrind (scripts/bench runs it with --instr-atstart=no) only
 * the measured loop is instrumented: the fill runs at near-native speed.
 * Natively these are a few no-op instructions.
 */
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define M_MARKS "true"
#else
#define CALLGRIND_START_INSTRUMENTATION do { } while (0)
#define CALLGRIND_STOP_INSTRUMENTATION do { } while (0)
#define M_MARKS "false"
#endif

static struct iova_domain iovad;

int m_sweep(int argc, char **argv)
{
	unsigned long n, iters, limit, i, warm, fixed, fails = 0;
	struct m_live live;
	struct m_rng rng;
	uint64_t *ns, sum = 0;

	if (argc != 6)
		m_die("usage: sweep N ITERS LIMIT_BITS SIZE SEED");
	n = m_arg(argv[1], "N");
	iters = m_arg(argv[2], "ITERS");
	limit = m_arg(argv[3], "LIMIT_BITS") == 32 ? M_LIMIT32 : M_LIMIT64;
	fixed = m_arg(argv[4], "SIZE");
	rng.s = m_arg(argv[5], "SEED");
	if (!n || !iters)
		m_die("N and ITERS must be positive");
	ns = calloc(iters, sizeof(*ns));
	if (!ns)
		m_die("out of memory");
	m_domain_init(&iovad, 1);
	m_live_init(&live, n);
	m_live_fill(&live, &iovad, &rng, n, limit, fixed);
	warm = n < 64 ? n : 64;
	for (i = 0; i < warm; i++) {
		m_live_free_one(&live, &iovad, &rng);
		m_live_fill(&live, &iovad, &rng, n, limit, fixed);
	}
	CALLGRIND_START_INSTRUMENTATION;
	for (i = 0; i < iters; i++) {
		unsigned long size = m_size(&rng, fixed);
		struct iova *iova;

		m_live_free_one(&live, &iovad, &rng);
		iova = m_timed_alloc(&iovad, size, limit, &ns[i]);
		sum += ns[i];
		if (!iova) {
			fails++;
			m_live_fill(&live, &iovad, &rng, n, limit, fixed);
			continue;
		}
		live.v[live.nr++] = iova;
	}
	CALLGRIND_STOP_INSTRUMENTATION;
	qsort(ns, iters, sizeof(*ns), cmp_u64);
	printf("{\"n\": %lu, \"limit_bits\": %s, \"size\": %lu, "
	       "\"iters\": %lu, "
	       "\"median_ns\": %llu, \"p99_ns\": %llu, \"mean_ns\": %.1f, "
	       "\"failures\": %lu, \"callgrind_marks\": " M_MARKS "}\n",
	       n, argv[3], fixed, iters,
	       (unsigned long long)ns[iters / 2],
	       (unsigned long long)ns[(iters * 99) / 100],
	       (double)sum / iters, fails);
	m_domain_put(&iovad);
	free(live.v);
	free(ns);
	return 0;
}
