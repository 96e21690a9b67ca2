/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pages for the dma-buf heaps: struct page as the buddy model of
 * src/heap/buddy.c knows it, alloc_pages()/__free_pages() into that model,
 * and the few helpers system_heap.c uses.  Only heap targets include this.
 */
#ifndef _HEAP_LINUX_MM_H
#define _HEAP_LINUX_MM_H

#include <linux/sched.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/types.h>

#ifndef GFP_HIGHUSER
#define GFP_HIGHUSER	(GFP_USER | __GFP_HIGHMEM)
#endif

#define PAGE_ALIGN(x)	ALIGN((x), PAGE_SIZE)

/* What the buddy model keeps per page frame. */
struct page {
	struct list_head lru;		/* free list, or the heap's list */
	unsigned int order;		/* of the block this page heads */
	unsigned char state;		/* enum buddy_state (heap/buddy.h) */
	unsigned char comp;		/* allocated with __GFP_COMP */
	unsigned char owner;		/* enum buddy_owner, if allocated */
};

struct page *shim_alloc_pages(gfp_t gfp, unsigned int order,
			      const char *site);
void __free_pages(struct page *page, unsigned int order);
unsigned long page_to_pfn(const struct page *page);
struct page *pfn_to_page(unsigned long pfn);
/* compound_order(): the order a __GFP_COMP block was allocated with, 0
 * for any other page (a tail page, or a block allocated without it). */
unsigned int compound_order(const struct page *page);

#define alloc_pages(gfp, order)	shim_alloc_pages(gfp, order, __func__)
#define page_to_phys(page)	((phys_addr_t)page_to_pfn(page) << PAGE_SHIFT)

static inline unsigned long page_size(const struct page *page)
{
	return PAGE_SIZE << compound_order(page);
}

/* Userspace mappings are out of scope: mmap is never driven. */
typedef unsigned long pgprot_t;
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_pgoff;
	pgprot_t vm_page_prot;
};

static inline int remap_pfn_range(struct vm_area_struct *vma,
				  unsigned long addr, unsigned long pfn,
				  unsigned long size, pgprot_t prot)
{
	return 0;
}

/* A fatal signal the harness can raise in the middle of an allocation. */
bool shim_fatal_signal_pending(void);
#define fatal_signal_pending(t)	((void)(t), shim_fatal_signal_pending())

#endif
