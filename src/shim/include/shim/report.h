/* SPDX-License-Identifier: GPL-2.0-only */
/* Entry points kernel-facing shim headers call when something happens. */
#ifndef _SHIM_REPORT_H
#define _SHIM_REPORT_H

void shim_warn(const char *file, int line, const char *func,
	       const char *cond);
__attribute__((noreturn))
void shim_bug(const char *file, int line, const char *func, const char *what);
__attribute__((format(printf, 1, 2)))
void shim_printk(const char *fmt, ...);
void shim_dump_stack(const char *file, int line, const char *func);
void shim_might_sleep(const char *file, int line, const char *func);
/* might_alloc(gfp): might_sleep() when @gfp may block (direct reclaim). */
void shim_might_alloc(unsigned int gfp, const char *file, int line,
		      const char *func);
/*
 * What every allocating API of the shim asks first, as the kernel's
 * allocators do: flags that may sleep, in atomic context, are a
 * MIGHT_SLEEP finding at the caller's line, whether or not the
 * allocation would have slept.
 */
#define shim_might_alloc_here(gfp)					\
	shim_might_alloc(gfp, __FILE__, __LINE__, __func__)
int shim_locks_held(void);
void shim_lock_acquired(void);
void shim_lock_released(void);

#endif
