// SPDX-License-Identifier: GPL-2.0-only
/* Bytes to a system_heap program (the format: heap_prog.h). */
#include <string.h>

#include "heap_prog.h"

const unsigned int heap_age_orders[4] = { 10, 9, 8, 4 };

static const unsigned int noreclaim_rate[8] = { 0, 50, 100, 200, 300, 500,
						800, 1000 };
static const unsigned int reclaim_rate[4] = { 0, 5, 20, 100 };

/* Size classes: up to 256 KiB; 64 KiB multiples and a few pages; about
 * 1 MiB multiples; anything up to HEAP_MAX_PAGES. */
static unsigned long alloc_pages_of(unsigned int cls, unsigned int v)
{
	switch (cls) {
	case 0:
		return 1 + v % 64;
	case 1:
		return 16 * (1 + v % 32) + (v >> 5) % 16;
	case 2:
		return 256 * (1 + v % 16) + (v >> 4) % 256;
	default:
		return 1 + v * 8191UL / 65535;
	}
}

static void decode_op(const uint8_t *b, struct heap_op *op)
{
	unsigned int v = (unsigned int)b[1] << 8 | b[2];

	memset(op, 0, sizeof(*op));
	op->a = b[1];
	op->b = b[2];
	op->flag = b[0] & 8;
	switch (b[0] & 7) {
	case 0:
	case 1:
		op->kind = HOP_ALLOC;
		op->pages = alloc_pages_of((b[0] >> 3) & 3, v);
		break;
	case 2:
		op->kind = HOP_FREE;
		break;
	case 3:
		op->kind = HOP_INJECT;
		break;
	case 4:
		op->kind = HOP_NTH;
		break;
	case 5:
		op->kind = HOP_SIGNAL;
		break;
	case 6:
		op->kind = HOP_AGE;
		break;
	default:
		op->kind = HOP_IMPORT;
		break;
	}
}

void heap_decode(const uint8_t *data, size_t size, struct heap_prog *p)
{
	uint8_t h[HEAP_HDR] = { 0 };
	unsigned int i;

	memset(p, 0, sizeof(*p));
	memcpy(h, data, size < HEAP_HDR ? size : HEAP_HDR);
	p->nr_blocks = 4 + (h[0] & 31);
	for (i = 0; i < 4; i++)
		p->age_permille[i] = h[1 + i] * 1000u / 255;
	p->shuffle = h[5] & 1;
	p->noreclaim = noreclaim_rate[(h[5] >> 1) & 7];
	p->reclaim = reclaim_rate[(h[5] >> 4) & 3];
	p->seed = (uint64_t)h[6] << 8 | h[7];
	if (size <= HEAP_HDR)
		return;
	data += HEAP_HDR;
	size -= HEAP_HDR;
	for (i = 0; i < HEAP_MAX_OPS && size >= HEAP_OP_SIZE; i++) {
		decode_op(data, &p->ops[i]);
		data += HEAP_OP_SIZE;
		size -= HEAP_OP_SIZE;
	}
	p->nr_ops = i;
}

void heap_print_op(FILE *f, const struct heap_op *op)
{
	switch (op->kind) {
	case HOP_ALLOC:
		fprintf(f, "alloc(%lu pages)", op->pages);
		break;
	case HOP_FREE:
		fprintf(f, "dma_buf_put(buffer %u)", op->a);
		break;
	case HOP_INJECT:
		fprintf(f, "inject(noreclaim=%u, reclaim=%u permille)",
			op->a * 1000 / 255, op->b / 8);
		break;
	case HOP_NTH:
		if (op->flag)
			fprintf(f, "fail page request #%u of the next alloc",
				op->a % 64 + 1);
		else
			fprintf(f, op->b % 8 ? "fail dma-buf object #%u of the next op" :
				"fail every kmalloc of the next op%.0u",
				op->b % 8);
		break;
	case HOP_SIGNAL:
		fprintf(f, "fatal signal at check #%u of the next alloc",
			op->a % 64 + 1);
		break;
	case HOP_AGE:
		if (op->a & 1)
			fprintf(f, "others take %u block(s) of order %u",
				op->b % 16 + 1, (op->a >> 1) % 11);
		else
			fprintf(f, "others give back block %u", op->b);
		break;
	case HOP_IMPORT:
		fprintf(f, "%s(buffer %u)", op->b & 1 ? "vmap+vunmap" :
			"attach+map+unmap+detach", op->a);
		break;
	}
}
