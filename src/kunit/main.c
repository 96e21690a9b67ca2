// SPDX-License-Identifier: GPL-2.0-only
/*
 * A KUnit runner binary: the KUnit files linked into it register their
 * suites at start-up; main() runs them all and prints KTAP on stdout.
 *
 *   runner [--fail-nth] [--fail-nth-max N]
 *
 * Exit status: 0 every case passed or was skipped, 1 a case failed,
 * crashed, leaked or warned (with --fail-nth: also under injection),
 * 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#include <shim/shim.h>

#include "runtime.h"

/* One CPU, as kunit.py's default UML kernel. */
#define KUNIT_CPUS 1

/*
 * Failure messages print pointers (%px) and sanitizer reports addresses:
 * without address-space randomisation they are the same on every run.
 * Where the personality cannot be changed, the run goes on as it is.
 */
static void no_aslr(char **argv)
{
	int cur = personality(0xffffffff);

	if (cur == -1 || (cur & ADDR_NO_RANDOMIZE))
		return;
	if (personality(cur | ADDR_NO_RANDOMIZE) == -1)
		return;
	execv("/proc/self/exe", argv);
}

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--fail-nth] [--fail-nth-max N]\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	struct kunit_options opt = { .fail_nth_max = 10000 };
	char *end;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fail-nth")) {
			opt.fail_nth = true;
		} else if (!strcmp(argv[i], "--fail-nth-max") && i + 1 < argc) {
			opt.fail_nth_max = strtoul(argv[++i], &end, 0);
			if (*end || !opt.fail_nth_max)
				usage(argv[0]);
		} else {
			usage(argv[0]);
		}
	}
	no_aslr(argv);
	/* Line-buffered: a crashing case keeps what it printed. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	shim_reset(KUNIT_CPUS);
	return kunit_runtime_run_all(&opt) ? 0 : 1;
}
