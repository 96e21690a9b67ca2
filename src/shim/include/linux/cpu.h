/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>

#define cpus_read_lock()	do { } while (0)
#define cpus_read_unlock()	do { } while (0)

#endif
