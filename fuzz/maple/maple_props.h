/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The maple tree properties the IOMMU code relies on, as checks that take
 * a tree (under its external lock, MT_FLAGS_ALLOC_RANGE) and the
 * reference model of its entries.  tests/maple_contract.c and the
 * maple_contract fuzz target both use them.  Each returns NULL when the
 * property held, else what broke.
 */
#ifndef _IOVAFUZZ_MAPLE_PROPS_H
#define _IOVAFUZZ_MAPLE_PROPS_H

#include <linux/maple_tree.h>

#include "model.h"

/* A non-NULL entry that is not a maple internal entry, like IOVA_DEFERRED. */
#define MP_MARKER	((void *)4)

/* Store @entry over [lo, hi] with GFP_ATOMIC, under @lock. */
int mp_store(struct maple_tree *mt, spinlock_t *lock, unsigned long lo,
	     unsigned long hi, void *entry);

/* Overwriting exactly [lo, hi], an entry of the tree, with the marker and
 * back allocates nothing and changes nothing else. */
const char *mp_exact_overwrite(struct maple_tree *mt, spinlock_t *lock,
			       const struct model *m, unsigned long lo,
			       unsigned long hi, void *entry);

/* Erase [lo, hi] with every non-sleeping allocation failing: either it
 * succeeds, or it returns -ENOMEM with tree and live objects unchanged.
 * *erased tells which. */
const char *mp_erase_atomic(struct maple_tree *mt, spinlock_t *lock,
			    const struct model *m, unsigned long lo,
			    unsigned long hi, bool *erased);

/* mas_empty_area_rev(min, max, size) returns the highest fit of the
 * model (start_pfn = min), never below min, never over an entry. */
const char *mp_empty_area_rev(struct maple_tree *mt, spinlock_t *lock,
			      struct model *m, unsigned long min,
			      unsigned long max, unsigned long size);

/* The signature of a property that broke: "MAPLE_CONTRACT <why>" (the
 * whys are fixed strings).  Known ones (fuzz/lang/known.h) are counted; the
 * 6.1 mas_empty_area_rev() deviations are in corpus/known/6.1.txt. */
const char *mp_signature(const char *why);

/* Live objects once every RCU callback has run: from 7.x the maple tree
 * frees every replaced node through RCU, also in trees without RCU mode,
 * so a count taken before the barrier sees nodes that are already gone. */
unsigned long mp_settled_live(void);

/* The tree's entries are exactly the model's, and mt_validate() passes. */
const char *mp_tree_equals_model(struct maple_tree *mt,
				 const struct model *m, bool validate);

#endif
