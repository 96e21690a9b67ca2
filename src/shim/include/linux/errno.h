/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _SHIM_LINUX_ERRNO_H
#define _SHIM_LINUX_ERRNO_H
/* glibc's <errno.h> reaches here for the uapi header: pass it on. */
#include_next <linux/errno.h>
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif
#endif
