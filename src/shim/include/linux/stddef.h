/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#include <stddef.h>
#include <stdbool.h>

#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER) (offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))
#define struct_group(NAME, MEMBERS...) \
	union { struct { MEMBERS }; struct { MEMBERS } NAME; }

#endif
