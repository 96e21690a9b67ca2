/* SPDX-License-Identifier: GPL-2.0-only */
/* A mapping's address, system memory only (no I/O memory here). */
#ifndef _HEAP_LINUX_IOSYS_MAP_H
#define _HEAP_LINUX_IOSYS_MAP_H

#include <linux/types.h>

struct iosys_map {
	void *vaddr;
	bool is_iomem;
};

static inline void iosys_map_set_vaddr(struct iosys_map *map, void *vaddr)
{
	map->vaddr = vaddr;
	map->is_iomem = false;
}

static inline void iosys_map_clear(struct iosys_map *map)
{
	map->vaddr = NULL;
	map->is_iomem = false;
}

#endif
