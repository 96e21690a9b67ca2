/* SPDX-License-Identifier: GPL-2.0-only */
/* min()/max() without the kernel's strict type check (the compiler's job). */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#define __cmp_once(op, x, y) ({						\
	__auto_type __x = (x);						\
	__auto_type __y = (y);						\
	__x op __y ? __x : __y; })

#define min(x, y)		__cmp_once(<, x, y)
#define max(x, y)		__cmp_once(>, x, y)
#define umin(x, y)		min((unsigned long long)(x), (unsigned long long)(y))
#define umax(x, y)		max((unsigned long long)(x), (unsigned long long)(y))
#define min3(x, y, z)		min((typeof(x))min(x, y), z)
#define max3(x, y, z)		max((typeof(x))max(x, y), z)
#define min_t(type, x, y)	__cmp_once(<, (type)(x), (type)(y))
#define max_t(type, x, y)	__cmp_once(>, (type)(x), (type)(y))
#define min_not_zero(x, y) ({						\
	typeof(x) __x = (x);						\
	typeof(y) __y = (y);						\
	__x == 0 ? __y : ((__y == 0) ? __x : min(__x, __y)); })
#define clamp(val, lo, hi)	min(max(val, lo), hi)
#define clamp_t(type, val, lo, hi) min_t(type, max_t(type, val, lo), hi)
#define clamp_val(val, lo, hi)	clamp_t(typeof(val), val, lo, hi)
#define swap(a, b)							\
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)

#endif
