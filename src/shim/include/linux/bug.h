/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * WARN_ON() records a finding the harness must report: kernel code that
 * warns never passes silently.  BUG_ON() stops with a clear report.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>
#include <shim/report.h>

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#define BUILD_BUG_ON_MSG(cond, msg) _Static_assert(!(cond), msg)
#define BUILD_BUG()		BUILD_BUG_ON(1)
#ifndef static_assert
#define static_assert(expr, ...) __static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...) _Static_assert(expr, msg)
#endif

#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		shim_warn(__FILE__, __LINE__, __func__, #cond);		\
	unlikely(__ret_warn_on);					\
})

#define WARN(cond, fmt...) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		shim_warn(__FILE__, __LINE__, __func__, #cond);		\
	unlikely(__ret_warn_on);					\
})

/* Every hit counts: the harness resets between runs, the kernel does not. */
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define WARN_ONCE(cond, fmt...)	WARN(cond, fmt)
#define WARN_TAINT(cond, taint, fmt...) WARN(cond, fmt)

#define BUG() shim_bug(__FILE__, __LINE__, __func__, "BUG()")
#define BUG_ON(cond)							\
	do {								\
		if (unlikely(cond))					\
			shim_bug(__FILE__, __LINE__, __func__, #cond);	\
	} while (0)
#define VM_BUG_ON(cond)		BUG_ON(cond)
#define VM_WARN_ON(cond)	((void)WARN_ON(cond))
#define VM_WARN_ON_ONCE(cond)	WARN_ON(cond)

#endif
