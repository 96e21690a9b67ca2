/* SPDX-License-Identifier: GPL-2.0-only */
/* No interrupts here: the in_*irq() tests are in sched.h. */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H
#include <linux/preempt.h>
#endif
