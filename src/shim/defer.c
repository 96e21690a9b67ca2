// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deferred execution under harness control: delayed work and RCU
 * callbacks queue in FIFO order and run only when the harness says so.
 */
#include <stdint.h>
#include <stdlib.h>

#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <shim/report.h>
#include <shim/shim.h>

#include "shim_internal.h"

struct workqueue_struct *system_wq;

static struct work_struct *work_head, **work_tail = &work_head;
static unsigned int nr_work;
static unsigned int stall_max, stall_runs;
static struct rcu_head *rcu_head_q, **rcu_tail = &rcu_head_q;
static unsigned int nr_rcu;

/*
 * kfree_rcu_mightsleep() objects have no rcu_head: each waits in a node of
 * the shim's own (plain malloc, not slab-accounted), freed with the object
 * at the barrier or dropped at reset.
 */
struct rcu_orphan {
	struct rcu_orphan *next;
	void *ptr;
};

static struct rcu_orphan *orphan_q, **orphan_tail = &orphan_q;
static unsigned int nr_orphans;

bool shim_queue_work(struct work_struct *work, unsigned long delay)
{
	(void)delay;
	if (work->pending)
		return false;
	work->pending = true;
	work->next_pending = NULL;
	*work_tail = work;
	work_tail = &work->next_pending;
	nr_work++;
	return true;
}

bool shim_cancel_work(struct work_struct *work)
{
	struct work_struct **pp;

	if (!work->pending)
		return false;
	for (pp = &work_head; *pp != work; pp = &(*pp)->next_pending)
		;
	*pp = work->next_pending;
	if (work_tail == &work->next_pending)
		work_tail = pp;
	work->pending = false;
	nr_work--;
	return true;
}

static struct work_struct *work_pop(void)
{
	struct work_struct *work = work_head;

	work_head = work->next_pending;
	if (!work_head)
		work_tail = &work_head;
	work->pending = false;
	nr_work--;
	return work;
}

static unsigned long objects_freed(void)
{
	const struct shim_inject_stats *t = shim_total_stats();
	unsigned long n = 0;
	unsigned int c;

	for (c = 0; c < SHIM_NR_CLASSES; c++)
		n += t->freed[c];
	return n;
}

/* Runs @work, counting a run that re-queued it with nothing done. */
static void run_one(struct work_struct *work)
{
	unsigned long injected = shim_total_stats()->injected;
	unsigned long freed = objects_freed();

	work->runs++;
	work->func(work);
	if (work->pending && shim_total_stats()->injected == injected &&
	    objects_freed() == freed)
		work->stalls++;
	else
		work->stalls = 0;
	if (work->stalls > stall_max) {
		stall_max = work->stalls;
		stall_runs = work->runs;
	}
}

unsigned int shim_work_stall(unsigned int *runs)
{
	if (runs)
		*runs = stall_runs;
	return stall_max;
}

unsigned int shim_run_delayed_work(void)
{
	unsigned int n = nr_work, i;

	/* Work queued by work that runs now waits for the next call. */
	for (i = 0; i < n; i++) {
		struct work_struct *work = work_pop();

		run_one(work);
	}
	return n;
}

unsigned int shim_pending_work(void)
{
	return nr_work;
}

bool shim_flush_all_work(unsigned int rounds)
{
	while (nr_work && rounds--)
		shim_run_delayed_work();
	return !nr_work;
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	head->func = func;
	head->next = NULL;
	*rcu_tail = head;
	rcu_tail = &head->next;
	nr_rcu++;
}

/* kfree_rcu() stores the offset of the rcu_head in place of a callback,
 * as the kernel's kvfree_rcu does: offsets are small, functions are not. */
void shim_kfree_rcu(struct rcu_head *head, void *ptr)
{
	call_rcu(head, (rcu_callback_t)(uintptr_t)((char *)head - (char *)ptr));
}

void shim_kfree_rcu_mightsleep(void *ptr)
{
	struct rcu_orphan *o;

	if (!ptr)
		return;
	(void)ksize(ptr);	/* a pointer no allocator knows stops here */
	o = malloc(sizeof(*o));
	if (!o)
		shim_bug(__FILE__, __LINE__, __func__, "host out of memory");
	o->next = NULL;
	o->ptr = ptr;
	*orphan_tail = o;
	orphan_tail = &o->next;
	nr_orphans++;
}

static unsigned int run_orphans(void)
{
	unsigned int n = 0;

	while (orphan_q) {
		struct rcu_orphan *o = orphan_q;

		orphan_q = o->next;
		if (!orphan_q)
			orphan_tail = &orphan_q;
		nr_orphans--;
		n++;
		kfree(o->ptr);
		free(o);
	}
	return n;
}

static unsigned int run_rcu_heads(void)
{
	unsigned int n = 0;

	while (rcu_head_q) {
		struct rcu_head *head = rcu_head_q;
		uintptr_t f = (uintptr_t)head->func;

		rcu_head_q = head->next;
		if (!rcu_head_q)
			rcu_tail = &rcu_head_q;
		nr_rcu--;
		n++;
		if (f < 4096)
			kfree((char *)head - f);
		else
			head->func(head);
	}
	return n;
}

/*
 * kvfree_rcu_barrier(): every kfree_rcu() queued so far is done, call_rcu()
 * callbacks are not waited for (as in the kernel).  They are taken out of
 * the FIFO in place; the rest keep their order.
 */
void kvfree_rcu_barrier(void)
{
	struct rcu_head **pp = &rcu_head_q;

	while (*pp) {
		struct rcu_head *head = *pp;
		uintptr_t f = (uintptr_t)head->func;

		if (f >= 4096) {
			pp = &head->next;
			continue;
		}
		*pp = head->next;
		if (rcu_tail == &head->next)
			rcu_tail = pp;
		nr_rcu--;
		kfree((char *)head - f);
	}
	run_orphans();
}

unsigned int shim_rcu_barrier(void)
{
	unsigned int n = 0, ran;

	/* A callback may queue more; a barrier waits for those too. */
	do {
		ran = run_rcu_heads() + run_orphans();
		n += ran;
	} while (ran);
	return n;
}

unsigned int shim_rcu_pending(void)
{
	return nr_rcu + nr_orphans;
}

void rcu_barrier(void)
{
	shim_rcu_barrier();
}

/* Forget queued items: they belong to objects of a finished run. */
void shim_defer_reset(void)
{
	stall_max = stall_runs = 0;
	work_head = NULL;
	work_tail = &work_head;
	nr_work = 0;
	rcu_head_q = NULL;
	rcu_tail = &rcu_head_q;
	nr_rcu = 0;
	while (orphan_q) {
		struct rcu_orphan *o = orphan_q;

		orphan_q = o->next;
		free(o);
	}
	orphan_tail = &orphan_q;
	nr_orphans = 0;
}
