/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scheduling context.  The harness knows whether kernel code is in atomic
 * context (a spinlock held); might_sleep() there is a finding.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <shim/report.h>

/*
 * The task kernel code runs in: one.  What fault injection reads of it
 * (CONFIG_FAULT_INJECTION's fail_nth: the N-th non-sleeping allocation
 * from now fails, as failslab counts them) is honoured by the shim's
 * allocator, so that a test written for a kernel runs here the same.
 */
struct task_struct {
	unsigned int fail_nth;
};

extern struct task_struct shim_task;
#define current		(&shim_task)

#define might_sleep()	shim_might_sleep(__FILE__, __LINE__, __func__)
#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)
#define cond_resched()	({ might_sleep(); 0; })
#define schedule()	might_sleep()
#define yield()		might_sleep()
#define cpu_relax()	do { } while (0)
#define in_interrupt()	0
#define in_hardirq()	0
#define in_irq()	0
#define in_softirq()	0
#define in_serving_softirq() 0
#define in_nmi()	0
#define in_task()	1
#define preemptible()	(shim_locks_held() == 0)
#define cant_sleep()	do { } while (0)
#define cant_migrate()	do { } while (0)
#define non_block_start() do { } while (0)
#define non_block_end()	do { } while (0)
#define in_atomic()	(shim_locks_held() != 0)
#define irqs_disabled()	(shim_locks_held() != 0)

#endif
