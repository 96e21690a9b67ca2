/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * iovafuzz-measure: the seeds' measurements on one tree's allocator, built
 * at -O2 without sanitizers.  Each measurement prints one JSON object on
 * stdout; scripts/bench runs two trees side by side and draws the figures.
 * Everything but the clock is deterministic: same arguments, same ranges.
 */
#ifndef _IOVAFUZZ_MEASURE_H
#define _IOVAFUZZ_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

#include <linux/iova.h>

#define M_GRANULE	4096UL
/* A 64-bit device behind a 48-bit IOMMU aperture, 4 KiB pages. */
#define M_LIMIT64	((1UL << 36) - 1)
/* A 32-bit device: everything below 4 GiB. */
#define M_LIMIT32	((1UL << 20) - 1)
/* Request sizes of the churning workloads: 1..M_MAX_SIZE pages. */
#define M_MAX_SIZE	64

struct m_rng {
	uint64_t s;
};

static inline uint64_t m_next(struct m_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static inline unsigned long m_below(struct m_rng *r, unsigned long n)
{
	return m_next(r) % n;
}

uint64_t m_now_ns(void);
void m_die(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
unsigned long m_arg(const char *s, const char *what);

/* A domain as dma-iommu sets one up: 4 KiB granule, range caches on. */
void m_domain_init(struct iova_domain *iovad, unsigned long start_pfn);
/* Every live range back, as a driver tearing its domain down. */
void m_domain_put(struct iova_domain *iovad);
/* alloc_iova(size_aligned): the call callgrind counts, and the clock
 * times around it; nothing else is counted or timed. */
struct iova *m_counted_alloc(struct iova_domain *iovad, unsigned long size,
			     unsigned long limit);
struct iova *m_timed_alloc(struct iova_domain *iovad, unsigned long size,
			   unsigned long limit, uint64_t *ns);

/* A set of live ranges, replaced at random. */
struct m_live {
	struct iova **v;
	unsigned long nr, cap;
};

void m_live_init(struct m_live *l, unsigned long cap);
/* @fixed pages, or with @fixed 0 a random size of 1..M_MAX_SIZE. */
static inline unsigned long m_size(struct m_rng *r, unsigned long fixed)
{
	return fixed ? fixed : 1 + m_below(r, M_MAX_SIZE);
}

/* Allocates size-aligned ranges (m_size()) until @n are live. */
void m_live_fill(struct m_live *l, struct iova_domain *iovad,
		 struct m_rng *r, unsigned long n, unsigned long limit,
		 unsigned long fixed);
/* Frees one live range picked at random. */
void m_live_free_one(struct m_live *l, struct iova_domain *iovad,
		     struct m_rng *r);

int cmp_u64(const void *a, const void *b);

int m_sweep(int argc, char **argv);
int m_fullspace(int argc, char **argv);
int m_memory(int argc, char **argv);
int m_drift(int argc, char **argv);
int m_yield(int argc, char **argv);

#endif
