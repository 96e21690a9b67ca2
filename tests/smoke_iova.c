// SPDX-License-Identifier: GPL-2.0-only
/*
 * API smoke test of the tree's iova.c: every public entry point once, with
 * the results checked by hand-derived expectations, under ASan+UBSan, and
 * the shim's object count back to zero at the end.
 */
#include <linux/cpumask.h>
#include <linux/iova.h>
#include <shim/shim.h>

#include "check.h"
#include "glue.h"

#define DMA32_LIMIT	((1UL << 20) - 1)	/* 4K granule: 4 GiB */
#define NR_TEST_CPUS	4

static struct iova_domain iovad;

/* The domain's state the kernel promises: a valid index, no WARN. */
static bool domain_sound(void)
{
	const char *why = glue_check_structure(&iovad);

	if (!why)
		why = glue_self_check(&iovad);
	if (why)
		printf("  structure: %s\n", why);
	if (shim_nr_findings())
		printf("  finding: %s at %s:%d\n", shim_first_finding()->kind,
		       shim_first_finding()->file, shim_first_finding()->line);
	return !why && !shim_nr_findings();
}

/* A test of internals no walker of this design can see. */
static bool skip(const char *why)
{
	printf("  skipped: %s\n", why);
	return true;
}

static bool test_cache_get(void)
{
	CHECK_EQ(iova_cache_get(), 0);
	CHECK_EQ(iova_cache_get(), 0);		/* refcounted */
	iova_cache_put();
	init_iova_domain(&iovad, 4096, 1);
	CHECK(domain_sound());
	return true;
}

static bool test_alloc_unaligned(void)
{
	struct iova *a = alloc_iova(&iovad, 3, DMA32_LIMIT, false);

	CHECK(a);
	/* Top-down: the first range ends at the limit. */
	CHECK_EQ(a->pfn_hi, DMA32_LIMIT);
	CHECK_EQ(a->pfn_lo, DMA32_LIMIT - 2);
	CHECK(find_iova(&iovad, DMA32_LIMIT - 1) == a);
	CHECK(domain_sound());
	return true;
}

static bool test_alloc_aligned(void)
{
	struct iova *a = alloc_iova(&iovad, 5, DMA32_LIMIT, true);

	CHECK(a);
	CHECK_EQ(a->pfn_hi - a->pfn_lo + 1, 5);
	CHECK_EQ(a->pfn_lo % 8, 0);		/* roundup_pow_of_two(5) */
	CHECK(a->pfn_hi < DMA32_LIMIT - 2);
	CHECK(domain_sound());
	return true;
}

static bool test_alloc_limits(void)
{
	unsigned long limits[] = { 0xff, DMA32_LIMIT, (1UL << 28) - 1,
				   (1UL << 44) - 1 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(limits); i++) {
		struct iova *a = alloc_iova(&iovad, 16, limits[i], true);

		CHECK(a);
		CHECK(a->pfn_hi <= limits[i]);
		CHECK(a->pfn_lo >= iovad.start_pfn);
		CHECK_EQ(a->pfn_lo % 16, 0);
	}
	CHECK(domain_sound());
	return true;
}

/* After a 32-bit allocation fails, equal or larger 32-bit requests fail
 * at once (max32_alloc_size) until a range below 4 GiB is freed. */
static bool test_max32_hint(void)
{
	struct iova *a;

	CHECK(!alloc_iova(&iovad, 0x100, 0xff, false));	/* no fit */
	CHECK(!alloc_iova(&iovad, 0x100, DMA32_LIMIT, false));	/* hint */
	a = alloc_iova(&iovad, 0xff, DMA32_LIMIT, false);	/* smaller */
	CHECK(a);
	__free_iova(&iovad, a);				/* clears it */
	a = alloc_iova(&iovad, 0x100, DMA32_LIMIT, false);
	CHECK(a);
	__free_iova(&iovad, a);
	CHECK(domain_sound());
	return true;
}

/* Misses inside the window: below start_pfn the allocator may keep
 * entries of its own (a reservation of [0, start_pfn) at init). */
static bool test_find_miss(void)
{
	CHECK(!find_iova(&iovad, iovad.start_pfn));
	CHECK(!find_iova(&iovad, DMA32_LIMIT + 1));
	return true;
}

static bool test_reserve(void)
{
	struct iova *r = reserve_iova(&iovad, 0x1000, 0x1fff);
	struct iova *a;

	CHECK(r);
	CHECK_EQ(r->pfn_lo, 0x1000);
	CHECK_EQ(r->pfn_hi, 0x1fff);
	/* An allocation squeezed below 0x2000 must go under the hole. */
	a = alloc_iova(&iovad, 0x800, 0x1fff, false);
	CHECK(a);
	CHECK(a->pfn_hi < 0x1000);
	__free_iova(&iovad, a);
	CHECK(domain_sound());
	return true;
}

static bool test_free(void)
{
	struct iova *a = alloc_iova(&iovad, 7, DMA32_LIMIT, false);
	unsigned long lo;

	CHECK(a);
	lo = a->pfn_lo;
	free_iova(&iovad, lo + 3);		/* any pfn inside */
	CHECK(!find_iova(&iovad, lo));
	free_iova(&iovad, lo);			/* unknown pfn: no effect */
	a = alloc_iova(&iovad, 7, DMA32_LIMIT, false);
	CHECK(a);
	CHECK_EQ(a->pfn_lo, lo);		/* the hole is reused */
	__free_iova(&iovad, a);
	CHECK(!find_iova(&iovad, lo));
	CHECK(domain_sound());
	return true;
}

struct walk_list {
	unsigned long lo[16];
	unsigned int n;
};

static void collect(void *arg, unsigned long lo, unsigned long hi,
		    bool marker)
{
	struct walk_list *w = arg;

	if (w->n < 16)
		w->lo[w->n] = lo;
	w->n++;
}

/*
 * The structure check with the walk in its pass (glue_check_walk()) hands
 * over what glue_walk() does on a sound index, and it can fail: a struct
 * iova whose range is not where the index keeps it is a defect.
 */
static bool test_check_walk(void)
{
	struct walk_list w1 = { 0 }, w2 = { 0 }, w3 = { 0 };
	struct iova *a, *b;
	unsigned long lo;
	unsigned int i;

	if (!glue_caps.tree)
		return skip("no tree walker");
	a = alloc_iova(&iovad, 4, DMA32_LIMIT, false);
	b = alloc_iova(&iovad, 4, DMA32_LIMIT, false);
	CHECK(a && b);
	glue_walk(&iovad, collect, &w1);
	CHECK(!glue_check_walk(&iovad, collect, &w2));
	CHECK(w1.n >= 2);
	CHECK_EQ(w1.n, w2.n);
	for (i = 0; i < w1.n && i < 16; i++)
		CHECK_EQ(w1.lo[i], w2.lo[i]);
	lo = b->pfn_lo;
	b->pfn_lo = b->pfn_hi + 1;	/* a range no index can hold */
	CHECK(glue_check_walk(&iovad, collect, &w3));
	CHECK(glue_check_structure(&iovad));
	b->pfn_lo = lo;
	__free_iova(&iovad, a);
	__free_iova(&iovad, b);
	CHECK(domain_sound());
	return true;
}

/*
 * The maple tree's own self-check (mt_validate(), glue_self_check())
 * fails on a tree the walk reads without complaint: a range with free
 * space on both sides, its slot emptied in place, leaves three empty
 * slots in a row.
 */
static bool test_self_check(void)
{
	struct iova *c;
	void **slot;
	bool failed;

	if (!glue_caps.markers)
		return skip("no maple tree walker");
	c = alloc_iova(&iovad, 1, DMA32_LIMIT / 2, false);
	CHECK(c && !find_iova(&iovad, c->pfn_lo - 1) &&
	      !find_iova(&iovad, c->pfn_hi + 1));
	CHECK(!glue_self_check(&iovad));
	slot = glue_entry_slot(&iovad, c->pfn_lo);
	CHECK(slot && *slot == c);
	*slot = NULL;
	CHECK(!glue_check_structure(&iovad));
	shim_set_printk(false);	/* its dump prints addresses: not repeatable */
	failed = glue_self_check(&iovad);
	shim_set_printk(true);
	*slot = c;
	shim_clear_findings();	/* mt_validate()'s dump_stack() */
	CHECK(failed);
	CHECK(!glue_self_check(&iovad));
	__free_iova(&iovad, c);
	CHECK(domain_sound());
	return true;
}

struct cached_count {
	unsigned int per_cpu[NR_TEST_CPUS];
	unsigned int depot;
};

static void count_cached(void *arg, unsigned int order, int cpu,
			 unsigned long pfn)
{
	struct cached_count *c = arg;

	if (cpu < 0)
		c->depot++;
	else
		c->per_cpu[cpu]++;
}

static struct cached_count cached(void)
{
	struct cached_count c = { 0 };

	glue_walk_rcaches(&iovad, count_cached, &c);
	return c;
}

static bool test_fast_path(void)
{
	unsigned long pfn[NR_TEST_CPUS];
	unsigned int cpu;

	if (!glue_caps.rcaches)
		return skip("no magazine walker for this design");
	CHECK_EQ(iova_domain_init_rcaches(&iovad), 0);
	for (cpu = 0; cpu < NR_TEST_CPUS; cpu++) {
		shim_set_cpu(cpu);
		/* 3 pages round up to 4 on the fast path. */
		pfn[cpu] = alloc_iova_fast(&iovad, 3, DMA32_LIMIT, true);
		CHECK(pfn[cpu]);
		CHECK_EQ(pfn[cpu] % 4, 0);
		CHECK_EQ(iova_size(find_iova(&iovad, pfn[cpu])), 4);
		free_iova_fast(&iovad, pfn[cpu], 3);
		/* Freed into this CPU's cache: still in the tree. */
		CHECK(find_iova(&iovad, pfn[cpu]));
		CHECK_EQ(cached().per_cpu[cpu], 1);
	}
	/* A CPU reuses what it cached. */
	shim_set_cpu(2);
	CHECK_EQ(alloc_iova_fast(&iovad, 4, DMA32_LIMIT, true), pfn[2]);
	free_iova_fast(&iovad, pfn[2], 4);
	CHECK(domain_sound());
	return true;
}

static bool test_cpu_offline(void)
{
	if (!glue_caps.rcaches)
		return skip("no magazine walker for this design");

	CHECK_EQ(cached().per_cpu[1], 1);
	CHECK(shim_cpu_offline(1));
	/* Its cached range went back to the tree's free space. */
	CHECK_EQ(cached().per_cpu[1], 0);
	CHECK_EQ(cached().per_cpu[0], 1);
	CHECK(!shim_cpu_offline(1));
	CHECK(domain_sound());
	return true;
}

/* Fill the depot past num_online_cpus() magazines of one order; where the
 * tree trims the depot with delayed work (6.7+), running it trims. */
static bool test_depot_work(void)
{
	enum { N = 127 * 6 };
	static unsigned long pfns[N];
	struct glue_domain_info info;
	unsigned int i;

	if (!glue_caps.rcaches)
		return skip("no magazine walker for this design");
	shim_set_cpu(0);
	for (i = 0; i < N; i++) {
		pfns[i] = alloc_iova_fast(&iovad, 1, DMA32_LIMIT, true);
		CHECK(pfns[i]);
	}
	for (i = 0; i < N; i++)
		free_iova_fast(&iovad, pfns[i], 1);
	glue_domain_info(&iovad, &info);
	CHECK(info.depot_magazines >= 3);
	CHECK(domain_sound());
	if (!shim_pending_work())
		return true;			/* 6.1: no depot trimming */
	/* Each run may trim one magazine before it re-queues itself. */
	CHECK(shim_flush_all_work(N + 1));
	glue_domain_info(&iovad, &info);
	CHECK(info.depot_magazines <= num_online_cpus());
	CHECK(domain_sound());
	return true;
}

static bool test_put_domain(void)
{
	put_iova_domain(&iovad);
	iova_cache_put();
	shim_rcu_barrier();
	CHECK(shim_flush_all_work(100));
	if (shim_live_objects())
		shim_dump_live(stdout);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	shim_reset(NR_TEST_CPUS);
	glue_register_classes();
	printf("tree %s: %s allocator\n", glue_kernel_version, glue_flavour);
	RUN_TEST(&t, test_cache_get);
	RUN_TEST(&t, test_alloc_unaligned);
	RUN_TEST(&t, test_alloc_aligned);
	RUN_TEST(&t, test_alloc_limits);
	RUN_TEST(&t, test_find_miss);
	RUN_TEST(&t, test_reserve);
	RUN_TEST(&t, test_free);
	RUN_TEST(&t, test_check_walk);
	RUN_TEST(&t, test_self_check);
	RUN_TEST(&t, test_max32_hint);
	RUN_TEST(&t, test_fast_path);
	RUN_TEST(&t, test_cpu_offline);
	RUN_TEST(&t, test_depot_work);
	RUN_TEST(&t, test_put_domain);
	return check_summary(&t);
}
