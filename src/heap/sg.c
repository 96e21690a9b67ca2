// SPDX-License-Identifier: GPL-2.0-only
/* Scatter-gather tables for the heap targets (see linux/scatterlist.h). */
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <heap/harness.h>

int sg_alloc_table(struct sg_table *table, unsigned int nents, gfp_t gfp)
{
	memset(table, 0, sizeof(*table));
	if (!nents)
		return -EINVAL;
	if (heap_obj_fail())
		return -ENOMEM;
	table->sgl = shim_kmalloc(sizeof(*table->sgl) * (size_t)nents,
				  gfp | __GFP_ZERO, __func__);
	if (!table->sgl)
		return -ENOMEM;
	table->sgl[nents - 1].end = true;
	table->nents = table->orig_nents = nents;
	return 0;
}

void sg_free_table(struct sg_table *table)
{
	kfree(table->sgl);
	table->sgl = NULL;
	table->nents = table->orig_nents = 0;
}

void __sg_page_iter_start(struct sg_page_iter *piter, struct scatterlist *sgl,
			  unsigned int nents, unsigned long pgoffset)
{
	piter->sg = sgl;
	piter->left = nents;
	piter->pg = pgoffset;
	piter->started = false;
}

static unsigned long sg_pages(const struct scatterlist *sg)
{
	return (sg->offset + sg->length + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

bool __sg_page_iter_next(struct sg_page_iter *piter)
{
	if (!piter->left || !piter->sg)
		return false;
	if (piter->started)
		piter->pg++;
	piter->started = true;
	while (piter->pg >= sg_pages(piter->sg)) {
		piter->pg -= sg_pages(piter->sg);
		if (!--piter->left)
			return false;
		piter->sg = sg_next(piter->sg);
		if (!piter->sg)
			return false;
	}
	return true;
}

struct page *sg_page_iter_page(struct sg_page_iter *piter)
{
	return sg_page(piter->sg) + piter->pg +
	       (piter->sg->offset >> PAGE_SHIFT);
}
