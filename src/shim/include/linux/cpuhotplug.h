/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU hotplug states with multi-instance callbacks.  shim_cpu_offline()
 * runs every registered teardown for every instance, as the kernel does
 * for a CPU that died.
 */
#ifndef _LINUX_CPUHOTPLUG_H
#define _LINUX_CPUHOTPLUG_H

#include <linux/list.h>
#include <linux/types.h>

enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_IOMMU_IOVA_DEAD,
	CPUHP_SHIM_NR_STATES,
};

typedef int (*cpuhp_multi_cb_t)(unsigned int cpu, struct hlist_node *node);

int cpuhp_setup_state_multi(enum cpuhp_state state, const char *name,
			    cpuhp_multi_cb_t startup,
			    cpuhp_multi_cb_t teardown);
void cpuhp_remove_multi_state(enum cpuhp_state state);
int cpuhp_state_add_instance_nocalls(enum cpuhp_state state,
				     struct hlist_node *node);
int cpuhp_state_remove_instance_nocalls(enum cpuhp_state state,
					struct hlist_node *node);

#endif
