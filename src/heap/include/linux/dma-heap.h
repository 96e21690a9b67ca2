/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dma-heap registration, as dma-heap.c provides it to heaps: one heap per
 * dma_heap_add(), its ops called by the harness the way the
 * DMA_HEAP_IOCTL_ALLOC path calls them (length page-aligned, not zero).
 * The flag types of ->allocate changed in 6.2 (unsigned long to u32/u64);
 * the build says which one the tree has (HEAP_ALLOC_FLAGS_U32).
 */
#ifndef _HEAP_LINUX_DMA_HEAP_H
#define _HEAP_LINUX_DMA_HEAP_H

#include <linux/types.h>

struct dma_buf;
struct dma_heap;

#if HEAP_ALLOC_FLAGS_U32
typedef u32 heap_fd_flags_t;
typedef u64 heap_heap_flags_t;
#else
typedef unsigned long heap_fd_flags_t;
typedef unsigned long heap_heap_flags_t;
#endif

struct dma_heap_ops {
	struct dma_buf *(*allocate)(struct dma_heap *heap, unsigned long len,
				    heap_fd_flags_t fd_flags,
				    heap_heap_flags_t heap_flags);
};

struct dma_heap_export_info {
	const char *name;
	const struct dma_heap_ops *ops;
	void *priv;
};

struct dma_heap *dma_heap_add(const struct dma_heap_export_info *exp_info);
const char *dma_heap_get_name(struct dma_heap *heap);
void *dma_heap_get_drvdata(struct dma_heap *heap);

/* For the harness: the heap registered last, and its allocation path. */
struct dma_heap *shim_dma_heap_last(void);
struct dma_buf *shim_dma_heap_alloc(struct dma_heap *heap, unsigned long len);
void shim_dma_heap_reset(void);

#endif
