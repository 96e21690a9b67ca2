/* SPDX-License-Identifier: GPL-2.0-only */
/* The attribute spellings are in compiler_types.h. */
#ifndef _LINUX_COMPILER_ATTRIBUTES_H
#define _LINUX_COMPILER_ATTRIBUTES_H
#include <linux/compiler_types.h>
#endif
