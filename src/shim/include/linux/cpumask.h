/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU numbering: nr_cpu_ids possible CPUs (at most NR_CPUS), chosen by the
 * harness before any per-CPU data exists; any of them may go offline.
 */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H

#include <linux/types.h>

#define NR_CPUS	CONFIG_NR_CPUS

extern unsigned int nr_cpu_ids;
bool cpu_online(unsigned int cpu);
unsigned int num_online_cpus(void);
unsigned int shim_next_online_cpu(int prev);

#define cpu_possible(cpu)	((cpu) < nr_cpu_ids)
#define num_possible_cpus()	nr_cpu_ids
#define for_each_possible_cpu(cpu)					\
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)					\
	for ((cpu) = shim_next_online_cpu(-1); (cpu) < nr_cpu_ids;	\
	     (cpu) = shim_next_online_cpu(cpu))
#define for_each_present_cpu(cpu)	for_each_possible_cpu(cpu)

#endif
