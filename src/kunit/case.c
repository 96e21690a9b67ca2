// SPDX-License-Identifier: GPL-2.0-only
/*
 * One run of one case, in a child process: the kernel runs a case in a
 * kthread and catches its faults; here a fork catches a crash (signal,
 * sanitizer report, BUG) and the parent reports it and goes on.  The
 * child's result comes back through a pipe; no result means it died.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <shim/shim.h>

#include "runtime.h"

/* Work that re-queues itself longer than this is not settling. */
#define SETTLE_ROUNDS 1024
/* A case still running after this long is killed: the kernel's KUnit
 * default timeout. */
#define CASE_TIMEOUT_S 300

static char first_failure[256];

void kunit_runtime_note_failure(const char *line)
{
	size_t n;

	if (first_failure[0])
		return;
	snprintf(first_failure, sizeof(first_failure), "%s", line);
	n = strcspn(first_failure, "\n");
	first_failure[n] = '\0';
}

__attribute__((noreturn))
void __kunit_abort(struct kunit *test)
{
	longjmp(test->abort_to, 1);
}

/* init, the case, exit and cleanup, each abortable as in the kernel;
 * true if an assertion or kunit_skip() ended init or the case early. */
static bool run_body(struct kunit_suite *suite, struct kunit_case *tc,
		     struct kunit *test)
{
	volatile bool aborted = true;

	kunit_runtime_set_current(test);
	if (!setjmp(test->abort_to)) {
		int ret = suite->init ? suite->init(test) : 0;

		if (ret) {
			kunit_err(test, "failed to initialize: %d\n", ret);
			kunit_set_failure(test);
		} else {
			tc->run_case(test);
		}
		aborted = false;
	}
	if (!setjmp(test->abort_to)) {
		if (suite->exit)
			suite->exit(test);
	} else {
		kunit_set_failure(test);
		kunit_err(test, "test aborted during cleanup. continuing without cleaning up\n");
	}
	kunit_runtime_cleanup(test);
	kunit_runtime_set_current(NULL);
	return aborted;
}

/* Which allocators hold the objects, as log lines of the case. */
static void log_live(struct kunit *test)
{
	char *buf = NULL, *line, *save;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	if (!f)
		return;
	shim_dump_live(f);
	fclose(f);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		kunit_err(test, "live: %s", line + strspn(line, " "));
	free(buf);
}

/*
 * After the case: objects it left live, and WARNs kernel code hit.  A
 * case an assertion (or kunit_skip()) ended early never reached its own
 * clean-up code: what it still held is said, and is no leak (a case that
 * frees through init/exit or kunit actions is still judged in full).
 */
static void check_settled(struct kunit *test, unsigned long live_before,
			  unsigned int findings_before, bool aborted,
			  struct kunit_run *run)
{
	unsigned long live;

	shim_inject_clear();
	shim_rcu_barrier();
	shim_flush_all_work(SETTLE_ROUNDS);
	shim_rcu_barrier();
	live = shim_live_objects();
	if (shim_nr_findings() > findings_before) {
		run->warned = true;
		shim_finding_line(shim_first_finding(), run->why,
				  sizeof(run->why));
	} else if (live > live_before && aborted) {
		kunit_info(test, "%lu object%s still live: the case stopped "
			   "early, before its own clean-up (not counted as a "
			   "leak)", live - live_before,
			   live - live_before > 1 ? "s" : "");
	} else if (live > live_before) {
		run->leaked = true;
		snprintf(run->why, sizeof(run->why),
			 "%lu object%s still live after the case",
			 live - live_before, live - live_before > 1 ? "s" : "");
	}
	if (run->warned || run->leaked) {
		kunit_err(test, "%s", run->why);
		if (run->leaked)
			log_live(test);
		kunit_set_failure(test);
	}
}

__attribute__((noreturn))
static void child(struct kunit_suite *suite, struct kunit_case *tc,
		  struct kunit *test, unsigned long fail_nth, int fd)
{
	unsigned long live = shim_live_objects();
	unsigned int findings = shim_nr_findings();
	struct kunit_run run = { 0 };
	const char *site;
	bool aborted;
	ssize_t n;

	alarm(CASE_TIMEOUT_S);
	/* The runner's own N-th: the case may arm and clear policies of
	 * its own (a reproducer's injected failures) without touching it. */
	shim_inject_fail_nth(fail_nth);
	aborted = run_body(suite, tc, test);
	site = shim_inject_fail_nth_site();
	if (site) {
		run.injected = 1;
		snprintf(run.site, sizeof(run.site), "%s", site);
	}
	/* Work the settling runs is not the case's own: no injection. */
	shim_inject_fail_nth(0);
	check_settled(test, live, findings, aborted, &run);
	run.status = test->status;
	run.failed_expect = first_failure[0] != '\0';
	memcpy(run.first_failure, first_failure, sizeof(first_failure));
	memcpy(run.comment, test->status_comment, sizeof(run.comment));
	fflush(stdout);
	n = write(fd, &run, sizeof(run));
	_exit(n == sizeof(run) ? 0 : 3);
}

/* The line of the child's stderr that says why it died, if any. */
static void crash_reason(FILE *err, int wstatus, char *why, size_t size)
{
	char line[512], bug[512] = "";

	rewind(err);
	while (fgets(line, sizeof(line), err)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "SUMMARY: ", 9)) {
			size_t n = strlen(line);

			/* UBSan's summary may name no function. */
			if (n > 4 && !strcmp(line + n - 4, " in "))
				line[n - 4] = '\0';
			snprintf(why, size, "%s", line + 9);
			return;
		}
		if (!bug[0] && strstr(line, "kernel BUG at "))
			snprintf(bug, sizeof(bug), "%s", strstr(line, "kernel BUG at "));
	}
	if (bug[0])
		snprintf(why, size, "%s", bug);
	else if (WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGALRM)
		snprintf(why, size, "timed out after %d s", CASE_TIMEOUT_S);
	else if (WIFSIGNALED(wstatus))
		snprintf(why, size, "killed by signal %d (%s)",
			 WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)));
	else
		snprintf(why, size, "exited with status %d before the case ended",
			 WEXITSTATUS(wstatus));
}

/* Copies what the child wrote on stderr to ours (sanitizer reports). */
static void pass_stderr(FILE *err)
{
	char buf[4096];
	size_t n;

	rewind(err);
	while ((n = fread(buf, 1, sizeof(buf), err)))
		fwrite(buf, 1, n, stderr);
}

void kunit_runtime_run_case(struct kunit_suite *suite, struct kunit_case *tc,
			    struct kunit *test, unsigned long fail_nth,
			    bool quiet, struct kunit_run *run)
{
	FILE *err = tmpfile();
	int fds[2], wstatus = 0;
	ssize_t n = 0;
	pid_t pid;

	memset(run, 0, sizeof(*run));
	fflush(stdout);
	fflush(stderr);
	if (!err || pipe(fds)) {
		perror("kunit: cannot run a case");
		exit(2);
	}
	pid = fork();
	if (pid < 0) {
		perror("kunit: fork");
		exit(2);
	}
	if (!pid) {
		close(fds[0]);
		dup2(fileno(err), STDERR_FILENO);
		if (quiet && !freopen("/dev/null", "w", stdout))
			_exit(3);
		child(suite, tc, test, fail_nth, fds[1]);
	}
	close(fds[1]);
	n = read(fds[0], run, sizeof(*run));
	close(fds[0]);
	waitpid(pid, &wstatus, 0);
	fflush(err);
	pass_stderr(err);
	if (n != sizeof(*run)) {
		memset(run, 0, sizeof(*run));
		run->crashed = true;
		run->status = KUNIT_FAILURE;
		crash_reason(err, wstatus, run->why, sizeof(run->why));
	}
	fclose(err);
	test->status = run->status;
	memcpy(test->status_comment, run->comment, sizeof(run->comment));
}
