/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_CONTAINER_OF_H
#define _LINUX_CONTAINER_OF_H

#include <linux/stddef.h>

#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)((char *)__mptr - offsetof(type, member))); })
#define container_of_const(ptr, type, member) container_of(ptr, type, member)
#define typeof_member(T, m)	typeof(((T *)0)->m)

#endif
