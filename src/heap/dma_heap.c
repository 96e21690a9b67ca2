// SPDX-License-Identifier: GPL-2.0-only
/*
 * dma-heap registration and the allocation path of DMA_HEAP_IOCTL_ALLOC
 * (length page-aligned, zero refused), plus the fatal signal the harness
 * can raise.  One heap at a time is enough for one target.
 */
#include <linux/dma-heap.h>
#include <linux/err.h>
#include <linux/mm.h>

#include <heap/harness.h>

struct dma_heap {
	const char *name;
	const struct dma_heap_ops *ops;
	void *priv;
	bool used;
};

static struct dma_heap the_heap;
static unsigned long signal_after;
static bool signal_fired;

struct dma_heap *dma_heap_add(const struct dma_heap_export_info *exp_info)
{
	if (!exp_info->name || !exp_info->ops || !exp_info->ops->allocate)
		return ERR_PTR(-EINVAL);
	if (the_heap.used)
		return ERR_PTR(-EEXIST);
	the_heap = (struct dma_heap){ exp_info->name, exp_info->ops,
				      exp_info->priv, true };
	return &the_heap;
}

const char *dma_heap_get_name(struct dma_heap *heap)
{
	return heap->name;
}

void *dma_heap_get_drvdata(struct dma_heap *heap)
{
	return heap->priv;
}

struct dma_heap *shim_dma_heap_last(void)
{
	return the_heap.used ? &the_heap : NULL;
}

void shim_dma_heap_reset(void)
{
	the_heap.used = false;
}

struct dma_buf *shim_dma_heap_alloc(struct dma_heap *heap, unsigned long len)
{
	len = PAGE_ALIGN(len);
	if (!len)
		return ERR_PTR(-EINVAL);
	/* O_RDWR | O_CLOEXEC, no heap flags: what userspace passes. */
	return heap->ops->allocate(heap, len, 02 | 02000000, 0);
}

static unsigned long obj_nth, obj_injected;

void heap_inject_obj(unsigned long n)
{
	obj_nth = n;
	obj_injected = 0;
}

bool heap_obj_fail(void)
{
	if (!obj_nth || --obj_nth)
		return false;
	obj_injected++;
	return true;
}

unsigned long heap_obj_injected(void)
{
	return obj_injected;
}

void heap_signal_after(unsigned long n)
{
	signal_after = n;
	if (n)
		signal_fired = false;
}

bool heap_signal_fired(void)
{
	return signal_fired;
}

bool shim_fatal_signal_pending(void)
{
	if (!signal_after)
		return false;
	if (signal_after > 1) {
		signal_after--;
		return false;
	}
	signal_fired = true;
	return true;
}
