// SPDX-License-Identifier: GPL-2.0-only
/* Bytes to program: total, deterministic, and never a size of 0. */
#include <stdbool.h>
#include <string.h>

#include "program.h"

/* Weighted: allocations and frees dominate, control ops are rarer. */
static const enum op_kind kind_table[32] = {
	OP_ALLOC, OP_ALLOC, OP_ALLOC, OP_ALLOC, OP_ALLOC, OP_REPEAT,
	OP_ALLOC_FAST, OP_ALLOC_FAST, OP_ALLOC_FAST, OP_ALLOC_FAST,
	OP_ALLOC_FAST,
	OP_FREE, OP_FREE, OP_FREE, OP___FREE, OP___FREE,
	OP_FREE_FAST, OP_FREE_FAST, OP_FREE_FAST, OP_FREE_FAST,
	OP_FIND, OP_FIND, OP_FREE_UNKNOWN, OP_RESERVE,
	OP_CPU_SWITCH, OP_CPU_OFFLINE, OP_CPU_ONLINE, OP_RUN_WORK,
	OP_FLUSH, OP_INJECT, OP_DRAIN, OP_REINIT,
};

const char *op_kind_name(enum op_kind kind)
{
	static const char *const names[OP_NR_KINDS] = {
		[OP_ALLOC] = "alloc_iova",
		[OP_ALLOC_FAST] = "alloc_iova_fast",
		[OP_FREE] = "free_iova",
		[OP___FREE] = "__free_iova",
		[OP_FREE_FAST] = "free_iova_fast",
		[OP_FIND] = "find_iova",
		[OP_FREE_UNKNOWN] = "free_iova",
		[OP_RESERVE] = "reserve_iova",
		[OP_CPU_SWITCH] = "cpu_switch",
		[OP_CPU_OFFLINE] = "cpu_offline",
		[OP_CPU_ONLINE] = "cpu_online",
		[OP_RUN_WORK] = "run_delayed_work",
		[OP_FLUSH] = "flush_rcache",
		[OP_INJECT] = "inject",
		[OP_DRAIN] = "drain_deferred",
		[OP_REINIT] = "put_iova_domain+init",
		[OP_REPEAT] = "repeat",
	};

	return kind < OP_NR_KINDS ? names[kind] : "?";
}

unsigned long prog_size(uint8_t a)
{
	switch (a >> 6) {
	case 0:
		return 1 + (a & 63);		/* 1..64 */
	case 1:
		return 1UL << (a & 7);		/* 1..128 */
	case 2:
		return 2 * (a & 63) + 1;	/* odd 1..127 */
	default:
		return 16 * (1 + (a & 63));	/* 16..1024 */
	}
}

unsigned int prog_repeat(const struct prog_op *op)
{
	return 1 + op->a + 256 * (op->b & 1);
}

static uint8_t byte_at(const uint8_t *data, size_t size, size_t i)
{
	return i < size ? data[i] : 0;
}

void prog_decode(const uint8_t *data, size_t size, struct program *p)
{
	uint8_t h0 = byte_at(data, size, 0), h1 = byte_at(data, size, 1);
	size_t i, n;

	p->dom.nr_cpus = 1 + (h0 & 7);
	p->dom.rcaches = !(h0 & 8);
	p->dom.granule_shift = 12 - ((h0 >> 4) & 3);
	p->dom.start_mode = h1 & 3;
	p->dom.start_arg = h1 >> 2;

	n = size > PROG_HDR_BYTES ? (size - PROG_HDR_BYTES) / PROG_OP_BYTES : 0;
	if (n > PROG_MAX_OPS)
		n = PROG_MAX_OPS;
	p->nr_ops = n;
	for (i = 0; i < n; i++) {
		const uint8_t *op = data + PROG_HDR_BYTES + i * PROG_OP_BYTES;

		enum op_kind kind = kind_table[op[0] & 31];

		/* Re-init wipes the state the program built: keep it rare. */
		if (kind == OP_REINIT && (op[0] >> 5) != 7)
			kind = OP_FIND;
		p->ops[i] = (struct prog_op){ kind, op[1], op[2], op[3] };
	}
}
