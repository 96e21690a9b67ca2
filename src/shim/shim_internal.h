/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the shim's own files; neither kernel code nor harness sees it. */
#ifndef _SHIM_INTERNAL_H
#define _SHIM_INTERNAL_H

#include <linux/types.h>

bool shim_inject_should_fail(gfp_t gfp, size_t size, const char *site);
void shim_inject_reset(void);
void shim_account_free(size_t size);
void shim_report_reset(void);
void shim_cpu_reset(unsigned int nr_cpus);
void shim_cpuhp_drop_instances(void);
void shim_defer_reset(void);
void shim_time_reset(void);
void *shim_percpu_block(size_t size, const char *site);
void shim_percpu_block_free(void *obj);
/* Sheaf containers (sheaf.c), allocated and checked by slab.c. */
void *shim_sheaf_block(size_t size, const char *site);
void shim_sheaf_block_free(void *obj);
void shim_sheaf_block_check(const void *obj, const char *who);

#endif
