/* SPDX-License-Identifier: GPL-2.0-only */
/* Cache maintenance of kernel mappings: nothing to maintain here. */
#ifndef _HEAP_LINUX_HIGHMEM_H
#define _HEAP_LINUX_HIGHMEM_H

#include <linux/mm.h>

static inline void invalidate_kernel_vmap_range(void *vaddr, int size)
{
}

static inline void flush_kernel_vmap_range(void *vaddr, int size)
{
}

#endif
