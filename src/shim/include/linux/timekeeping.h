/* SPDX-License-Identifier: GPL-2.0-only */
/* Where 6.12 declares ktime_get() and friends: ktime.h here. */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H
#include <linux/ktime.h>
#endif
