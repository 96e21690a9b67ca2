/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_OVERFLOW_H
#define _LINUX_OVERFLOW_H

#include <linux/limits.h>
#include <linux/types.h>

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

#define is_signed_type(t)	(((t)(-1)) < (t)1)
#define is_unsigned_type(t)	(!is_signed_type(t))
#define type_max(t)							\
	((t)(is_signed_type(t) ?					\
	     ((1ULL << (sizeof(t) * 8 - 2)) - 1) * 2 + 1 : ~(t)0))
#define type_min(t)	((t)(-type_max(t) - (t)1))
/* Whether @n fits type @t (or the type of variable @t). */
#define overflows_type(n, t) ({						\
	typeof(t) __v = 0;						\
	check_add_overflow((n), __v, &__v); })

/* Saturating size arithmetic: an overflow becomes SIZE_MAX, which no
 * allocator can satisfy. */
static inline size_t size_mul(size_t a, size_t b)
{
	size_t r;

	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t r;

	return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_sub(size_t a, size_t b)
{
	size_t r;

	if (a == SIZE_MAX || b == SIZE_MAX || __builtin_sub_overflow(a, b, &r))
		return SIZE_MAX;
	return r;
}

#define array_size(a, b)	size_mul(a, b)
#define array3_size(a, b, c)	size_mul(size_mul(a, b), c)
#define flex_array_size(p, member, count)				\
	size_mul(count, sizeof(*(p)->member))
#define struct_size(p, member, count)					\
	size_add(sizeof(*(p)), flex_array_size(p, member, count))
#define struct_size_t(type, member, count)				\
	struct_size((type *)NULL, member, count)

#endif
