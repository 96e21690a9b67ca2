// SPDX-License-Identifier: GPL-2.0-only
/*
 * The op a finding is named at: the one after which the state first
 * departs from the model.  The replayer runs the program again with
 * every check after every op (-e), in a fresh process (/proc/self/exe
 * --pin), as a run that failed leaves state a second run would inherit;
 * its signature is taken when its op is not after this run's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <shim/kcov.h>

#include "run.h"

/* The signature the run that just ended gives by itself. */
static void settle_own(void)
{
	snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv, run.where);
	run.cause_why[0] = '\0';
	if (run.kernel_said)
		return;
	if (!cause_name(run.cause, sizeof(run.cause), run.cause_why,
			sizeof(run.cause_why)))
		snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv,
			 run.where);
}

bool run_pin_by_exec;

/*
 * The signature the same program gives with every check after every op
 * (-e), from a replayer of its own: a fresh process (/proc/self/exe
 * --pin), as a run that failed leaves state a second run would inherit.
 * False if it found nothing or could not run.
 */
static bool pinned(const uint8_t *data, size_t size, char *cause,
		   size_t len, char *why, size_t wlen)
{
	int in[2], out[2], status;
	char buf[1024] = "", *nl, *p;
	size_t got = 0;
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
		close(in[1]);
		close(out[0]);
		/* Its allocations are this run's again: not logged twice. */
		unsetenv("IOVAFUZZ_FAIL_LOG");
		execl("/proc/self/exe", "iovafuzz-replay", "--pin", (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (pid > 0 && write(in[1], data, size) != (ssize_t)size)
		size = 0;
	close(in[1]);
	while (pid > 0 && got + 1 < sizeof(buf) &&
	       (k = read(out[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += k;
	buf[got] = '\0';
	close(out[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) != 1 || !size)
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

/*
 * The signature of the finding of the run that just ended, into
 * run.cause.  It is named in the op after which the state first departs
 * from the contract: the replayer runs the program again with every
 * check after every op (-e).  What kernel code reported itself (WARN,
 * maple-tree check) is named by where it said it.  Without a recorded
 * path (not the san flavour), the finding keeps the invariant and op it
 * was seen at.
 */
void cause_settle(const uint8_t *data, size_t size)
{
	char cause[sizeof(run.cause)], why[sizeof(run.cause_why)];
	unsigned int at = run.nr_recs;
	const uintptr_t *ev;
	bool lost;

	settle_own();
	if (!run_pin_by_exec || run.opts->every_op || run.kernel_said ||
	    !shim_kcov_read(&ev, &lost) ||
	    !pinned(data, size, cause, sizeof(cause), why, sizeof(why)))
		return;
	/* A full check can settle the model differently, so that later
	 * ops pick other ranges: a departure after the finding is
	 * another's (the op is in "cause: op #N"). */
	if (strncmp(why, "op #", 4) || strtoul(why + 4, NULL, 10) >= at)
		return;
	memcpy(run.cause, cause, sizeof(cause));
	memcpy(run.cause_why, why, sizeof(why));
}
