/* SPDX-License-Identifier: GPL-2.0-only */
/* BUILD_BUG_ON() and static_assert() live in bug.h here. */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H
#include <linux/bug.h>
#endif
