/* SPDX-License-Identifier: GPL-2.0-only */
/* sort(): a heapsort, like the kernel's, and as it: not stable. */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <linux/types.h>

typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);

void sort(void *base, size_t num, size_t size, cmp_func_t cmp,
	  swap_func_t swap);

#endif
