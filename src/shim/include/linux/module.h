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

/*
 * What the kernel's module.h brings in through its own includes (kmod.h,
 * kobject.h, stat.h, srcu.h ...): a KUnit file that includes no more
 * than kunit/test.h uses ktime_get() or a workqueue as in a kernel.
 */
#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>

#endif
