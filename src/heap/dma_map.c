// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IOMMU side of dma_map_sgtable() for dma-buf importers: the way
 * iommu_dma_map_sg() maps a scatterlist, reduced to what decides the page
 * table.  One IOVA range for the whole table from the tree's real
 * alloc_iova_fast() (size-aligned, as dma-iommu asks for it), entries laid
 * out back to back in it (page-aligned entries need no padding), and the
 * page-table leaves iommu_map() would write for it counted.
 *
 * Simplified: the device is not a PCI device, so there is no first try
 * below 4 GiB; the DMA segments are not merged (sg_dma_len() is each
 * entry's length); nothing is written to a page table.
 */
#include <linux/dma-mapping.h>
#include <linux/iova.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>

#include <heap/harness.h>

/* A 48-bit IOVA space, as for any device with a 64-bit DMA mask. */
#define HEAP_DMA_LIMIT_PFN	(DMA_BIT_MASK(48) >> PAGE_SHIFT)

static struct iova_domain *domain;
static struct heap_mapping last;

static const uint64_t leaf_size[NR_LEAVES] = { SZ_4K, SZ_2M, SZ_1G };

void heap_map_domain(struct iova_domain *iovad)
{
	domain = iovad;
}

const struct heap_mapping *heap_last_mapping(void)
{
	return &last;
}

/* One physically contiguous run at @iova: iommu_pgsize(), greedily. */
static void count_run(uint64_t iova, uint64_t phys, uint64_t len,
		      struct heap_mapping *m)
{
	while (len) {
		int l;

		for (l = NR_LEAVES - 1; l > 0; l--)
			if (!((iova | phys) & (leaf_size[l] - 1)) &&
			    len >= leaf_size[l])
				break;
		m->leaves[l]++;
		if (l == LEAF_2M)
			m->mappable_2m++;
		else if (l == LEAF_1G)
			m->mappable_2m += SZ_1G / SZ_2M;
		iova += leaf_size[l];
		phys += leaf_size[l];
		len -= leaf_size[l];
	}
}

void heap_count_leaves(const struct sg_table *sgt, uint64_t iova,
		       struct heap_mapping *m)
{
	uint64_t run_iova = iova, run_phys = 0, run_len = 0, total = 0;
	struct scatterlist *sg;
	unsigned int i;
	int l;

	for (l = 0; l < NR_LEAVES; l++)
		m->leaves[l] = 0;
	m->mappable_2m = 0;
	for_each_sgtable_sg(sgt, sg, i) {
		uint64_t phys = sg_phys(sg);

		if (run_len && phys != run_phys + run_len) {
			count_run(run_iova, run_phys, run_len, m);
			run_iova += run_len;
			run_len = 0;
		}
		if (!run_len)
			run_phys = phys;
		run_len += sg->length;
		total += sg->length;
	}
	if (run_len)
		count_run(run_iova, run_phys, run_len, m);
	m->windows_2m = total / SZ_2M;
}

int dma_map_sgtable(struct device *dev, struct sg_table *sgt,
		    enum dma_data_direction dir, unsigned long attrs)
{
	struct scatterlist *sg;
	unsigned long pages = 0, pfn;
	uint64_t iova;
	unsigned int i;

	if (!domain)
		return -ENOMEM;
	for_each_sgtable_sg(sgt, sg, i)
		pages += (sg->offset + sg->length + PAGE_SIZE - 1) >> PAGE_SHIFT;
	if (!pages)
		return -EINVAL;
	pfn = alloc_iova_fast(domain, pages, HEAP_DMA_LIMIT_PFN, true);
	if (!pfn)
		return -ENOMEM;
	iova = (uint64_t)pfn << PAGE_SHIFT;
	last.iova_pfn = pfn;
	last.pages = pages;
	heap_count_leaves(sgt, iova, &last);
	for_each_sgtable_sg(sgt, sg, i) {
		sg->dma_address = iova + sg->offset;
		sg->dma_length = sg->length;
		iova += ALIGN(sg->offset + sg->length, PAGE_SIZE);
	}
	sgt->nents = sgt->orig_nents;
	return 0;
}

void dma_unmap_sgtable(struct device *dev, struct sg_table *sgt,
		       enum dma_data_direction dir, unsigned long attrs)
{
	struct scatterlist *sg;
	unsigned long pages = 0;
	unsigned int i;

	for_each_sgtable_sg(sgt, sg, i)
		pages += (sg->offset + sg->length + PAGE_SIZE - 1) >> PAGE_SHIFT;
	if (domain && pages)
		free_iova_fast(domain, sg_dma_address(sgt->sgl) >> PAGE_SHIFT,
			       pages);
}
