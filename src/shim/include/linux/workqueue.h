/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Work items queue up and run only when the harness calls
 * shim_run_delayed_work() (or at teardown, as pending work would still
 * run in the kernel).  The delay is recorded, not waited for.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/jiffies.h>
#include <linux/types.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	work_func_t func;
	struct work_struct *next_pending;
	bool pending;
	unsigned int runs, stalls;	/* shim_work_stall() */
};

struct delayed_work {
	struct work_struct work;
	unsigned long delay;
};

struct workqueue_struct;
extern struct workqueue_struct *system_wq;

#define INIT_WORK(w, f)							\
	do {								\
		(w)->func = (f);					\
		(w)->pending = false;					\
		(w)->next_pending = NULL;				\
		(w)->runs = (w)->stalls = 0;				\
	} while (0)
#define INIT_DELAYED_WORK(dw, f)					\
	do { INIT_WORK(&(dw)->work, f); (dw)->delay = 0; } while (0)
#define to_delayed_work(w)	container_of(w, struct delayed_work, work)

bool shim_queue_work(struct work_struct *work, unsigned long delay);
bool shim_cancel_work(struct work_struct *work);

#define schedule_work(w)		shim_queue_work(w, 0)
#define queue_work(wq, w)		shim_queue_work(w, 0)
#define schedule_delayed_work(dw, d)	shim_queue_work(&(dw)->work, d)
#define queue_delayed_work(wq, dw, d)	shim_queue_work(&(dw)->work, d)
#define mod_delayed_work(wq, dw, d)	shim_queue_work(&(dw)->work, d)
#define cancel_work_sync(w)		shim_cancel_work(w)
#define cancel_delayed_work(dw)		shim_cancel_work(&(dw)->work)
#define cancel_delayed_work_sync(dw)	shim_cancel_work(&(dw)->work)
#define delayed_work_pending(dw)	((dw)->work.pending)
#define work_pending(w)			((w)->pending)

/* What the kernel's workqueue.h brings in (timer.h, so ktime.h, ...). */
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/string.h>

#endif
