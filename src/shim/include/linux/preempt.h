/* SPDX-License-Identifier: GPL-2.0-only */
/* Preemption and context tests: see sched.h and spinlock.h. */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H
#include <linux/sched.h>
#include <linux/spinlock.h>
#endif
