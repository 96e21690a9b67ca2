/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the harness can observe of the kernel allocator built from one
 * tree.  Implemented by iova_glue.c, which includes the tree's iova.c and
 * so sees its static state; the same interface serves every flavour
 * (rbtree-based iova.c, maple-tree-based iova.c with deferred markers).
 */
#ifndef _IOVAFUZZ_GLUE_H
#define _IOVAFUZZ_GLUE_H

#include <linux/iova.h>

/* Called for every entry of the domain's index in ascending order; the
 * rbtree's anchor node is not an entry.  @marker: a deferred free (an
 * IOVA_DEFERRED marker, or a freed struct iova waiting for its erase).
 * Without a tree walker, nothing is called. */
typedef void (*glue_entry_fn)(void *arg, unsigned long lo, unsigned long hi,
			      bool marker);

/* Called for every pfn held in a magazine of the range caches; @cpu is
 * the owning CPU, or -1 for the depot. */
typedef void (*glue_cached_fn)(void *arg, unsigned int order, int cpu,
			       unsigned long pfn);

struct glue_domain_info {
	unsigned long start_pfn;
	unsigned long dma_32bit_pfn;
	unsigned long max32_alloc_size;
	unsigned long deferred_lo, deferred_hi;	/* maple flavour only */
	unsigned int depot_magazines;		/* all orders */
};

/*
 * What the harness can see of this tree beyond its public API.  Walkers
 * are chosen at configure time for the designs they understand; with
 * none, every check is made through the public API alone.
 */
struct glue_caps {
	bool tree;	/* the index is walked: entries, structure */
	bool rcaches;	/* magazines and depot are walked and flushed */
	bool markers;	/* deferred frees are visible as index entries */
	bool drain_runs_work;	/* a drain is running the delayed work */
	const char *off;	/* walkers the design defeated, and why */
};
extern const struct glue_caps glue_caps;

/* "rbtree", "maple" or "unknown". */
extern const char glue_flavour[];
/* Kernel version the tree declares, "6.12.117" or "unknown". */
extern const char glue_kernel_version[];
/* Largest order + 1 the range caches hold (IOVA_RANGE_CACHE_MAX_SIZE). */
extern const unsigned int glue_rcache_orders;

/* Tell the shim which allocation sizes are iova, magazine, maple node. */
void glue_register_classes(void);

void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg);
void glue_walk_rcaches(struct iova_domain *iovad, glue_cached_fn fn,
		       void *arg);
void glue_domain_info(struct iova_domain *iovad,
		      struct glue_domain_info *info);
/* The deferred window alone (empty, lo > hi, on rbtree domains). */
void glue_deferred_window(struct iova_domain *iovad, unsigned long *lo,
			  unsigned long *hi);

/* NULL if the index is structurally sound (rbtree colour/order/parent
 * rules; for maple trees, each entry where its struct iova says), else
 * what is wrong. */
const char *glue_check_structure(struct iova_domain *iovad);
/* NULL, or what the index's own full self-check (mt_validate()) found.
 * It reads every node, at twice the cost of the walk: the runner asks
 * for it at a program's end and with every check after every op (-e,
 * where a finding is pinned), not at each full comparison. */
const char *glue_self_check(struct iova_domain *iovad);
/* Tests only: the maple tree slot that holds the entry at @pfn, to be
 * written in place (NULL without one, or on an rbtree). */
void **glue_entry_slot(struct iova_domain *iovad, unsigned long pfn);
/* Both of the above in one pass where the design allows: NULL if sound,
 * having walked every entry as glue_walk() does; on a defect, what @fn
 * was given so far is a partial walk, to be thrown away. */
const char *glue_check_walk(struct iova_domain *iovad, glue_entry_fn fn,
			    void *arg);

/* Empty one CPU's magazines, or the depot, back into the tree (the
 * tree's own free_cpu_cached_iovas()/free_global_cached_iovas()). */
void glue_flush_cpu(struct iova_domain *iovad, unsigned int cpu);
void glue_flush_global(struct iova_domain *iovad);
/* The function of iova.c each of them calls: for a CPU's magazines
 * (@depot false) or the depot; NULL without a magazine walker.  A cached
 * range lost in a flush is named by the one that emptied its place,
 * whoever called it (fuzz/iova/runner/cause.c). */
const char *glue_flush_fn(bool depot);

enum glue_kind { GLUE_NONE, GLUE_IOVA, GLUE_MARKER };

/* What the index holds at @pfn, and the bounds of that entry; without a
 * tree walker, what find_iova() shows (markers are invisible). */
enum glue_kind glue_lookup(struct iova_domain *iovad, unsigned long pfn,
			   unsigned long *lo, unsigned long *hi);

/* Let deferred frees finish now (erase markers; or, where the design
 * retries in delayed work, run the pending work until none is left, at
 * most a bounded number of rounds); returns markers left. */
unsigned long glue_drain_deferred(struct iova_domain *iovad);

#endif
