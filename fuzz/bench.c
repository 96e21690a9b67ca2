// SPDX-License-Identifier: GPL-2.0-only
/*
 * Harness overhead, measured side by side in one process: for each input,
 * the full harness (model and every check) against the bare kernel calls
 * the same input makes (recorded once, replayed by raw_run()).  Rounds
 * alternate between the two so a noisy machine hits both alike; the
 * median round counts.  Build it plain (-O2) for a meaningful ratio.
 *
 *   iovafuzz-bench [-r ROUNDS] PATH...
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "program.h"
#include "runner.h"

#define BENCH_MAX_INPUT (PROG_HDR_BYTES + PROG_MAX_OPS * PROG_OP_BYTES)
#define MAX_FILES 4096

struct input {
	char *name;
	uint8_t *data;
	size_t size;
	struct raw_stream stream;
};

static struct input inputs[MAX_FILES];
static unsigned int nr_inputs;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void load(const char *path)
{
	struct input *in = &inputs[nr_inputs];
	FILE *f = fopen(path, "rb");

	if (!f || nr_inputs == MAX_FILES) {
		fprintf(stderr, "iovafuzz-bench: cannot read %s\n", path);
		exit(2);
	}
	in->data = malloc(BENCH_MAX_INPUT);
	in->size = fread(in->data, 1, BENCH_MAX_INPUT, f);
	fclose(f);
	in->name = strdup(path);
	nr_inputs++;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_path(const char *path)
{
	struct dirent *de;
	char *names[MAX_FILES];
	unsigned int n = 0, i;
	struct stat sb;
	DIR *d;

	if (stat(path, &sb) || !S_ISDIR(sb.st_mode)) {
		load(path);
		return;
	}
	d = opendir(path);
	while (d && (de = readdir(d)) && n < MAX_FILES)
		if (de->d_name[0] != '.' &&
		    asprintf(&names[n], "%s/%s", path, de->d_name) > 0)
			n++;
	if (d)
		closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		load(names[i]);
		free(names[i]);
	}
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	static const struct run_opts quiet = { .out = NULL };
	unsigned int rounds = 15, r, i, reps;
	double th[64], tr[64], t;
	unsigned long ops = 0;
	int a;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-r") && a + 1 < argc)
			rounds = atoi(argv[++a]);
		else
			load_path(argv[a]);
	}
	if (!nr_inputs || !rounds || rounds > 64) {
		fprintf(stderr, "usage: %s [-r ROUNDS<=64] PATH...\n", argv[0]);
		return 2;
	}
	for (i = 0; i < nr_inputs; i++) {
		struct run_opts rec = { .record = &inputs[i].stream };

		if (run_program(inputs[i].data, inputs[i].size, &rec)) {
			fprintf(stderr, "iovafuzz-bench: %s has a finding\n",
				inputs[i].name);
			return 1;
		}
		ops += inputs[i].stream.nr;
	}
	/* About 50 ms of harness work per round. */
	t = now();
	for (i = 0; i < nr_inputs; i++)
		run_program(inputs[i].data, inputs[i].size, &quiet);
	t = now() - t;
	reps = t > 0.05 ? 1 : (unsigned int)(0.05 / (t + 1e-9)) + 1;
	for (r = 0; r < rounds; r++) {
		unsigned int k;

		t = now();
		for (k = 0; k < reps; k++)
			for (i = 0; i < nr_inputs; i++)
				run_program(inputs[i].data, inputs[i].size,
					    &quiet);
		th[r] = (now() - t) / reps;
		t = now();
		for (k = 0; k < reps; k++)
			for (i = 0; i < nr_inputs; i++)
				raw_run(&inputs[i].stream);
		tr[r] = (now() - t) / reps;
	}
	qsort(th, rounds, sizeof(double), cmp_dbl);
	qsort(tr, rounds, sizeof(double), cmp_dbl);
	printf("inputs:            %u (%lu kernel calls per pass)\n",
	       nr_inputs, ops);
	printf("harness:           %.3f ms per pass, %.0f execs/s\n",
	       th[rounds / 2] * 1e3, nr_inputs / th[rounds / 2]);
	printf("kernel code alone: %.3f ms per pass, %.0f execs/s\n",
	       tr[rounds / 2] * 1e3, nr_inputs / tr[rounds / 2]);
	printf("overhead:          %.2fx (harness time / kernel time, median of %u rounds)\n",
	       th[rounds / 2] / tr[rounds / 2], rounds);
	return 0;
}
