/* SPDX-License-Identifier: GPL-2.0-only */
/* vmalloc() is kvmalloc() here: one heap block, counted like the rest. */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/slab.h>

#define vmalloc(size)		kvmalloc(size, GFP_KERNEL)
#define vzalloc(size)		kvzalloc(size, GFP_KERNEL)
#define vmalloc_array(n, size)	kvmalloc_array(n, size, GFP_KERNEL)
#define vcalloc(n, size)	kvcalloc(n, size, GFP_KERNEL)
#define vfree(p)		kvfree(p)

#endif
