/* SPDX-License-Identifier: GPL-2.0-only */
/* Leak hints are for kmemleak; LeakSanitizer and the slab counts do the job. */
#ifndef _LINUX_KMEMLEAK_H
#define _LINUX_KMEMLEAK_H
#define kmemleak_not_leak(p)		do { (void)(p); } while (0)
#define kmemleak_ignore(p)		do { (void)(p); } while (0)
#define kmemleak_transient_leak(p)	do { (void)(p); } while (0)
#define kmemleak_alloc(p, s, c, g)	do { (void)(p); } while (0)
#define kmemleak_free(p)		do { (void)(p); } while (0)
#endif
