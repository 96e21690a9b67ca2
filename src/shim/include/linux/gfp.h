/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/gfp_types.h>
#include <linux/types.h>

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

#endif
