// SPDX-License-Identifier: GPL-2.0-only
/*
 * The op a finding is named at: the one after which the state first
 * departs from the model.  The replayer runs the program again with
 * every check after every op (-e), in a fresh process (/proc/self/exe
 * --pin), as a run that failed leaves state a second run would inherit;
 * its signature is taken when its op is not after this run's own.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <shim/kcov.h>
#include <shim/shim.h>

#include "run.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PIN_AT_DEATH 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

/* Did kernel code complain in the tree's iova.c (not in the maple tree
 * or another file it calls)? */
static bool said_in_iova(const struct shim_finding *f)
{
	const char *tail = "drivers/iommu/iova.c";
	size_t n = f && f->file ? strlen(f->file) : 0;

	return n >= strlen(tail) && !strcmp(f->file + n - strlen(tail), tail);
}

/*
 * The signature the run that just ended gives by itself: its cause
 * (cause.c); for a leak, what leaked (the caches of the objects still
 * live: NO_LEAK iova_magazine).  A complaint of iova.c's own (a WARN_ON
 * in the insert a broken search reached) is one more promise the op
 * broke, named by the same cause, in the path up to the complaint; one
 * made elsewhere (the maple tree's) is named by where it was made, and
 * so is sleeping in atomic context: the call that may sleep is the bug,
 * whichever decision led to it.
 */
static void settle_own(void)
{
	const struct shim_finding *f = shim_first_finding();

	snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv, run.where);
	run.cause_why[0] = '\0';
	cause_print_path();
	if (run.kernel_said &&
	    (!said_in_iova(f) || !strcmp(f->kind, "MIGHT_SLEEP")))
		return;
	if (!strcmp(run.inv, "NO_LEAK") && run.leaked[0]) {
		snprintf(run.cause, sizeof(run.cause), "NO_LEAK %s",
			 run.leaked);
		return;
	}
	if (!cause_name(run.cause, sizeof(run.cause), run.cause_why,
			sizeof(run.cause_why),
			run.kernel_said ? f->path_at : SIZE_MAX))
		snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv,
			 run.where);
}

bool run_pin_by_exec;

/*
 * The signature the same program gives with every check after every op
 * (-e), from a replayer of its own: a fresh process (/proc/self/exe
 * --pin), as a run that failed leaves state a second run would inherit;
 * with op #@unaligned-1 of alloc_iova() unaligned, if not 0.  False if
 * it found nothing or could not run.
 */
static bool pinned(const uint8_t *data, size_t size, unsigned int unaligned,
		   bool mute, char *cause, size_t len, char *why, size_t wlen)
{
	char arg[16];

	int in[2], out[2], status;
	char buf[1024] = "", *nl, *p;
	size_t got = 0;
	bool written = true;
	ssize_t k;
	pid_t pid;

	if (pipe(in))
		return false;
	if (pipe(out)) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	fflush(NULL);
	pid = fork();
	if (!pid) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (mute)	/* its sanitizer report is this run's again */
			dup2(open("/dev/null", O_WRONLY), 2);
		close(in[1]);
		close(out[0]);
		/* Its allocations are this run's again: not logged twice. */
		unsetenv("IOVAFUZZ_FAIL_LOG");
		snprintf(arg, sizeof(arg), "%u", unaligned);
		execl("/proc/self/exe", "iovafuzz-replay", "--pin", arg,
		      (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (pid > 0 && write(in[1], data, size) != (ssize_t)size)
		written = false;
	close(in[1]);
	while (pid > 0 && got + 1 < sizeof(buf) &&
	       (k = read(out[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += k;
	buf[got] = '\0';
	close(out[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) != 1 || !written)
		return false;
	p = strstr(buf, "signature: ");
	nl = p ? strchr(p, '\n') : NULL;
	if (!nl)
		return false;
	*nl = '\0';
	snprintf(cause, len, "%s", p + 11);
	p = strstr(nl + 1, "cause: ");
	nl = p ? strchr(p, '\n') : NULL;
	if (nl)
		*nl = '\0';
	snprintf(why, wlen, "%s, every check after every op",
		 p ? p + 7 : "its first departure");
	return true;
}

/* The op of a signature's "cause: op #N ...", -1 for "cause: init ..."
 * (the domain's init, before op #0). */
static long op_of(const char *why, long none)
{
	if (!strncmp(why, "init ", 5))
		return -1;
	return strncmp(why, "op #", 4) ? none : strtol(why + 4, NULL, 10);
}

/*
 * A counterfactual: does the aligned alloc_iova() of op #@op pass when
 * it asks for no alignment, all else the same?  Then the aligned path of
 * the search is at fault (said on the report's cause: line).
 */
static bool passes_unaligned(const uint8_t *data, size_t size,
			     unsigned int op)
{
	const struct op_rec *r = op < run.nr_recs ? &run.recs[op] : NULL;
	char cause[sizeof(run.cause)], why[sizeof(run.cause_why)];

	if (!r || r->kind != OP_ALLOC || !r->arg[2])
		return false;
	return !pinned(data, size, op + 1, false, cause, sizeof(cause), why,
		       sizeof(why)) || op_of(why, op + 1) > (long)op;
}

/*
 * The signature of the finding of the run that just ended, into
 * run.cause.  It is named in the op after which the state first departs
 * from the contract: the replayer runs the program again with every
 * check after every op (-e), and names the cause there (cause.c).  How
 * it was found (run.cause_why) says whether an aligned request passes
 * unaligned: a hint for the maintainer, not part of the signature, as
 * alloc_iova_fast() aligns by itself and cannot be asked otherwise.
 * What kernel code outside iova.c reported itself (the maple tree's
 * WARN) is named by where it said it.  Without a recorded path (not the
 * san flavour), the finding keeps the invariant and op it was seen at.
 */
void cause_settle(const uint8_t *data, size_t size)
{
	char cause[sizeof(run.cause)], why[sizeof(run.cause_why)];
	unsigned int at = run.nr_recs;
	size_t k;

	settle_own();
	if (!run_pin_by_exec || !shim_kcov_built() ||
	    (run.kernel_said && !said_in_iova(shim_first_finding())))
		return;
	/* A full check can settle the model differently, so that later
	 * ops pick other ranges: a departure after the finding is
	 * another's (the op is in "cause: op #N"). */
	if (!run.opts->every_op && !run.kernel_said &&
	    pinned(data, size, 0, false, cause, sizeof(cause), why,
		   sizeof(why)) &&
	    op_of(why, at) < (long)at) {
		memcpy(run.cause, cause, sizeof(cause));
		memcpy(run.cause_why, why, sizeof(why));
	}
	k = strlen(run.cause_why);
	if (run.opts->try_unaligned &&
	    passes_unaligned(data, size, op_of(run.cause_why, at - 1)))
		snprintf(run.cause_why + k, sizeof(run.cause_why) - k,
			 "; it passes unaligned");
}

#ifdef PIN_AT_DEATH
static const uint8_t *armed_data;
static size_t armed_size;

/*
 * A sanitizer ends the run in op #nr_recs-1 (a use-after-free, an index
 * out of bounds).  If the program departs from the model at that op or
 * before it, every check after every op, the report is named there too:
 * the read of a pointer an earlier op left dangling (a search's start
 * node on a freed range) is that op's, whichever later op reads it.
 * Printed after the sanitizer's report, where signature.py looks first.
 */
static void named_at_death(void)
{
	char cause[sizeof(run.cause)], why[sizeof(run.cause_why)];

	if (armed_data && shim_kcov_built() &&
	    pinned(armed_data, armed_size, 0, true, cause, sizeof(cause), why,
		   sizeof(why)) &&
	    op_of(why, run.nr_recs) < (long)run.nr_recs)
		printf("signature: %s\ncause:     %s\n", cause, why);
	fflush(stdout);
}

void run_pin_at_death(const uint8_t *data, size_t size)
{
	static bool set;

	armed_data = data;
	armed_size = size;
	if (!set)
		__sanitizer_set_death_callback(named_at_death);
	set = true;
}
#else
void run_pin_at_death(const uint8_t *data, size_t size)
{
}
#endif
