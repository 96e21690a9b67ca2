/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU data: one heap block per possible CPU (so ASan catches a CPU's
 * code running off its own block), reached through per_cpu_ptr().  The
 * "current" CPU is whatever the harness last chose.
 */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/gfp_types.h>
#include <linux/smp.h>
#include <linux/types.h>
#include <shim/report.h>

void *shim_alloc_percpu(size_t size, size_t align, const char *site);
void free_percpu(void __percpu *p);
void *shim_per_cpu_ptr(const void __percpu *p, unsigned int cpu);

/* Without gfp flags the kernel takes a mutex: it may sleep. */
#define __alloc_percpu_gfp(size, align, gfp)				\
	(shim_might_alloc_here(gfp), shim_alloc_percpu(size, align, __func__))
#define __alloc_percpu(size, align)	__alloc_percpu_gfp(size, align, GFP_KERNEL)
#define alloc_percpu_gfp(type, gfp)					\
	((type __percpu *)__alloc_percpu_gfp(sizeof(type),		\
					     __alignof__(type), gfp))
#define alloc_percpu(type)		alloc_percpu_gfp(type, GFP_KERNEL)
#define per_cpu_ptr(p, cpu)	((typeof(p))shim_per_cpu_ptr(p, cpu))
#define raw_cpu_ptr(p)		per_cpu_ptr(p, smp_processor_id())
#define this_cpu_ptr(p)		raw_cpu_ptr(p)
#define get_cpu_ptr(p)		raw_cpu_ptr(p)
#define put_cpu_ptr(p)		do { (void)(p); } while (0)
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), cpu))

#endif
