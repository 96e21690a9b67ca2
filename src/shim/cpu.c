// SPDX-License-Identifier: GPL-2.0-only
/*
 * CPUs as the harness sees them: which exist, which are online, which one
 * "runs" the kernel code now; per-CPU allocations; CPU-dead callbacks.
 */
#include <stdlib.h>

#include <linux/cpuhotplug.h>
#include <linux/errno.h>
#include <linux/percpu.h>
#include <shim/report.h>
#include <shim/shim.h>

#include "shim_internal.h"

#define PERCPU_MAGIC 0x9e6c9a11u

unsigned int nr_cpu_ids = 1;
static bool online[NR_CPUS];
static unsigned int current_cpu;

struct percpu_area {
	unsigned int magic;
	unsigned int nr;
	void *block[NR_CPUS];
};

static struct {
	cpuhp_multi_cb_t teardown;
	struct hlist_head instances;
	bool set_up;
} cpuhp[CPUHP_SHIM_NR_STATES];

unsigned int shim_current_cpu(void)
{
	return current_cpu;
}

bool cpu_online(unsigned int cpu)
{
	return cpu < nr_cpu_ids && online[cpu];
}

unsigned int num_online_cpus(void)
{
	unsigned int cpu, n = 0;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		n += online[cpu];
	return n;
}

unsigned int shim_next_online_cpu(int prev)
{
	unsigned int cpu;

	for (cpu = prev + 1; cpu < nr_cpu_ids; cpu++)
		if (online[cpu])
			break;
	return cpu;
}

void shim_set_cpu(unsigned int cpu)
{
	if (!cpu_online(cpu))
		shim_bug(__FILE__, __LINE__, __func__,
			 "harness picked a CPU that is not online");
	current_cpu = cpu;
}

/* As in the kernel, the dead CPU's callbacks run on a surviving CPU. */
bool shim_cpu_offline(unsigned int cpu)
{
	struct hlist_node *node, *next;
	unsigned int state;

	if (!cpu_online(cpu) || num_online_cpus() == 1)
		return false;
	online[cpu] = false;
	if (current_cpu == cpu)
		current_cpu = shim_next_online_cpu(-1);
	for (state = 0; state < CPUHP_SHIM_NR_STATES; state++) {
		if (!cpuhp[state].set_up || !cpuhp[state].teardown)
			continue;
		for (node = cpuhp[state].instances.first; node; node = next) {
			next = node->next;
			cpuhp[state].teardown(cpu, node);
		}
	}
	return true;
}

bool shim_cpu_online(unsigned int cpu)
{
	if (cpu >= nr_cpu_ids || online[cpu])
		return false;
	online[cpu] = true;
	return true;
}

void shim_cpu_reset(unsigned int nr_cpus)
{
	unsigned int cpu;

	if (!nr_cpus || nr_cpus > NR_CPUS)
		shim_bug(__FILE__, __LINE__, __func__, "bad CPU count");
	nr_cpu_ids = nr_cpus;
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		online[cpu] = cpu < nr_cpus;
	current_cpu = 0;
}

/* A dropped run's instances: its domains are not torn down one by one. */
void shim_cpuhp_drop_instances(void)
{
	unsigned int state;

	for (state = 0; state < CPUHP_SHIM_NR_STATES; state++)
		cpuhp[state].instances.first = NULL;
}

void *shim_alloc_percpu(size_t size, size_t align, const char *site)
{
	struct percpu_area *pa;
	unsigned int cpu;

	(void)align;
	pa = shim_percpu_block(sizeof(*pa), site);
	if (!pa)
		return NULL;
	pa->magic = PERCPU_MAGIC;
	pa->nr = nr_cpu_ids;
	for (cpu = 0; cpu < pa->nr; cpu++) {
		pa->block[cpu] = shim_percpu_block(size, site);
		if (!pa->block[cpu]) {
			free_percpu(pa);
			return NULL;
		}
	}
	return pa;
}

static struct percpu_area *percpu_area(const void *p, const char *who)
{
	struct percpu_area *pa = (struct percpu_area *)p;

	if (pa->magic != PERCPU_MAGIC)
		shim_bug(__FILE__, __LINE__, who, "not a per-CPU pointer");
	return pa;
}

void free_percpu(void __percpu *p)
{
	struct percpu_area *pa;
	unsigned int cpu;

	if (!p)
		return;
	pa = percpu_area(p, __func__);
	for (cpu = 0; cpu < pa->nr; cpu++)
		if (pa->block[cpu])
			shim_percpu_block_free(pa->block[cpu]);
	pa->magic = 0;
	shim_percpu_block_free(pa);
}

void *shim_per_cpu_ptr(const void __percpu *p, unsigned int cpu)
{
	struct percpu_area *pa = percpu_area(p, __func__);

	if (cpu >= pa->nr)
		shim_bug(__FILE__, __LINE__, __func__,
			 "per_cpu_ptr() for an impossible CPU");
	return pa->block[cpu];
}

int cpuhp_setup_state_multi(enum cpuhp_state state, const char *name,
			    cpuhp_multi_cb_t startup,
			    cpuhp_multi_cb_t teardown)
{
	(void)name;
	(void)startup;
	if (state <= CPUHP_OFFLINE || state >= CPUHP_SHIM_NR_STATES ||
	    cpuhp[state].set_up)
		return -EBUSY;
	cpuhp[state].teardown = teardown;
	cpuhp[state].set_up = true;
	INIT_HLIST_HEAD(&cpuhp[state].instances);
	return 0;
}

void cpuhp_remove_multi_state(enum cpuhp_state state)
{
	if (cpuhp[state].instances.first)
		shim_record("WARN", __FILE__, __LINE__, __func__,
			    "multi state removed with instances registered");
	cpuhp[state].set_up = false;
	cpuhp[state].teardown = NULL;
}

int cpuhp_state_add_instance_nocalls(enum cpuhp_state state,
				     struct hlist_node *node)
{
	if (!cpuhp[state].set_up) {
		shim_record("WARN", __FILE__, __LINE__, __func__,
			    "instance added to a state not set up");
		return -EINVAL;
	}
	hlist_add_head(node, &cpuhp[state].instances);
	return 0;
}

int cpuhp_state_remove_instance_nocalls(enum cpuhp_state state,
					struct hlist_node *node)
{
	(void)state;
	/* The kernel's hlist_del() writes through the node's pprev: an
	 * instance never added (a set-up that failed before adding it)
	 * oopses there. */
	if (hlist_unhashed(node))
		shim_bug(__FILE__, __LINE__, __func__,
			 "cpuhp instance removed that was never added");
	hlist_del_init(node);
	return 0;
}
