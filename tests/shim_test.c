// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the shim itself: each failure-injection policy fails
 * exactly the allocations it should; slab accounting; per-CPU data; CPU
 * hotplug callbacks; delayed work; RCU callbacks; WARN_ON and
 * might_alloc() findings and their signatures; printk()'s %pe.
 */
#include <unistd.h>

#include <linux/cpuhotplug.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>
#include <shim/shim.h>

#include "check.h"

#define IOVA_SIZE	32
#define NODE_SIZE	256
#define MAG_SIZE	1024

static struct kmem_cache *iova_c, *node_c, *mag_c;

static void setup(void)
{
	shim_reset(4);
	shim_class_register(SHIM_CLASS_IOVA, IOVA_SIZE);
	shim_class_register(SHIM_CLASS_MAPLE_NODE, NODE_SIZE);
	shim_class_register(SHIM_CLASS_MAGAZINE, MAG_SIZE);
	if (!iova_c) {
		iova_c = kmem_cache_create("iova", IOVA_SIZE, 0, 0, NULL);
		node_c = kmem_cache_create("node", NODE_SIZE, NODE_SIZE, 0, NULL);
		mag_c = kmem_cache_create("mag", MAG_SIZE, 0,
					  SLAB_HWCACHE_ALIGN, NULL);
	}
}

/* One allocation of each kind: returns a bitmask of which failed. */
static unsigned int try_each(void)
{
	void *p[5];
	unsigned int failed = 0, i;

	p[0] = kmem_cache_alloc(iova_c, GFP_ATOMIC);
	p[1] = kmem_cache_alloc(node_c, GFP_NOWAIT);
	p[2] = kmalloc(MAG_SIZE, GFP_ATOMIC);	/* 6.1 style magazine */
	p[3] = kmalloc(100, GFP_ATOMIC);
	p[4] = kmem_cache_alloc(iova_c, GFP_KERNEL);
	for (i = 0; i < 5; i++) {
		if (!p[i])
			failed |= 1u << i;
		kfree(p[i]);	/* kfree takes cache objects too */
	}
	return failed;
}

static bool test_no_policy_never_fails(void)
{
	setup();
	CHECK_EQ(try_each(), 0);
	CHECK_EQ(shim_total_stats()->injected, 0);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_nth(void)
{
	setup();
	shim_inject_nth(3);
	/* The third non-sleeping attempt is the kmalloc(MAG_SIZE). */
	CHECK_EQ(try_each(), 1u << 2);
	CHECK_EQ(try_each(), 0);		/* one-shot */
	shim_inject_nth(5);
	/* Sleeping attempts are not counted: the 5th is next round's 1st. */
	CHECK_EQ(try_each(), 0);
	CHECK_EQ(try_each(), 1u << 0);
	CHECK_EQ(shim_total_stats()->injected, 2);
	shim_inject_nth(1);
	CHECK_EQ(try_each(), 1u << 0);
	CHECK_EQ(shim_total_stats()->injected, 3);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_nonsleeping(void)
{
	setup();
	shim_inject_nonsleeping(true);
	CHECK_EQ(try_each(), 0xf);		/* all but GFP_KERNEL */
	shim_inject_nonsleeping(false);
	CHECK_EQ(try_each(), 0);
	CHECK_EQ(shim_total_stats()->injected, 4);
	return true;
}

static bool test_by_class(void)
{
	setup();
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAGAZINE), false);
	CHECK_EQ(try_each(), 1u << 2);		/* keyed on size, not cache */
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_IOVA), false);
	CHECK_EQ(try_each(), 1u << 0);		/* GFP_KERNEL one survives */
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_IOVA), true);
	CHECK_EQ(try_each(), (1u << 0) | (1u << 4));
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAPLE_NODE) |
			  SHIM_CLASS_BIT(SHIM_CLASS_OTHER), false);
	CHECK_EQ(try_each(), (1u << 1) | (1u << 3));
	shim_inject_clear();
	CHECK_EQ(try_each(), 0);
	CHECK_EQ(shim_total_stats()->by_class[SHIM_CLASS_IOVA], 3);
	CHECK_EQ(shim_total_stats()->by_class[SHIM_CLASS_MAGAZINE], 1);
	return true;
}

static bool test_attribution(void)
{
	setup();
	shim_op_begin(7);
	shim_inject_nth(2);
	try_each();
	CHECK_EQ(shim_op_stats()->injected, 1);
	CHECK_EQ(shim_op_stats()->attempts, 5);
	CHECK(!strcmp(shim_op_stats()->last_site, "try_each"));
	shim_op_begin(8);
	try_each();
	CHECK_EQ(shim_op_stats()->injected, 0);
	CHECK_EQ(shim_total_stats()->injected, 1);
	return true;
}

/* SLUB's bulk allocation: all or nothing, and nothing leaks. */
static bool test_bulk(void)
{
	void *p[8];

	setup();
	CHECK_EQ(kmem_cache_alloc_bulk(node_c, GFP_ATOMIC, 8, p), 8);
	CHECK_EQ(shim_cache_live(node_c), 8);
	CHECK_EQ((unsigned long)p[3] % NODE_SIZE, 0);	/* align honoured */
	kmem_cache_free_bulk(node_c, 8, p);
	shim_inject_nth(5);
	CHECK_EQ(kmem_cache_alloc_bulk(node_c, GFP_ATOMIC, 8, p), 0);
	CHECK_EQ(shim_cache_live(node_c), 0);
	return true;
}

static bool test_percpu(void)
{
	int __percpu *pc;
	unsigned int cpu;

	setup();
	pc = alloc_percpu(int);
	CHECK(pc);
	for_each_possible_cpu(cpu)
		*per_cpu_ptr(pc, cpu) = cpu * 10;
	shim_set_cpu(2);
	CHECK_EQ(*raw_cpu_ptr(pc), 20);
	CHECK(per_cpu_ptr(pc, 1) != per_cpu_ptr(pc, 2));
	free_percpu(pc);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static unsigned int dead_mask;

static int on_dead(unsigned int cpu, struct hlist_node *node)
{
	dead_mask |= 1u << cpu;
	return 0;
}

static bool test_hotplug(void)
{
	struct hlist_node inst;

	setup();
	dead_mask = 0;
	CHECK_EQ(cpuhp_setup_state_multi(CPUHP_IOMMU_IOVA_DEAD, "t", NULL,
					 on_dead), 0);
	CHECK_EQ(cpuhp_state_add_instance_nocalls(CPUHP_IOMMU_IOVA_DEAD,
						  &inst), 0);
	shim_set_cpu(3);
	CHECK(shim_cpu_offline(3));
	CHECK_EQ(dead_mask, 1u << 3);
	CHECK(smp_processor_id() != 3);		/* moved off the dead CPU */
	CHECK_EQ(num_online_cpus(), 3);
	CHECK(!shim_cpu_offline(3));
	CHECK(shim_cpu_offline(0) && shim_cpu_offline(1));
	CHECK(!shim_cpu_offline(2));		/* the last one stays */
	cpuhp_state_remove_instance_nocalls(CPUHP_IOMMU_IOVA_DEAD, &inst);
	cpuhp_remove_multi_state(CPUHP_IOMMU_IOVA_DEAD);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

static struct delayed_work dw;
static unsigned int work_runs, requeue;

static void work_fn(struct work_struct *w)
{
	work_runs++;
	if (requeue && requeue--)
		schedule_delayed_work(to_delayed_work(w), 10);
}

static bool test_delayed_work(void)
{
	setup();
	work_runs = requeue = 0;
	INIT_DELAYED_WORK(&dw, work_fn);
	CHECK(schedule_delayed_work(&dw, 100));
	CHECK(!schedule_delayed_work(&dw, 100));	/* already pending */
	CHECK_EQ(work_runs, 0);				/* not by itself */
	CHECK_EQ(shim_run_delayed_work(), 1);
	CHECK_EQ(work_runs, 1);
	requeue = 2;
	schedule_delayed_work(&dw, 1);
	CHECK_EQ(shim_run_delayed_work(), 1);		/* re-queued... */
	CHECK_EQ(shim_pending_work(), 1);		/* ...for next time */
	CHECK(shim_flush_all_work(10));
	CHECK_EQ(work_runs, 4);
	schedule_delayed_work(&dw, 1);
	CHECK(cancel_delayed_work_sync(&dw));
	CHECK_EQ(shim_run_delayed_work(), 0);
	requeue = ~0u;				/* forever */
	schedule_delayed_work(&dw, 1);
	CHECK(!shim_flush_all_work(50));
	cancel_delayed_work_sync(&dw);
	return true;
}

struct rcu_obj {
	int v;
	struct rcu_head rcu;
};

static unsigned int rcu_runs;

static void rcu_cb(struct rcu_head *h)
{
	rcu_runs++;
	kfree(container_of(h, struct rcu_obj, rcu));
}

/* A pressure window fails every non-sleeping allocation for a number of
 * ops, work run inside them included, then ends by itself. */
static bool test_pressure_window(void)
{
	setup();
	shim_op_begin(0);
	shim_inject_pressure(3);
	CHECK_EQ(try_each(), 0xf);		/* all but GFP_KERNEL */
	shim_op_begin(1);
	shim_op_begin(1);			/* the same op again */
	CHECK_EQ(shim_pressure_left(), 2);
	CHECK_EQ(try_each(), 0xf);
	shim_op_begin(2);
	CHECK_EQ(try_each(), 0xf);
	shim_op_begin(3);
	CHECK_EQ(shim_pressure_left(), 0);
	CHECK_EQ(try_each(), 0);
	shim_inject_pressure(5);
	shim_inject_clear();
	CHECK_EQ(try_each(), 0);
	return true;
}

static void *stall_obj;

/* Re-queues itself; frees its object when there is one. */
static void stall_fn(struct work_struct *w)
{
	kfree(stall_obj);
	stall_obj = NULL;
	schedule_delayed_work(&dw, 1);
}

/* Runs that re-queue with nothing freed and no failure count as stalls;
 * one that frees something, or sees an allocation fail, does not. */
static bool test_work_stall(void)
{
	unsigned int runs;

	setup();
	INIT_DELAYED_WORK(&dw, stall_fn);
	schedule_delayed_work(&dw, 1);
	CHECK(!shim_flush_all_work(5));
	CHECK_EQ(shim_work_stall(&runs), 5);
	CHECK_EQ(runs, 5);
	stall_obj = kmalloc(8, GFP_KERNEL);
	CHECK(stall_obj);
	shim_run_delayed_work();			/* progress */
	shim_run_delayed_work();
	CHECK_EQ(shim_work_stall(NULL), 5);		/* the longest run */
	cancel_delayed_work_sync(&dw);
	setup();
	CHECK_EQ(shim_work_stall(&runs), 0);
	return true;
}

static bool test_rcu(void)
{
	struct rcu_obj *a, *b;

	setup();
	rcu_runs = 0;
	a = kmalloc(sizeof(*a), GFP_KERNEL);
	b = kmalloc(sizeof(*b), GFP_KERNEL);
	call_rcu(&a->rcu, rcu_cb);
	kfree_rcu(b, rcu);
	CHECK_EQ(shim_live_objects(), 2);	/* not freed yet */
	CHECK_EQ(shim_rcu_pending(), 2);
	CHECK_EQ(shim_rcu_barrier(), 2);
	CHECK_EQ(rcu_runs, 1);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_warn_recorded(void)
{
	spinlock_t l;

	setup();
	CHECK(!WARN_ON(1 + 1 == 3));
	CHECK_EQ(shim_nr_findings(), 0);
	CHECK(WARN_ON(1 + 1 == 2));
	CHECK_EQ(shim_nr_findings(), 1);
	CHECK(!strcmp(shim_first_finding()->kind, "WARN"));
	spin_lock_init(&l);
	spin_lock(&l);
	assert_spin_locked(&l);
	might_sleep();				/* in atomic context */
	spin_unlock(&l);
	CHECK_EQ(shim_nr_findings(), 2);
	shim_reset(1);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

/* might_alloc(): flags that may block, under a spinlock, are a complaint
 * named after the caller, the same way in every target. */
static bool test_might_alloc(void)
{
	const char *at = "MIGHT_SLEEP test_might_alloc at tests/shim_test.c:";
	char sig[64], line[256];
	spinlock_t l;

	setup();
	spin_lock_init(&l);
	might_alloc(GFP_KERNEL);		/* may sleep: no lock held */
	spin_lock(&l);
	might_alloc(GFP_ATOMIC);
	might_alloc(GFP_NOWAIT);
	CHECK_EQ(shim_nr_findings(), 0);
	might_alloc(GFP_KERNEL);
	spin_unlock(&l);
	CHECK_EQ(shim_nr_findings(), 1);
	CHECK(!strcmp(shim_finding_signature(shim_first_finding(), sig,
					     sizeof(sig)),
		      "MIGHT_SLEEP test_might_alloc"));
	shim_finding_line(shim_first_finding(), line, sizeof(line));
	CHECK(!strncmp(line, at, strlen(at)));
	CHECK(strstr(line, ": sleeping function called from atomic context"));
	return true;
}

/* The slab asks might_alloc() itself, at its caller's line; interrupts
 * or preemption off are atomic context as a held lock is. */
static bool test_alloc_in_atomic(void)
{
	const char *at = "MIGHT_SLEEP test_alloc_in_atomic at tests/shim_test.c:";
	unsigned long flags;
	spinlock_t l;
	char line[256];
	void *a, *b, *c;

	setup();
	a = kmalloc(8, GFP_KERNEL);		/* may sleep: process context */
	local_irq_save(flags);
	b = kmalloc(8, GFP_ATOMIC);
	CHECK_EQ(shim_nr_findings(), 0);
	c = kmalloc(8, GFP_KERNEL);
	local_irq_restore(flags);
	CHECK_EQ(shim_nr_findings(), 1);
	shim_finding_line(shim_first_finding(), line, sizeof(line));
	CHECK(!strncmp(line, at, strlen(at)));
	preempt_disable();
	kfree(kmalloc(8, GFP_NOWAIT));
	preempt_enable();
	kfree(kmalloc(8, GFP_KERNEL));		/* preemptible again */
	CHECK_EQ(shim_nr_findings(), 1);
	/* The string and per-CPU allocators ask as well. */
	spin_lock_init(&l);
	spin_lock(&l);
	kfree(kmemdup("x", 2, GFP_ATOMIC));
	CHECK_EQ(shim_nr_findings(), 1);
	kfree(kstrdup("x", GFP_KERNEL));
	free_percpu(__alloc_percpu(8, 8));
	spin_unlock(&l);
	CHECK_EQ(shim_nr_findings(), 3);
	kfree(a);
	kfree(b);
	kfree(c);
	return true;
}

/* printk() as dmesg shows it: the level stripped, %pe an errno's name,
 * the other conversions as C has them. */
static bool test_printk(void)
{
	char out[256] = "";
	FILE *f = tmpfile();
	int saved = dup(2);

	CHECK(f && saved >= 0);
	fflush(stderr);
	dup2(fileno(f), 2);
	pr_err("cpuhp: %pe, %pe, %d %lu %s %5.2x %% %*d\n",
	       ERR_PTR(-EBUSY), ERR_PTR(-999), -3, 7UL, "s", 10, 3, 4);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	CHECK(fgets(out, sizeof(out), f));
	fclose(f);
	CHECK(!strcmp(out, "cpuhp: -EBUSY, -999, -3 7 s    0a %   4\n"));
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	RUN_TEST(&t, test_no_policy_never_fails);
	RUN_TEST(&t, test_nth);
	RUN_TEST(&t, test_nonsleeping);
	RUN_TEST(&t, test_by_class);
	RUN_TEST(&t, test_attribution);
	RUN_TEST(&t, test_bulk);
	RUN_TEST(&t, test_percpu);
	RUN_TEST(&t, test_hotplug);
	RUN_TEST(&t, test_delayed_work);
	RUN_TEST(&t, test_pressure_window);
	RUN_TEST(&t, test_work_stall);
	RUN_TEST(&t, test_rcu);
	RUN_TEST(&t, test_warn_recorded);
	RUN_TEST(&t, test_might_alloc);
	RUN_TEST(&t, test_alloc_in_atomic);
	RUN_TEST(&t, test_printk);
	return check_summary(&t);
}
