/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/cpumask.h>

unsigned int shim_current_cpu(void);

#define smp_processor_id()	shim_current_cpu()
#define raw_smp_processor_id()	shim_current_cpu()
#define get_cpu()		shim_current_cpu()
#define put_cpu()		do { } while (0)

#endif
