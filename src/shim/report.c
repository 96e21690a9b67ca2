// SPDX-License-Identifier: GPL-2.0-only
/*
 * Findings raised by kernel code (WARN_ON, maple tree self-checks,
 * might_sleep in atomic context) and the BUG_ON stop.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/gfp.h>

#include <shim/kcov.h>
#include <shim/report.h>
#include <shim/shim.h>

static struct shim_finding first;
static unsigned int nr_findings;
static int locks_held;

void shim_record(const char *kind, const char *file, int line,
		 const char *func, const char *what)
{
	const uintptr_t *evs;
	bool lost;

	if (!nr_findings++)
		first = (struct shim_finding){ kind, file, line, func, what,
					       shim_kcov_read(&evs, &lost) };
}

unsigned int shim_nr_findings(void)
{
	return nr_findings;
}

const struct shim_finding *shim_first_finding(void)
{
	return nr_findings ? &first : NULL;
}

void shim_clear_findings(void)
{
	nr_findings = 0;
}

char *shim_finding_signature(const struct shim_finding *f, char *buf,
			     size_t size)
{
	snprintf(buf, size, "%s %s", f->kind ? f->kind : "?",
		 f->func ? f->func : "?");
	return buf;
}

char *shim_finding_line(const struct shim_finding *f, char *buf, size_t size)
{
	char sig[128];

	snprintf(buf, size, "%s at %s:%d: %s",
		 shim_finding_signature(f, sig, sizeof(sig)),
		 f->file ? f->file : "?", f->line, f->what ? f->what : "");
	return buf;
}

void shim_warn(const char *file, int line, const char *func, const char *cond)
{
	fprintf(stderr, "WARNING: %s:%d %s(): WARN_ON(%s)\n", file, line,
		func, cond);
	shim_record("WARN", file, line, func, cond);
}

void shim_bug(const char *file, int line, const char *func, const char *what)
{
	fflush(stdout);
	fprintf(stderr, "kernel BUG at %s:%d %s(): %s\n", file, line, func,
		what);
	abort();
}

/* The maple tree's debug checks print, then call dump_stack(). */
void shim_dump_stack(const char *file, int line, const char *func)
{
	shim_record("MAPLE_CHECK", file, line, func, "dump_stack()");
}

void shim_might_sleep(const char *file, int line, const char *func)
{
	if (locks_held)
		shim_record("MIGHT_SLEEP", file, line, func,
			    "sleeping function called from atomic context");
}

void shim_might_alloc(unsigned int gfp, const char *file, int line,
		      const char *func)
{
	if (gfpflags_allow_blocking(gfp))
		shim_might_sleep(file, line, func);
}

int shim_locks_held(void)
{
	return locks_held;
}

void shim_lock_acquired(void)
{
	locks_held++;
}

void shim_lock_released(void)
{
	locks_held--;
}

void shim_report_reset(void)
{
	nr_findings = 0;
	locks_held = 0;
}
