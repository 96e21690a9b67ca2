// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a run prints: the op trace, and the report of a finding (title,
 * key: value lines, the program, the tree and the model around it).
 */
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

const char *run_signature(const char **why)
{
	*why = run.cause_why;
	return run.cause;
}

void run_describe(FILE *f)
{
	fprintf(f, "iovafuzz: tree %s (%s): ", glue_kernel_version, glue_flavour);
	if (*glue_caps.off)
		fprintf(f, "API-level checks where walkers are off: %s\n",
			glue_caps.off);
	else
		fprintf(f, "every check on (tree%s%s walked)\n",
			glue_caps.rcaches ? ", magazines" : "",
			glue_caps.markers ? ", deferred frees" : "");
}

/* ---- trace and report ---- */

void trace_op(FILE *f, unsigned int i)
{
	const struct op_rec *r = &run.recs[i];
	const unsigned long *a = r->arg;

	fprintf(f, "  #%-3u %s", i, op_kind_name(r->kind));
	switch (r->kind) {
	case OP_ALLOC:
		fprintf(f, "(size=%lu, limit=0x%lx, %s)", a[0], a[1],
			a[2] ? "aligned" : "unaligned");
		break;
	case OP_ALLOC_FAST:
		fprintf(f, "(size=%lu, limit=0x%lx, flush=%lu)", a[0], a[1], a[2]);
		break;
	case OP_FREE:
	case OP_FREE_UNKNOWN:
	case OP_FIND:
		fprintf(f, "(pfn=0x%lx)", a[0]);
		break;
	case OP___FREE:
		fprintf(f, "(iova at 0x%lx)", a[0]);
		break;
	case OP_FREE_FAST:
		fprintf(f, "(pfn=0x%lx, size=%lu)", a[0], a[1]);
		break;
	case OP_RESERVE:
		fprintf(f, "(0x%lx, 0x%lx)", a[0], a[1]);
		break;
	case OP_INJECT:
		fprintf(f, " %s %lu", a[0] == 1 ? "nonsleeping next op" :
			a[0] == 2 ? "class mask next op" :
			a[0] == 4 ? "nonsleeping, ops" : "nth", a[1]);
		break;
	case OP_REINIT:
		fprintf(f, "(%lu%s)", a[0], a[1] ? ", shared" : "");
		break;
	default:
		fprintf(f, "(%lu)", a[0]);
		break;
	}
	if (r->ret == 1)
		fprintf(f, " skipped");
	else if (r->kind == OP_FIND && r->ret)
		fprintf(f, r->ret < 0 ? " = NULL" : " = non-NULL (not read)");
	else if (r->kind <= OP_FIND || r->kind == OP_RESERVE)
		fprintf(f, r->ret ? " = fail" : " = [0x%lx-0x%lx]", r->lo, r->hi);
	if (r->injected)
		fprintf(f, "  (%lu allocation%s failed by injection)",
			r->injected, r->injected > 1 ? "s" : "");
	if (r->retry)
		fprintf(f, "  (retry, injection off)");
	fputc('\n', f);
}

static void dump_around(FILE *f)
{
	unsigned long lo = run.at_lo > 64 ? run.at_lo - 64 : 0;
	unsigned long hi = run.at_hi + 64 < run.at_hi ? ULONG_MAX : run.at_hi + 64;
	size_t i;

	if (!run.at_lo && !run.at_hi) {
		lo = 0;
		hi = ULONG_MAX;
	}
	if (!run.domain_up) {
		fprintf(f, "live objects after put_iova_domain():\n");
		shim_dump_live(f);
		return;
	}
	fprintf(f, "tree [0x%lx-0x%lx]:\n", lo, hi);
	walk_tree();
	for (i = 0; i < run.nr_tree; i++)
		if (run.tree[i].hi >= lo && run.tree[i].lo <= hi)
			fprintf(f, "  [0x%04lx-0x%04lx]%s\n", run.tree[i].lo,
				run.tree[i].hi, run.tree[i].marker ? " marker" : "");
	fprintf(f, "model [0x%lx-0x%lx]:\n", lo, hi);
	settle_cached_cpus(false);
	model_dump(&run.m, f, lo, hi);
}

void report(FILE *f, const uint8_t *data, size_t size)
{
	unsigned int i;

	fprintf(f, "iovafuzz: %s %s in op #%u: %s\n\n", run.inv, run.where,
		run.nr_recs ? run.nr_recs - 1 : 0, run.detail);
	fprintf(f, "invariant: %s\n", run.inv);
	fprintf(f, "signature: %s\n", run.cause);
	fprintf(f, "reached:   %s %s\n", run.inv, run.where);
	if (run.cause_why[0])
		fprintf(f, "cause:     %s\n", run.cause_why);
	fprintf(f, "op:        %u\n", run.nr_recs ? run.nr_recs - 1 : 0);
	fprintf(f, "tree:      %s (%s)\n", glue_kernel_version, glue_flavour);
	fprintf(f, "domain:    granule=%lu start_pfn=0x%lx dma_32bit_pfn=0x%lx cpus=%u rcaches=%s\n",
		1UL << run.prog.dom.granule_shift, run.start_pfn, run.dma32,
		run.prog.dom.nr_cpus, run.prog.dom.rcaches ? "on" : "off");
	fprintf(f, "injected:  %lu allocation failures in all\n",
		shim_total_stats()->injected);
	if (*glue_caps.off)
		fprintf(f, "checks:    API level where walkers are off: %s\n",
			glue_caps.off);
	fprintf(f, "input:     %zu bytes:", size);
	for (i = 0; i < size && i < 64; i++)
		fprintf(f, " %02x", data[i]);
	fprintf(f, "%s\n\nprogram:\n", size > 64 ? " ..." : "");
	for (i = 0; i < run.nr_recs; i++)
		trace_op(f, i);
	fputc('\n', f);
	dump_around(f);
	fflush(f);
}

/*
 * The op in progress: the rest of a per-op finding's signature.  For
 * COMPLETE the flags that pick the allocator's path matter too (aligned
 * search, flushing fast path, the retry after an injected failure); a
 * range that breaks BOUNDS, SIZE or ALIGN is one bug whatever they were.
 */
void op_where(char *buf, size_t len)
{
	const struct op_rec *r = run.nr_recs ? &run.recs[run.nr_recs - 1] : NULL;
	const char *flags = "";

	if (!r) {
		snprintf(buf, len, "init_iova_domain");
		return;
	}
	if (strcmp(run.inv, "COMPLETE")) {
		snprintf(buf, len, "%s", op_kind_name(r->kind));
		return;
	}
	if (r->kind == OP_ALLOC)
		flags = r->arg[2] ? " aligned" : " unaligned";
	else if (r->kind == OP_ALLOC_FAST && r->arg[2])
		flags = " flush";
	snprintf(buf, len, "%s%s%s", op_kind_name(r->kind), flags,
		 r->retry ? " retry" : "");
}
