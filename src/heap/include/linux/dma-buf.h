/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The exporter side of dma-buf, as thin as the heaps need: an exported
 * buffer is an accounted struct dma_buf holding the exporter's ops and
 * priv; importers attach, map, and the last put runs ->release.  No file,
 * no fences, no reservation object (one thread, no fd).
 */
#ifndef _HEAP_LINUX_DMA_BUF_H
#define _HEAP_LINUX_DMA_BUF_H

#include <linux/dma-mapping.h>
#include <linux/iosys-map.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/types.h>

struct dma_buf;
struct dma_buf_attachment;
struct sg_table;
struct vm_area_struct;
struct module;


struct dma_buf_ops {
	int (*attach)(struct dma_buf *, struct dma_buf_attachment *);
	void (*detach)(struct dma_buf *, struct dma_buf_attachment *);
	struct sg_table *(*map_dma_buf)(struct dma_buf_attachment *,
					enum dma_data_direction);
	void (*unmap_dma_buf)(struct dma_buf_attachment *, struct sg_table *,
			      enum dma_data_direction);
	void (*release)(struct dma_buf *);
	int (*begin_cpu_access)(struct dma_buf *, enum dma_data_direction);
	int (*end_cpu_access)(struct dma_buf *, enum dma_data_direction);
	int (*mmap)(struct dma_buf *, struct vm_area_struct *vma);
	int (*vmap)(struct dma_buf *dmabuf, struct iosys_map *map);
	void (*vunmap)(struct dma_buf *dmabuf, struct iosys_map *map);
};

struct dma_buf {
	size_t size;
	const struct dma_buf_ops *ops;
	const char *exp_name;
	void *priv;
	int flags;
};

struct dma_buf_attachment {
	struct dma_buf *dmabuf;
	struct device *dev;
	void *priv;
};

struct dma_buf_export_info {
	const char *exp_name;
	struct module *owner;
	const struct dma_buf_ops *ops;
	size_t size;
	int flags;
	void *priv;
};

#define DEFINE_DMA_BUF_EXPORT_INFO(name)				\
	struct dma_buf_export_info name = { .exp_name = __func__,	\
					    .owner = THIS_MODULE }

struct dma_buf *dma_buf_export(const struct dma_buf_export_info *exp_info);

/* The importer side, for the harness (dma-buf.c's semantics). */
void dma_buf_put(struct dma_buf *dmabuf);
struct dma_buf_attachment *dma_buf_attach(struct dma_buf *dmabuf,
					  struct device *dev);
void dma_buf_detach(struct dma_buf *dmabuf, struct dma_buf_attachment *a);
struct sg_table *dma_buf_map_attachment(struct dma_buf_attachment *a,
					enum dma_data_direction dir);
void dma_buf_unmap_attachment(struct dma_buf_attachment *a,
			      struct sg_table *sgt,
			      enum dma_data_direction dir);
int dma_buf_vmap(struct dma_buf *dmabuf, struct iosys_map *map);
void dma_buf_vunmap(struct dma_buf *dmabuf, struct iosys_map *map);

#endif
