/* SPDX-License-Identifier: GPL-2.0-only */
/* Time does not pass on its own here: the harness runs delayed work. */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#define HZ			CONFIG_HZ
#define jiffies			0UL
#define msecs_to_jiffies(m)	((unsigned long)(m) * HZ / 1000)
#define usecs_to_jiffies(u)	((unsigned long)(u) * HZ / 1000000)
#define jiffies_to_msecs(j)	((unsigned int)((j) * 1000 / HZ))
#define jiffies_to_usecs(j)	((unsigned int)((j) * 1000000 / HZ))
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)

#endif
