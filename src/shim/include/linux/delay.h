/* SPDX-License-Identifier: GPL-2.0-only */
/* Waiting: time is virtual (ktime.h), so a wait only advances it; a
 * sleeping wait in atomic context is a finding (might_sleep()). */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

#include <linux/ktime.h>
#include <linux/sched.h>

void shim_clock_advance(u64 ns);

#define udelay(us)	shim_clock_advance((u64)(us) * NSEC_PER_USEC)
#define ndelay(ns)	shim_clock_advance((u64)(ns))
#define mdelay(ms)	shim_clock_advance((u64)(ms) * NSEC_PER_MSEC)
#define msleep(ms)	do { might_sleep(); mdelay(ms); } while (0)
#define usleep_range(lo, hi) do { might_sleep(); udelay(lo); } while (0)
#define fsleep(us)	usleep_range(us, us)

#endif
