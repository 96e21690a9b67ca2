/* SPDX-License-Identifier: GPL-2.0-only */
/* Time does not pass on its own here: the harness runs delayed work. */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#define HZ			CONFIG_HZ
#define jiffies			0UL
#define msecs_to_jiffies(m)	((unsigned long)(m) * HZ / 1000)
#define usecs_to_jiffies(u)	((unsigned long)(u) * HZ / 1000000)

#endif
