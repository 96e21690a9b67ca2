/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define DIV_ROUND_UP_ULL(n, d)	DIV_ROUND_UP((unsigned long long)(n), (d))
#define DIV_ROUND_DOWN_ULL(n, d) ((unsigned long long)(n) / (d))
#define __round_mask(x, y)	((__typeof__(x))((y) - 1))
#define round_up(x, y)		((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y)	((x) & ~__round_mask(x, y))
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))
#define rounddown(x, y)		((x) - ((x) % (y)))
#define abs(x)			__builtin_choose_expr(sizeof(x) == sizeof(long), \
					__builtin_labs(x), __builtin_abs(x))

#endif
