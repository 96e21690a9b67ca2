/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H
#include <linux/export.h>
#define MODULE_AUTHOR(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_LICENSE(x)
#define MODULE_IMPORT_NS(x)
#define module_init(fn)
#define module_exit(fn)
#define THIS_MODULE ((void *)0)
#endif
