// SPDX-License-Identifier: GPL-2.0-only
/*
 * Harness overhead, measured side by side in one run: for each input, the
 * full harness (model and every check) against the bare kernel calls the
 * same input makes (recorded once, replayed by raw_run()).  Rounds
 * alternate between the two so a noisy machine hits both alike; the
 * median round counts.
 *
 *   iovafuzz-bench [-r ROUNDS] [--ops64 N] PATH...
 *   iovafuzz-bench --write-ops64 DIR [--ops64 N]
 *
 * Two sets are measured: the inputs named (the committed seeds, say) and
 * a fixed corpus of N programs of 64 ops each (bench_inputs.c; default
 * 256), which is what a fuzzer mostly runs.  Built at -O2 this is the
 * front: it runs its fuzz-build sibling (the same program, built with
 * ASan, UBSan and the fuzzer's coverage, as <this binary>_fuzz) with
 * --child, and prints both builds in one table.
 *
 * A third pass, the floor, replays the kernel calls with the reads every
 * full comparison must make (the tree, checked and walked, and every
 * magazine, every RUN_FULL_CHECK_EVERY ops) and nothing else: no harness
 * that checks as much, as often, can cost less.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <shim/shim.h>

#include "bench.h"
#include "glue.h"

#define MAX_ROUNDS 64

struct result {
	double harness, kernel;		/* seconds per pass, median */
	double floor;			/* kernel, full checks' reads */
	unsigned long calls;		/* kernel calls per pass */
	size_t nr;			/* inputs per pass */
	bool ok;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void pass_harness(const struct bench_set *s, unsigned int reps)
{
	static const struct run_opts quiet = { .out = NULL };
	unsigned int k;
	size_t i;

	for (k = 0; k < reps; k++)
		for (i = 0; i < s->nr; i++)
			run_program(s->in[i].data, s->in[i].size, &quiet);
}

static void pass_kernel(const struct bench_set *s, unsigned int reps,
			unsigned int read_every)
{
	unsigned int k;
	size_t i;

	for (k = 0; k < reps; k++)
		for (i = 0; i < s->nr; i++)
			raw_run(&s->in[i].stream, read_every);
}

static struct result measure(struct bench_set *s, unsigned int rounds)
{
	double th[MAX_ROUNDS], tk[MAX_ROUNDS], tf[MAX_ROUNDS], t;
	struct result res = { .nr = s->nr };
	unsigned int r, reps;
	size_t i;

	for (i = 0; i < s->nr; i++) {
		struct run_opts rec = { .record = &s->in[i].stream };

		if (run_program(s->in[i].data, s->in[i].size, &rec)) {
			fprintf(stderr, "iovafuzz-bench: %s has a finding\n",
				s->in[i].name);
			return res;
		}
		res.calls += s->in[i].stream.nr;
		/* The bare replay must do the same work: a kernel warning
		 * there means it went another way. */
		raw_run(&s->in[i].stream, RUN_FULL_CHECK_EVERY);
		if (shim_first_finding()) {
			fprintf(stderr, "iovafuzz-bench: the kernel-alone replay of %s went another way (%s in %s)\n",
				s->in[i].name, shim_first_finding()->kind,
				shim_first_finding()->func);
			return res;
		}
	}
	/* About 50 ms of harness work per round. */
	t = now();
	pass_harness(s, 1);
	t = now() - t;
	reps = t > 0.05 ? 1 : (unsigned int)(0.05 / (t + 1e-9)) + 1;
	for (r = 0; r < rounds; r++) {
		t = now();
		pass_harness(s, reps);
		th[r] = (now() - t) / reps;
		t = now();
		pass_kernel(s, reps, 0);
		tk[r] = (now() - t) / reps;
		t = now();
		pass_kernel(s, reps, RUN_FULL_CHECK_EVERY);
		tf[r] = (now() - t) / reps;
	}
	qsort(th, rounds, sizeof(double), cmp_dbl);
	qsort(tk, rounds, sizeof(double), cmp_dbl);
	qsort(tf, rounds, sizeof(double), cmp_dbl);
	res.harness = th[rounds / 2];
	res.kernel = tk[rounds / 2];
	res.floor = tf[rounds / 2];
	res.ok = true;
	return res;
}

/* The fuzz-build sibling's results, or !ok if there is none. */
static void run_child(const char *self, int argc, char **argv,
		      struct result *files, struct result *ops64)
{
	char *cmd, *tmp;
	char line[256];
	FILE *p;
	int a;

	if (asprintf(&cmd, "%s_fuzz", self) < 0)
		abort();
	if (access(cmd, X_OK)) {
		free(cmd);
		return;
	}
	tmp = cmd;
	/* The inputs live to the end: not leaks worth a report. */
	if (asprintf(&cmd, "ASAN_OPTIONS=detect_leaks=0 '%s' --child", tmp) < 0)
		abort();
	free(tmp);
	for (a = 1; a < argc; a++) {
		tmp = cmd;
		if (asprintf(&cmd, "%s '%s'", tmp, argv[a]) < 0)
			abort();
		free(tmp);
	}
	p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p)) {
		struct result r = { .ok = true };
		char which[16];

		if (sscanf(line, "%15s %lf %lf %lu %zu %lf", which, &r.harness,
			   &r.kernel, &r.calls, &r.nr, &r.floor) != 6)
			continue;
		if (!strcmp(which, "files"))
			*files = r;
		else if (!strcmp(which, "ops64"))
			*ops64 = r;
	}
	if (p)
		pclose(p);
	free(cmd);
}

static void row_of(const char *build, const struct result *r, double t,
		   bool rate)
{
	if (!r->ok) {
		printf("  %-26s (not built)\n", build);
		return;
	}
	if (rate)
		printf("  %-26s %9.0f execs/s  %9.0f execs/s  %6.2fx\n", build,
		       r->nr / t, r->nr / r->kernel, t / r->kernel);
	else
		printf("  %-26s %9.3f ms       %9.3f ms       %6.2fx\n", build,
		       t * 1e3, r->kernel * 1e3, t / r->kernel);
}

static void row(const char *build, const struct result *r, bool rate)
{
	row_of(build, r, r->harness, rate);
}

static void floor_row(const char *build, const struct result *r, bool rate)
{
	row_of(build, r, r->floor, rate);
}

static void print_child(const char *which, const struct result *r)
{
	if (r->ok)
		printf("%s %.9f %.9f %lu %zu %.9f\n", which, r->harness,
		       r->kernel, r->calls, r->nr, r->floor);
}

static int usage(const char *self)
{
	fprintf(stderr, "usage: %s [-r ROUNDS<=%d] [--ops64 N] PATH...\n"
		"       %s --write-ops64 DIR [--ops64 N]\n", self, MAX_ROUNDS,
		self);
	return 2;
}

int main(int argc, char **argv)
{
	struct result files = { 0 }, ops64 = { 0 }, cf = { 0 }, co = { 0 };
	struct bench_set in = { 0 }, gen = { 0 };
	unsigned int rounds = 15, nr_ops64 = 256;
	const char *write_dir = NULL;
	bool child = false;
	int a;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-r") && a + 1 < argc)
			rounds = atoi(argv[++a]);
		else if (!strcmp(argv[a], "--ops64") && a + 1 < argc)
			nr_ops64 = atoi(argv[++a]);
		else if (!strcmp(argv[a], "--write-ops64") && a + 1 < argc)
			write_dir = argv[++a];
		else if (!strcmp(argv[a], "--child"))
			child = true;
		else if (argv[a][0] == '-' || bench_load_path(&in, argv[a]))
			return usage(argv[0]);
	}
	bench_ops64(&gen, nr_ops64);
	if (write_dir)
		return bench_write(&gen, write_dir) ? 2 : 0;
	if (!in.nr || !rounds || rounds > MAX_ROUNDS || !nr_ops64)
		return usage(argv[0]);
	files = measure(&in, rounds);
	ops64 = measure(&gen, rounds);
	if (!files.ok || !ops64.ok)
		return 1;
	if (child) {
		print_child("files", &files);
		print_child("ops64", &ops64);
		fflush(stdout);
		return 0;
	}
	run_child(argv[0], argc, argv, &cf, &co);
	printf("tree %s (%s); harness and the kernel code alone, median of %u rounds\n",
	       glue_kernel_version, glue_flavour, rounds);
	printf("%zu input%s named (%lu kernel calls)    harness       kernel alone   overhead\n",
	       files.nr, files.nr == 1 ? "" : "s", files.calls);
	row("-O2", &files, false);
	row("fuzz (ASan+UBSan+cov)", &cf, false);
	floor_row("floor, -O2", &files, false);
	floor_row("floor, fuzz", &cf, false);
	printf("%zu programs of %d ops (%lu calls)\n", ops64.nr, BENCH_OPS,
	       ops64.calls);
	row("-O2", &ops64, true);
	row("fuzz (ASan+UBSan+cov)", &co, true);
	floor_row("floor, -O2", &ops64, true);
	floor_row("floor, fuzz", &co, true);
	printf("floor: the kernel calls, and only what every full comparison\n"
	       "reads (the tree, checked and walked, and the magazines, every\n"
	       "%d ops)\n", RUN_FULL_CHECK_EVERY);
	return 0;
}
