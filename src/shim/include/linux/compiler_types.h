/* SPDX-License-Identifier: GPL-2.0-only */
/* Annotations: sparse markers vanish, attributes map to GCC/clang ones. */
#ifndef _LINUX_COMPILER_TYPES_H
#define _LINUX_COMPILER_TYPES_H

#define __rcu
#define __percpu
#define __iomem
#define __user
#define __kernel
#define __force
#define __bitwise
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __cond_acquires(x)
#define __init
#define __initdata
#define __exit
#define __read_mostly
#define __ro_after_init
#define __cacheline_aligned
#define __cacheline_aligned_in_smp
#define ____cacheline_aligned
#define ____cacheline_aligned_in_smp
#define __counted_by(m)
#define __nocapture(...)
#define notrace
#define __visible
#define __cold
#define __pure		__attribute__((pure))
#define __noreturn	__attribute__((noreturn))
#define __weak		__attribute__((weak))
#define __packed	__attribute__((packed))
#define __aligned(x)	__attribute__((aligned(x)))
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#define __maybe_unused	__attribute__((unused))
#define __always_unused	__attribute__((unused))
#define __used		__attribute__((used))
#define __must_check	__attribute__((warn_unused_result))
#define __malloc	__attribute__((malloc))
#define noinline	__attribute__((noinline))
#define noinline_for_stack noinline
#ifndef __always_inline		/* glibc's sys/cdefs.h has one */
#define __always_inline	inline __attribute__((always_inline))
#endif
#define fallthrough	__attribute__((fallthrough))
#define __cleanup(func)	__attribute__((__cleanup__(func)))

/* Identifiers unique per expansion (guard variables, scoped_guard labels). */
#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#define __scalar_type_to_expr_cases(type)				\
	unsigned type : (unsigned type)0, signed type : (signed type)0
#define __unqual_scalar_typeof(x) typeof(x)

#endif
