/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

#include <linux/cleanup.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>

#define cpus_read_lock()	do { } while (0)
#define cpus_read_unlock()	do { } while (0)
#define lockdep_assert_cpus_held()	do { } while (0)

DEFINE_LOCK_GUARD_0(cpus_read_lock, cpus_read_lock(), cpus_read_unlock())

#endif
