/* SPDX-License-Identifier: GPL-2.0-only */
/* The grab-bag header, as in the kernel: most helpers come through here. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <string.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/compiler_attributes.h>
#include <linux/align.h>
#include <linux/array_size.h>
#include <linux/stddef.h>
#include <linux/limits.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/math.h>
#include <linux/overflow.h>
#include <linux/printk.h>
#include <linux/container_of.h>
#include <linux/atomic.h>
#include <linux/sched.h>
#include <linux/gfp.h>
#include <linux/spinlock.h>
#include <linux/jump_label.h>
#include <linux/cleanup.h>
#include <linux/math64.h>

#define PAGE_SHIFT	CONFIG_PAGE_SHIFT
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))


#define REPEAT_BYTE(x)	((~0ul / 0xff) * (x))

#define cache_line_size()	64
#define L1_CACHE_BYTES		64
#define SMP_CACHE_BYTES		64

#define _RET_IP_	((unsigned long)__builtin_return_address(0))
#define _THIS_IP_	({ __label__ __here; __here: (unsigned long)&&__here; })

#endif
