/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * iova.h includes this for dma_addr_t only.  It brings in what the
 * kernel's does through its own includes (device.h, module.h, slab.h ...),
 * so that a KUnit file including it builds as in a kernel.
 */
#ifndef _LINUX_DMA_MAPPING_H
#define _LINUX_DMA_MAPPING_H
#include <linux/types.h>
#define DMA_BIT_MASK(n)	(((n) == 64) ? ~0ULL : ((1ULL << (n)) - 1))

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#endif
