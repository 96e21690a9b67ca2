/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vmalloc() and vmap() as accounted allocations: vmalloc() is a kmalloc()
 * (failure injection, leak accounting); vmap() checks its page array and
 * returns an accounted token, as no page has memory behind it here.
 */
#ifndef _HEAP_LINUX_VMALLOC_H
#define _HEAP_LINUX_VMALLOC_H

#include <linux/mm.h>
#include <linux/slab.h>

#define VM_MAP		0x4u
#define PAGE_KERNEL	((pgprot_t)0)

#define vmalloc(size)	shim_kmalloc(size, GFP_KERNEL, __func__)
#define vfree(p)	kfree(p)

void *vmap(struct page **pages, unsigned int count, unsigned long flags,
	   pgprot_t prot);
void vunmap(const void *addr);

#endif
