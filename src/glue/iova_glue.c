// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tree's drivers/iommu/iova.c, compiled unmodified, plus accessors for
 * the state it keeps private (range caches, depot).  Struct layouts differ
 * between kernel versions; tree_config.h says which one this tree has.
 */
#include "tree_config.h"
#include IOVAFUZZ_IOVA_C

#include <shim/shim.h>

#include "glue.h"

/* Bounded: work that keeps re-queueing itself is a finding, not a hang. */
#define GLUE_WORK_ROUNDS	1024

/* The harness's own code here must not count as kernel coverage. */
#define GLUE_NOCOV __attribute__((no_sanitize("coverage")))

const char glue_flavour[] = IOVAFUZZ_FLAVOUR;
const char glue_kernel_version[] = IOVAFUZZ_KERNEL_VERSION;

const struct glue_caps glue_caps = {
	.tree = IOVAFUZZ_WALK_TREE != IOVAFUZZ_WALK_NONE,
	.rcaches = IOVAFUZZ_WALK_RCACHE,
	.markers = IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_MARKER ||
		   IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_LLIST,
	.drain_runs_work = IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_NONE ||
			   IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_LLIST,
	.off = IOVAFUZZ_CHECKS_OFF,
};

#if IOVAFUZZ_WALK_RCACHE
const unsigned int glue_rcache_orders = IOVA_RANGE_CACHE_MAX_SIZE;

void glue_register_classes(void)
{
	shim_class_register(SHIM_CLASS_IOVA, sizeof(struct iova));
	shim_class_register(SHIM_CLASS_MAGAZINE, sizeof(struct iova_magazine));
}

GLUE_NOCOV
static void walk_magazine(const struct iova_magazine *mag, unsigned long size,
			  unsigned int order, int cpu, glue_cached_fn fn,
			  void *arg)
{
	unsigned long i;

	for (i = 0; i < size; i++)
		fn(arg, order, cpu, mag->pfns[i]);
}

#if IOVAFUZZ_DEPOT_LIST
/* 6.7+: a list of full magazines whose size field holds the link. */
GLUE_NOCOV
static unsigned int walk_depot(struct iova_rcache *rcache, unsigned int order,
			       glue_cached_fn fn, void *arg)
{
	struct iova_magazine *mag;
	unsigned int n = 0;

	for (mag = rcache->depot; mag; mag = mag->next, n++)
		if (fn)
			walk_magazine(mag, IOVA_MAG_SIZE, order, -1, fn, arg);
	return n;
}
#else
/* Up to 6.6: a fixed array of magazines with valid sizes. */
GLUE_NOCOV
static unsigned int walk_depot(struct iova_rcache *rcache, unsigned int order,
			       glue_cached_fn fn, void *arg)
{
	unsigned long i;

	for (i = 0; fn && i < rcache->depot_size; i++)
		walk_magazine(rcache->depot[i], rcache->depot[i]->size, order,
			      -1, fn, arg);
	return rcache->depot_size;
}
#endif

GLUE_NOCOV
static unsigned int walk_rcache(struct iova_rcache *rcache, unsigned int order,
				glue_cached_fn fn, void *arg)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct iova_cpu_rcache *cr = per_cpu_ptr(rcache->cpu_rcaches, cpu);

		if (!fn)
			continue;
		walk_magazine(cr->loaded, cr->loaded->size, order, cpu, fn, arg);
		walk_magazine(cr->prev, cr->prev->size, order, cpu, fn, arg);
	}
	return walk_depot(rcache, order, fn, arg);
}

GLUE_NOCOV
static unsigned int walk_rcaches(struct iova_domain *iovad, glue_cached_fn fn,
				 void *arg)
{
	unsigned int order, depot = 0;

	if (!iovad->rcaches)
		return 0;
	for (order = 0; order < IOVA_RANGE_CACHE_MAX_SIZE; order++)
		depot += walk_rcache(&iovad->rcaches[order], order, fn, arg);
	return depot;
}

GLUE_NOCOV
void glue_walk_rcaches(struct iova_domain *iovad, glue_cached_fn fn, void *arg)
{
	walk_rcaches(iovad, fn, arg);
}

void glue_flush_cpu(struct iova_domain *iovad, unsigned int cpu)
{
	free_cpu_cached_iovas(cpu, iovad);
}

void glue_flush_global(struct iova_domain *iovad)
{
	free_global_cached_iovas(iovad);
}

const char *glue_flush_fn(bool depot)
{
	return depot ? "free_global_cached_iovas" : "free_cpu_cached_iovas";
}
#else
/*
 * No magazine walker knows this design: ranges freed with
 * free_iova_fast() are followed through find_iova() alone, and the caches
 * are flushed only by the design's own paths (CPU hotplug, a flushing
 * alloc_iova_fast()).  Sizes below 32 pages are taken to be rounded up to
 * a power of two, as every known design does.
 */
const unsigned int glue_rcache_orders = 6;

void glue_register_classes(void)
{
	shim_class_register(SHIM_CLASS_IOVA, sizeof(struct iova));
}

void glue_walk_rcaches(struct iova_domain *iovad, glue_cached_fn fn, void *arg)
{
}

static unsigned int walk_rcaches(struct iova_domain *iovad, glue_cached_fn fn,
				 void *arg)
{
	return 0;
}

void glue_flush_cpu(struct iova_domain *iovad, unsigned int cpu)
{
}

void glue_flush_global(struct iova_domain *iovad)
{
}

const char *glue_flush_fn(bool depot)
{
	return NULL;
}
#endif

GLUE_NOCOV
void glue_deferred_window(struct iova_domain *iovad, unsigned long *lo,
			  unsigned long *hi)
{
#if IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_MARKER
	*lo = iovad->deferred_lo;
	*hi = iovad->deferred_hi;
#else
	*lo = ULONG_MAX;
	*hi = 0;
#endif
}

GLUE_NOCOV
void glue_domain_info(struct iova_domain *iovad, struct glue_domain_info *info)
{
	info->start_pfn = iovad->start_pfn;
	info->dma_32bit_pfn = iovad->dma_32bit_pfn;
#if IOVAFUZZ_WALK_TREE != IOVAFUZZ_WALK_NONE
	info->max32_alloc_size = iovad->max32_alloc_size;
#else
	info->max32_alloc_size = 0;
#endif
	glue_deferred_window(iovad, &info->deferred_lo, &info->deferred_hi);
	info->depot_magazines = walk_rcaches(iovad, NULL, NULL);
}

#if IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_RBTREE
#include "walk_rbtree.h"
#elif IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_MARKER
#include "walk_maple.h"
#elif IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_LLIST
#include "walk_maple_llist.h"
#else
#include "walk_api.h"
#endif

#if IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_MARKER || \
	IOVAFUZZ_WALK_TREE == IOVAFUZZ_WALK_MAPLE_LLIST
extern atomic_t maple_tree_tests_run;
extern atomic_t maple_tree_tests_passed;

/* mt_validate() reports through MT_BUG_ON: count failed checks. */
GLUE_NOCOV
const char *glue_self_check(struct iova_domain *iovad)
{
	int run = atomic_read(&maple_tree_tests_run);
	int passed = atomic_read(&maple_tree_tests_passed);

	mt_validate(&iovad->mtree);
	if (atomic_read(&maple_tree_tests_run) - run !=
	    atomic_read(&maple_tree_tests_passed) - passed)
		return "maple tree: mt_validate() failed";
	return NULL;
}

void **glue_maple_slot(struct maple_tree *mt, unsigned long index);

void **glue_entry_slot(struct iova_domain *iovad, unsigned long pfn)
{
	return glue_maple_slot(&iovad->mtree, pfn);
}
#else
/* The rbtree's rules are checked in every walk; no tree, no check. */
GLUE_NOCOV
const char *glue_self_check(struct iova_domain *iovad)
{
	return NULL;
}

void **glue_entry_slot(struct iova_domain *iovad, unsigned long pfn)
{
	return NULL;
}
#endif

#ifndef GLUE_CHECK_WALK
/* This design's check and walk are two passes. */
GLUE_NOCOV
const char *glue_check_walk(struct iova_domain *iovad, glue_entry_fn fn,
			    void *arg)
{
	const char *why = glue_check_structure(iovad);

	if (!why)
		glue_walk(iovad, fn, arg);
	return why;
}
#endif
