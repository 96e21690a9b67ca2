// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory per live IOVA, exact, from the shim's slab accounting: objects
 * of every cache after N live ranges of random sizes (size-aligned, so
 * with alignment gaps between them) and 1024 random replacements, less
 * the same after domain set-up, divided by N.  Object bytes are the
 * sizes as created; slab bytes round each object up to its cache's
 * alignment, as SLUB lays them out (its metadata and partial slabs are
 * not counted).
 *
 *   memory N SEED
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "measure.h"

#define MEM_CACHES	16

static struct iova_domain iovad;

struct mem_cache {
	const char *name;
	unsigned int size, align;
	unsigned long base, live;
};

struct mem_snap {
	struct mem_cache c[MEM_CACHES];
	unsigned int nr;
	bool after;
};

static struct mem_cache *mem_slot(struct mem_snap *s, const char *name)
{
	unsigned int i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->c[i].name, name))
			return &s->c[i];
	if (s->nr == MEM_CACHES)
		m_die("more than %d slab caches", MEM_CACHES);
	s->c[s->nr].name = name;
	return &s->c[s->nr++];
}

static void mem_take(void *arg, const char *name, unsigned int size,
		     unsigned int align, unsigned long live)
{
	struct mem_snap *s = arg;
	struct mem_cache *c = mem_slot(s, name);

	c->size = size;
	c->align = align;
	if (s->after)
		c->live = live;
	else
		c->base = live;
}

static unsigned long mem_stride(const struct mem_cache *c)
{
	unsigned long a = c->align > 8 ? c->align : 8;

	return (c->size + a - 1) / a * a;
}

static void mem_print(const struct mem_snap *s, unsigned long n)
{
	unsigned long obj = 0, slab = 0;
	const char *sep = "";
	unsigned int i;

	printf("{\"live\": %lu, \"caches\": [", n);
	for (i = 0; i < s->nr; i++) {
		const struct mem_cache *c = &s->c[i];
		long d = (long)(c->live - c->base);

		if (!d)
			continue;
		printf("%s{\"name\": \"%s\", \"size\": %u, \"align\": %u, "
		       "\"objects\": %ld}", sep, c->name, c->size, c->align, d);
		obj += d * c->size;
		slab += d * mem_stride(c);
		sep = ", ";
	}
	printf("], \"object_bytes\": %lu, \"slab_bytes\": %lu, "
	       "\"object_bytes_per_iova\": %.2f, \"slab_bytes_per_iova\": %.2f}\n",
	       obj, slab, (double)obj / n, (double)slab / n);
}

int m_memory(int argc, char **argv)
{
	static struct mem_snap snap;
	unsigned long n, i, churn;
	struct m_live live;
	struct m_rng rng;

	if (argc != 3)
		m_die("usage: memory N SEED");
	n = m_arg(argv[1], "N");
	rng.s = m_arg(argv[2], "SEED");
	if (!n)
		m_die("N must be positive");
	m_domain_init(&iovad, 1);
	shim_for_each_cache(mem_take, &snap);
	m_live_init(&live, n);
	m_live_fill(&live, &iovad, &rng, n, M_LIMIT64, 0);
	churn = n < 1024 ? n : 1024;
	for (i = 0; i < churn; i++) {
		m_live_free_one(&live, &iovad, &rng);
		m_live_fill(&live, &iovad, &rng, n, M_LIMIT64, 0);
	}
	shim_rcu_barrier();
	snap.after = true;
	shim_for_each_cache(mem_take, &snap);
	mem_print(&snap, n);
	m_domain_put(&iovad);
	free(live.v);
	return 0;
}
