/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register fields by mask.  @mask must be a non-zero contiguous constant,
 * as in the kernel; this version does not diagnose a bad mask at build
 * time, but a value that does not fit is still truncated to the field.
 */
#ifndef _LINUX_BITFIELD_H
#define _LINUX_BITFIELD_H

#include <linux/bits.h>
#include <linux/types.h>

#define __bf_shf(x)		(__builtin_ffsll(x) - 1)
#define FIELD_MAX(mask)		((typeof(mask))((mask) >> __bf_shf(mask)))
#define FIELD_FIT(mask, val)						\
	(!((((typeof(mask))(val)) << __bf_shf(mask)) & ~(mask)))
#define FIELD_PREP(mask, val)						\
	((typeof(mask))(((typeof(mask))(val) << __bf_shf(mask)) & (mask)))
#define FIELD_GET(mask, reg)						\
	((typeof(mask))(((reg) & (mask)) >> __bf_shf(mask)))

#endif
