/* SPDX-License-Identifier: GPL-2.0-only */
/* The C library's string functions plus the kernel's allocating ones. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <string.h>

#include <linux/overflow.h>
#include <linux/types.h>
#include <shim/report.h>

void *shim_kmemdup(const void *src, size_t len, gfp_t gfp, const char *site);
char *shim_kstrndup(const char *s, size_t max, gfp_t gfp, const char *site);

#define kmemdup(src, len, gfp)						\
	(shim_might_alloc_here(gfp), shim_kmemdup(src, len, gfp, __func__))
#define kmemdup_array(src, n, size, gfp) kmemdup(src, size_mul(n, size), gfp)
#define kstrdup(s, gfp)			kstrndup(s, SIZE_MAX, gfp)
#define kstrndup(s, max, gfp)						\
	(shim_might_alloc_here(gfp), shim_kstrndup(s, max, gfp, __func__))
#define kstrdup_const(s, gfp)		kstrdup(s, gfp)
#define kfree_const(p)			kfree(p)

#endif
