/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a heap target steers besides the buddy model: a fatal signal in
 * the middle of an allocation, and the IOMMU mapping model that
 * dma_map_sgtable() goes through.
 */
#ifndef _HEAP_HARNESS_H
#define _HEAP_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

struct iova_domain;
struct sg_table;

/* fatal_signal_pending() turns true at its @n-th call from now (1 = the
 * next), and stays so until disarmed with 0; heap_signal_fired() says
 * whether it did, until the next arming. */
void heap_signal_after(unsigned long n);
bool heap_signal_fired(void);

/* The n-th allocation of the dma-buf shim (an sg table, a dma_buf, an
 * attachment, a vmap) from now fails (1 = the next; 0 disarms); the shim's
 * own kmalloc() injection only fails GFP_KERNEL requests by class. */
void heap_inject_obj(unsigned long n);
bool heap_obj_fail(void);
unsigned long heap_obj_injected(void);

/* Page-table leaves of 4 KiB, 2 MiB and 1 GiB. */
enum { LEAF_4K, LEAF_2M, LEAF_1G, NR_LEAVES };

struct heap_mapping {
	unsigned long iova_pfn;		/* where the buffer was mapped */
	unsigned long pages;		/* pages the IOVA range holds */
	unsigned long leaves[NR_LEAVES];
	unsigned long windows_2m;	/* 2 MiB windows of the buffer */
	unsigned long mappable_2m;	/* of which mapped by 2 MiB or 1 GiB */
};

/* The domain dma_map_sgtable() allocates from (NULL: mapping fails). */
void heap_map_domain(struct iova_domain *iovad);
/* The last successful dma_map_sgtable(). */
const struct heap_mapping *heap_last_mapping(void);
/*
 * Leaves a 4K/2M/1G page table (VT-d second stage, AMD-Vi v1 restricted
 * to those sizes, Arm SMMU LPAE with a 4 KiB granule: one bitmap) needs
 * for @sgt's entries mapped back to back from IOVA @iova (bytes), the way
 * iommu_map_sg() does: physically contiguous entries are one run, each run
 * split greedily into the largest page that both addresses allow.
 */
void heap_count_leaves(const struct sg_table *sgt, uint64_t iova,
		       struct heap_mapping *m);

#endif
