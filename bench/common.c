// SPDX-License-Identifier: GPL-2.0-only
/* What every measurement shares: clock, arguments, domain, live set. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <shim/shim.h>

#include "measure.h"

uint64_t m_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void m_die(const char *fmt, ...)
{
	va_list ap;

	fputs("iovafuzz-measure: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

unsigned long m_arg(const char *s, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || end == s || *end)
		m_die("bad %s: '%s'", what, s);
	return v;
}

void m_domain_init(struct iova_domain *iovad, unsigned long start_pfn)
{
	shim_reset(1);
	shim_set_printk(false);
	if (iova_cache_get())
		m_die("iova_cache_get failed");
	init_iova_domain(iovad, M_GRANULE, start_pfn);
	if (iova_domain_init_rcaches(iovad))
		m_die("iova_domain_init_rcaches failed");
}

void m_domain_put(struct iova_domain *iovad)
{
	put_iova_domain(iovad);
	iova_cache_put();
	shim_rcu_barrier();
}

/*
 * noinline: callgrind's --toggle-collect names this function, so that
 * only the allocator's own instructions are counted, not the clock's.
 */
noinline struct iova *m_counted_alloc(struct iova_domain *iovad,
				      unsigned long size, unsigned long limit)
{
	return alloc_iova(iovad, size, limit, true);
}

struct iova *m_timed_alloc(struct iova_domain *iovad, unsigned long size,
			   unsigned long limit, uint64_t *ns)
{
	uint64_t t0 = m_now_ns();
	struct iova *iova = m_counted_alloc(iovad, size, limit);

	*ns = m_now_ns() - t0;
	return iova;
}

void m_live_init(struct m_live *l, unsigned long cap)
{
	l->v = calloc(cap, sizeof(*l->v));
	if (!l->v)
		m_die("out of memory for %lu live ranges", cap);
	l->nr = 0;
	l->cap = cap;
}

void m_live_fill(struct m_live *l, struct iova_domain *iovad,
		 struct m_rng *r, unsigned long n, unsigned long limit,
		 unsigned long fixed)
{
	while (l->nr < n) {
		unsigned long size = m_size(r, fixed);
		struct iova *iova = alloc_iova(iovad, size, limit, true);

		if (!iova)
			m_die("space full at %lu live ranges", l->nr);
		l->v[l->nr++] = iova;
	}
}

void m_live_free_one(struct m_live *l, struct iova_domain *iovad,
		     struct m_rng *r)
{
	unsigned long i = m_below(r, l->nr);

	__free_iova(iovad, l->v[i]);
	l->v[i] = l->v[--l->nr];
}

int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}
