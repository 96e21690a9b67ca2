/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GFP flags with the kernel's meaning.  What the harness cares about is
 * __GFP_DIRECT_RECLAIM: an allocation without it (GFP_ATOMIC, GFP_NOWAIT)
 * may fail in the kernel at any time, so failure injection targets those.
 */
#ifndef _LINUX_GFP_TYPES_H
#define _LINUX_GFP_TYPES_H

#define __GFP_DMA		0x01u
#define __GFP_HIGHMEM		0x02u
#define __GFP_DMA32		0x04u
#define __GFP_MOVABLE		0x08u
#define __GFP_RECLAIMABLE	0x10u
#define __GFP_HIGH		0x20u
#define __GFP_IO		0x40u
#define __GFP_FS		0x80u
#define __GFP_ZERO		0x100u
#define __GFP_DIRECT_RECLAIM	0x400u
#define __GFP_KSWAPD_RECLAIM	0x800u
#define __GFP_WRITE		0x1000u
#define __GFP_NOWARN		0x2000u
#define __GFP_RETRY_MAYFAIL	0x4000u
#define __GFP_NOFAIL		0x8000u
#define __GFP_NORETRY		0x10000u
#define __GFP_MEMALLOC		0x20000u
#define __GFP_COMP		0x40000u
#define __GFP_NOMEMALLOC	0x80000u
#define __GFP_HARDWALL		0x100000u
#define __GFP_THISNODE		0x200000u
#define __GFP_ACCOUNT		0x400000u
#define __GFP_NOLOCKDEP		0x800000u

#define __GFP_RECLAIM	(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)
#define GFP_ATOMIC	(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_NOWAIT	(__GFP_KSWAPD_RECLAIM | __GFP_NOWARN)
#define GFP_KERNEL	(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOIO	(__GFP_RECLAIM)
#define GFP_NOFS	(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA		__GFP_DMA
#define GFP_DMA32	__GFP_DMA32

#endif
