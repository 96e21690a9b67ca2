// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ops on the domain's surroundings: CPU switch and hotplug, delayed
 * work, cache flushes, drains of deferred frees, and failure injection.
 */
#include <stdlib.h>

#include <linux/smp.h>
#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/* ---- environment ops ---- */

static unsigned int online_cpu(unsigned int k)
{
	unsigned int n = run.prog.dom.nr_cpus, i;

	for (i = 0; i < n; i++)
		if (cpu_online((k + i) % n))
			return (k + i) % n;
	return 0;
}

static void flush_global(void)
{
	raw(RAW_FLUSH_GLOBAL, 0, 0, 0);
	KERNEL(glue_flush_global(&run.iovad));
}

static void flush_cpu(unsigned int cpu)
{
	raw(RAW_FLUSH_CPU, cpu, 0, 0);
	KERNEL(glue_flush_cpu(&run.iovad, cpu));
}

/* With no allocation failing, a drain leaves no marker behind. */
/* With no allocation failing, a drain leaves no deferred free behind:
 * no marker, and where the design retries in delayed work, no work. */
bool run_drain(struct op_rec *rec)
{
	unsigned int runs;

	raw(RAW_DRAIN, 0, 0, 0);
	KERNEL(rec->arg[0] = glue_drain_deferred(&run.iovad));
	rec->injected = shim_op_stats()->injected;
	settle_deferred(0, ULONG_MAX);
	/* Where a drain runs all delayed work, the depot's trimming ran
	 * too: the caches changed wholesale, as after run_delayed_work. */
	if (glue_caps.drain_runs_work) {
		run.full_check = true;
		if (!sync_caches())
			return false;
	}
	if (rec->injected)
		return true;
	if (glue_caps.drain_runs_work && shim_pending_work()) {
		shim_work_stall(&runs);
		return fail("DEFERRED_PROGRESS", "work-pending", 0, 0,
			    "%u work item(s) still pending after running all work with no allocation failing (a stalled item ran %u times)",
			    shim_pending_work(), runs);
	}
	if (rec->arg[0])
		return fail("DEFERRED_LIVENESS", NULL, 0, 0,
			    "%lu marker(s) left after a drain with no allocation failure",
			    rec->arg[0]);
	settle_unseen();
	return true;
}

bool run_env(const struct prog_op *op)
{
	unsigned int cpu = op->a % run.prog.dom.nr_cpus;
	struct op_rec *rec = rec_new(op->kind, cpu, op->c & 1, 0);

	switch (op->kind) {
	case OP_CPU_SWITCH:
		raw(RAW_CPU_SWITCH, online_cpu(cpu), 0, 0);
		shim_set_cpu(online_cpu(cpu));
		rec->arg[0] = smp_processor_id();
		break;
	case OP_CPU_OFFLINE:
		raw(RAW_CPU_OFFLINE, cpu, 0, 0);
		KERNEL(rec->ret = shim_cpu_offline(cpu) ? 0 : -1);
		break;
	case OP_CPU_ONLINE:
		raw(RAW_CPU_ONLINE, cpu, 0, 0);
		KERNEL(rec->ret = shim_cpu_online(cpu) ? 0 : -1);
		break;
	case OP_RUN_WORK:
		raw(RAW_RUN_WORK, 0, 0, 0);
		KERNEL(rec->arg[0] = shim_run_delayed_work());
		break;
	case OP_FLUSH:
		if (!run.prog.dom.rcaches || !glue_caps.rcaches)
			rec->ret = 1;
		else if (op->c & 1)
			flush_global();
		else
			flush_cpu(cpu);
		break;
	case OP_DRAIN:
		return run_drain(rec);
	default:
		break;
	}
	rec->injected = shim_op_stats()->injected;
	if (op->kind == OP_CPU_SWITCH || op->kind == OP_CPU_ONLINE)
		return true;
	run.full_check = true;		/* caches changed wholesale */
	return sync_caches();
}

void run_inject(const struct prog_op *op)
{
	struct op_rec *rec = rec_new(OP_INJECT, op->a & 3, 0, 0);

	switch (op->a & 3) {
	case 0:
		rec->arg[1] = 1 + op->b % 16;
		raw(RAW_INJECT_NTH, rec->arg[1], 0, 0);
		shim_inject_nth(rec->arg[1]);
		break;
	case 1:
		if (op->a & 4) {	/* memory pressure that lasts */
			rec->arg[0] = 4;
			rec->arg[1] = 2 + op->b % 31;
			raw(RAW_INJECT_PRESSURE, rec->arg[1] + 1, 0, 0);
			shim_inject_pressure(rec->arg[1] + 1);
			break;
		}
		run.pending_inject = 1;
		break;
	case 2:
		run.pending_inject = 2;
		run.pending_mask = 1 + op->b % 15;
		rec->arg[1] = run.pending_mask;
		break;
	default:
		rec->arg[1] = 1 + op->b;
		raw(RAW_INJECT_NTH, rec->arg[1], 0, 0);
		shim_inject_nth(rec->arg[1]);
		break;
	}
}
