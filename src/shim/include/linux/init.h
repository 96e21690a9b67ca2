/* SPDX-License-Identifier: GPL-2.0-only */
/* Section markers are in compiler_types.h; initcalls run nothing here. */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H
#include <linux/compiler_types.h>
#define __initconst
#define __exitdata
#define __init_or_module
#define early_initcall(fn)
#define core_initcall(fn)
#define postcore_initcall(fn)
#define arch_initcall(fn)
#define subsys_initcall(fn)
#define fs_initcall(fn)
#define device_initcall(fn)
#define late_initcall(fn)
#endif
