// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dma-buf core as the heaps see it (see linux/dma-buf.h): export,
 * the last put calling ->release, attach/map through the exporter's ops.
 */
#include <linux/dma-buf.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include <heap/harness.h>

struct dma_buf *dma_buf_export(const struct dma_buf_export_info *exp_info)
{
	struct dma_buf *d;

	if (!exp_info->ops || !exp_info->ops->map_dma_buf ||
	    !exp_info->ops->unmap_dma_buf || !exp_info->ops->release)
		return ERR_PTR(-EINVAL);
	if (heap_obj_fail())
		return ERR_PTR(-ENOMEM);
	d = shim_kmalloc(sizeof(*d), GFP_KERNEL | __GFP_ZERO, __func__);
	if (!d)
		return ERR_PTR(-ENOMEM);
	d->size = exp_info->size;
	d->ops = exp_info->ops;
	d->exp_name = exp_info->exp_name;
	d->priv = exp_info->priv;
	d->flags = exp_info->flags;
	return d;
}

void dma_buf_put(struct dma_buf *dmabuf)
{
	dmabuf->ops->release(dmabuf);
	kfree(dmabuf);
}

struct dma_buf_attachment *dma_buf_attach(struct dma_buf *dmabuf,
					  struct device *dev)
{
	struct dma_buf_attachment *a;
	int ret = 0;

	if (heap_obj_fail())
		return ERR_PTR(-ENOMEM);
	a = shim_kmalloc(sizeof(*a), GFP_KERNEL | __GFP_ZERO, __func__);
	if (!a)
		return ERR_PTR(-ENOMEM);
	a->dmabuf = dmabuf;
	a->dev = dev;
	if (dmabuf->ops->attach)
		ret = dmabuf->ops->attach(dmabuf, a);
	if (ret) {
		kfree(a);
		return ERR_PTR(ret);
	}
	return a;
}

void dma_buf_detach(struct dma_buf *dmabuf, struct dma_buf_attachment *a)
{
	if (dmabuf->ops->detach)
		dmabuf->ops->detach(dmabuf, a);
	kfree(a);
}

struct sg_table *dma_buf_map_attachment(struct dma_buf_attachment *a,
					enum dma_data_direction dir)
{
	struct sg_table *t = a->dmabuf->ops->map_dma_buf(a, dir);

	return t ? t : ERR_PTR(-ENOMEM);
}

void dma_buf_unmap_attachment(struct dma_buf_attachment *a,
			      struct sg_table *sgt,
			      enum dma_data_direction dir)
{
	a->dmabuf->ops->unmap_dma_buf(a, sgt, dir);
}

int dma_buf_vmap(struct dma_buf *dmabuf, struct iosys_map *map)
{
	iosys_map_clear(map);
	return dmabuf->ops->vmap ? dmabuf->ops->vmap(dmabuf, map) : -EINVAL;
}

void dma_buf_vunmap(struct dma_buf *dmabuf, struct iosys_map *map)
{
	if (dmabuf->ops->vunmap)
		dmabuf->ops->vunmap(dmabuf, map);
}

/* No memory behind the pages: a mapping is an accounted token, one byte
 * per page, after checking every page pointer is a page. */
void *vmap(struct page **pages, unsigned int count, unsigned long flags,
	   pgprot_t prot)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		if (!pages[i])
			return NULL;
	if (heap_obj_fail())
		return NULL;
	return shim_kmalloc(count ? count : 1, GFP_KERNEL, __func__);
}

void vunmap(const void *addr)
{
	kfree(addr);
}
