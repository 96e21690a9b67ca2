/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Forced into every translation unit (-include), like the kernel's
 * include/linux/kconfig.h plus the bits of .config the allocator needs.
 */
#ifndef _SHIM_CONFIG_H
#define _SHIM_CONFIG_H

#define __KERNEL__ 1
#define CONFIG_64BIT 1
#define CONFIG_SMP 1
#define CONFIG_IOMMU_IOVA 1
#define CONFIG_DEBUG_MAPLE_TREE 1
#define CONFIG_NR_CPUS 8
#define CONFIG_PAGE_SHIFT 12
#define CONFIG_HZ 1000

/* IS_ENABLED() and friends, same preprocessor trick as the kernel's. */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x) ___is_defined(x)
#define ___is_defined(val) ____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define __or(x, y) ___or(x, y)
#define ___or(x, y) ____or(__ARG_PLACEHOLDER_##x, y)
#define ____or(arg1_or_junk, y) __take_second_arg(arg1_or_junk 1, y)
#define IS_BUILTIN(option) __is_defined(option)
#define IS_MODULE(option) __is_defined(option##_MODULE)
#define IS_ENABLED(option) __or(IS_BUILTIN(option), IS_MODULE(option))
#define IS_REACHABLE(option) IS_ENABLED(option)

#endif
