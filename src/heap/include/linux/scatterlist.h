/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scatter-gather tables, one array per table (no chaining: the harness
 * bounds the entries a table gets).  The table array is a kmalloc(), so
 * failure injection and leak accounting see it, as they see the kernel's
 * sg_alloc_table().
 */
#ifndef _HEAP_LINUX_SCATTERLIST_H
#define _HEAP_LINUX_SCATTERLIST_H

#include <linux/mm.h>
#include <linux/types.h>

struct scatterlist {
	struct page *page;
	unsigned int offset;
	unsigned int length;
	dma_addr_t dma_address;
	unsigned int dma_length;
	bool end;
};

struct sg_table {
	struct scatterlist *sgl;
	unsigned int nents;		/* mapped (DMA) entries */
	unsigned int orig_nents;	/* entries */
};

int sg_alloc_table(struct sg_table *table, unsigned int nents, gfp_t gfp);
void sg_free_table(struct sg_table *table);

static inline struct scatterlist *sg_next(struct scatterlist *sg)
{
	return sg->end ? NULL : sg + 1;
}

static inline void sg_set_page(struct scatterlist *sg, struct page *page,
			       unsigned int len, unsigned int offset)
{
	sg->page = page;
	sg->offset = offset;
	sg->length = len;
}

static inline struct page *sg_page(struct scatterlist *sg)
{
	return sg->page;
}

static inline phys_addr_t sg_phys(struct scatterlist *sg)
{
	return page_to_phys(sg->page) + sg->offset;
}

#define sg_dma_address(sg)	((sg)->dma_address)
#define sg_dma_len(sg)		((sg)->dma_length)

#define for_each_sg(sglist, sg, nr, __i)				\
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))
#define for_each_sgtable_sg(sgt, sg, i)					\
	for_each_sg((sgt)->sgl, sg, (sgt)->orig_nents, i)
#define for_each_sgtable_dma_sg(sgt, sg, i)				\
	for_each_sg((sgt)->sgl, sg, (sgt)->nents, i)

/* Page iteration: every PAGE_SIZE page of every entry, in order. */
struct sg_page_iter {
	struct scatterlist *sg;
	unsigned int left;		/* entries left, this one included */
	unsigned long pg;		/* page index within sg */
	bool started;
};

bool __sg_page_iter_next(struct sg_page_iter *piter);
void __sg_page_iter_start(struct sg_page_iter *piter, struct scatterlist *sgl,
			  unsigned int nents, unsigned long pgoffset);
struct page *sg_page_iter_page(struct sg_page_iter *piter);

#define for_each_sg_page(sglist, piter, nents, pgoffset)		\
	for (__sg_page_iter_start((piter), (sglist), (nents), (pgoffset)); \
	     __sg_page_iter_next(piter);)
#define for_each_sgtable_page(sgt, piter, pgoffset)			\
	for_each_sg_page((sgt)->sgl, piter, (sgt)->orig_nents, pgoffset)

#endif
