/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The maple tree borrows the XArray's tagged-pointer encoding for internal
 * and value entries; only that encoding lives here, no XArray.  Like the
 * kernel's, it includes linux/sched/mm.h (might_alloc()).
 */
#ifndef _LINUX_XARRAY_H
#define _LINUX_XARRAY_H

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/sched/mm.h>
#include <linux/types.h>

static inline void *xa_mk_value(unsigned long v)
{
	WARN_ON((long)v < 0);
	return (void *)((v << 1) | 1);
}

static inline unsigned long xa_to_value(const void *entry)
{
	return (unsigned long)entry >> 1;
}

static inline bool xa_is_value(const void *entry)
{
	return (unsigned long)entry & 1;
}

static inline void *xa_tag_pointer(void *p, unsigned long tag)
{
	return (void *)((unsigned long)p | tag);
}

static inline void *xa_untag_pointer(void *entry)
{
	return (void *)((unsigned long)entry & ~3UL);
}

static inline unsigned int xa_pointer_tag(void *entry)
{
	return (unsigned long)entry & 3UL;
}

static inline void *xa_mk_internal(unsigned long v)
{
	return (void *)((v << 2) | 2);
}

static inline unsigned long xa_to_internal(const void *entry)
{
	return (unsigned long)entry >> 2;
}

static inline bool xa_is_internal(const void *entry)
{
	return ((unsigned long)entry & 3) == 2;
}

#define XA_ZERO_ENTRY		xa_mk_internal(257)

static inline bool xa_is_zero(const void *entry)
{
	return unlikely(entry == XA_ZERO_ENTRY);
}

static inline bool xa_is_err(const void *entry)
{
	return unlikely(xa_is_internal(entry) &&
			entry >= xa_mk_internal(-MAX_ERRNO));
}

static inline int xa_err(void *entry)
{
	if (xa_is_err(entry))
		return (long)entry >> 2;
	return 0;
}

static inline bool xa_is_node(const void *entry)
{
	return xa_is_internal(entry) && (unsigned long)entry > 4096;
}

static inline bool xa_is_sibling(const void *entry)
{
	return xa_is_internal(entry) && entry < xa_mk_internal(62);
}

static inline bool xa_is_retry(const void *entry)
{
	return unlikely(entry == xa_mk_internal(256));
}

static inline bool xa_is_advanced(const void *entry)
{
	return xa_is_internal(entry) && (entry <= xa_mk_internal(256));
}

#endif
