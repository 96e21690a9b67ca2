// SPDX-License-Identifier: GPL-2.0-only
/* Maple tree contract checks shared by the contract suite and fuzzer. */
#include <stdio.h>
#include <string.h>

#include <shim/shim.h>

#include "glue.h"
#include "maple_props.h"

extern atomic_t maple_tree_tests_run, maple_tree_tests_passed;

int mp_store(struct maple_tree *mt, spinlock_t *lock, unsigned long lo,
	     unsigned long hi, void *entry)
{
	MA_STATE(mas, mt, lo, hi);
	int ret;

	spin_lock(lock);
	ret = mas_store_gfp(&mas, entry, GFP_ATOMIC);
	spin_unlock(lock);
	return ret;
}

const char *mp_tree_equals_model(struct maple_tree *mt, const struct model *m,
				 bool validate)
{
	MA_STATE(mas, mt, 0, ULONG_MAX);
	unsigned int i = 0;
	void *entry;
	int run, passed;

	mas_for_each(&mas, entry, ULONG_MAX) {
		if (i >= m->nr || model_at(m, i)->lo != mas.index ||
		    model_at(m, i)->hi != mas.last)
			return "tree entries differ from the model";
		i++;
	}
	if (i != m->nr)
		return "the tree lost entries the model has";
	if (!validate)
		return NULL;
	run = atomic_read(&maple_tree_tests_run);
	passed = atomic_read(&maple_tree_tests_passed);
	mt_validate(mt);
	if (atomic_read(&maple_tree_tests_run) - run !=
	    atomic_read(&maple_tree_tests_passed) - passed)
		return "mt_validate() failed";
	return NULL;
}

const char *mp_exact_overwrite(struct maple_tree *mt, spinlock_t *lock,
			       const struct model *m, unsigned long lo,
			       unsigned long hi, void *entry)
{
	unsigned long live = mp_settled_live();

	shim_op_begin(0);
	if (mp_store(mt, lock, lo, hi, MP_MARKER))
		return "storing over exactly an entry's range failed";
	if (shim_op_stats()->attempts)
		return "storing over exactly an entry's range allocated";
	if (mtree_load(mt, lo) != MP_MARKER || mtree_load(mt, hi) != MP_MARKER)
		return "the exact overwrite did not cover the range";
	if (mp_store(mt, lock, lo, hi, entry) || shim_op_stats()->attempts)
		return "restoring the entry allocated or failed";
	if (mp_settled_live() != live)
		return "an exact overwrite changed the number of nodes";
	return mp_tree_equals_model(mt, m, false);
}

const char *mp_erase_atomic(struct maple_tree *mt, spinlock_t *lock,
			    const struct model *m, unsigned long lo,
			    unsigned long hi, bool *erased)
{
	unsigned long live = mp_settled_live();
	int ret;

	shim_inject_nonsleeping(true);
	ret = mp_store(mt, lock, lo, hi, NULL);
	shim_inject_nonsleeping(false);
	*erased = !ret;
	if (!ret)
		return mtree_load(mt, lo) ? "erase succeeded but the entry stayed" :
					    NULL;
	if (ret != -ENOMEM)
		return "a failed erase returned something other than -ENOMEM";
	if (mp_settled_live() != live)
		return "a failed erase leaked or freed nodes";
	return mp_tree_equals_model(mt, m, false) ?
	       "a failed erase changed the tree" : NULL;
}

const char *mp_empty_area_rev(struct maple_tree *mt, spinlock_t *lock,
			      struct model *m, unsigned long min,
			      unsigned long max, unsigned long size)
{
	MA_STATE(mas, mt, 0, 0);
	unsigned long saved = m->start_pfn, lo = 0;
	bool fit;
	int ret;

	m->start_pfn = min;
	fit = model_highest_fit(m, size, max, 0, &lo);
	m->start_pfn = saved;
	spin_lock(lock);
	ret = mas_empty_area_rev(&mas, min, max, size);
	spin_unlock(lock);
	if (!ret && !fit)
		return "mas_empty_area_rev() found a gap where none fits";
	if (ret && fit)
		return "mas_empty_area_rev() missed a gap that fits";
	if (!fit)
		return NULL;
	if (mas.index != lo || mas.last != lo + size - 1)
		return "mas_empty_area_rev() did not return the highest fit";
	return NULL;
}

const char *mp_signature(const char *why)
{
	static char sig[160];

	snprintf(sig, sizeof(sig), "MAPLE_CONTRACT %s", why);
	return sig;
}

unsigned long mp_settled_live(void)
{
	shim_rcu_barrier();
	return shim_live_objects();
}
