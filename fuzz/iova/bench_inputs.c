// SPDX-License-Identifier: GPL-2.0-only
/*
 * The benchmark's inputs: files (a file, or every file of a directory, in
 * name order), and the fixed corpus of 64-op programs, the same bytes in
 * every build and on every machine (a fixed-seed generator, no REPEAT, so
 * each program runs exactly 64 ops).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"

#define BENCH_MAX_INPUT (PROG_HDR_BYTES + PROG_MAX_OPS * PROG_OP_BYTES)

static void add(struct bench_set *s, char *name, uint8_t *data, size_t size)
{
	struct bench_input *in;

	if (s->nr == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->in = realloc(s->in, s->cap * sizeof(*s->in));
		if (!s->in)
			abort();
	}
	in = &s->in[s->nr++];
	memset(in, 0, sizeof(*in));
	in->name = name;
	in->data = data;
	in->size = size;
}

static int load(struct bench_set *s, const char *path)
{
	uint8_t *data = malloc(BENCH_MAX_INPUT);
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f || !data) {
		fprintf(stderr, "iovafuzz-bench: cannot read %s\n", path);
		free(data);
		return -1;
	}
	n = fread(data, 1, BENCH_MAX_INPUT, f);
	fclose(f);
	add(s, strdup(path), data, n);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int bench_load_path(struct bench_set *s, const char *path)
{
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, i;
	struct stat sb;
	int ret = 0;
	DIR *d;

	if (stat(path, &sb) || !S_ISDIR(sb.st_mode))
		return load(s, path);
	d = opendir(path);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		if (!names || asprintf(&names[n], "%s/%s", path, de->d_name) < 0)
			abort();
		n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		if (!ret)
			ret = load(s, names[i]);
		free(names[i]);
	}
	free(names);
	return ret;
}

/* splitmix64: a fixed sequence for a fixed seed, on every platform. */
static uint64_t next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static bool is_repeat(const uint8_t op[PROG_OP_BYTES])
{
	static struct program p;
	uint8_t buf[PROG_HDR_BYTES + PROG_OP_BYTES] = { 0 };

	memcpy(buf + PROG_HDR_BYTES, op, PROG_OP_BYTES);
	prog_decode(buf, sizeof(buf), &p);
	return p.ops[0].kind == OP_REPEAT;
}

void bench_ops64(struct bench_set *s, unsigned int nr)
{
	size_t size = PROG_HDR_BYTES + BENCH_OPS * PROG_OP_BYTES;
	uint64_t x = 0x10fa;		/* the seed: never change it */
	unsigned int i, k;

	for (i = 0; i < nr; i++) {
		uint8_t *data = malloc(size);
		char *name;

		if (!data || asprintf(&name, "ops64-%04u", i) < 0)
			abort();
		data[0] = next(&x);
		data[1] = next(&x);
		for (k = 0; k < BENCH_OPS; k++) {
			uint8_t *op = data + PROG_HDR_BYTES + k * PROG_OP_BYTES;
			unsigned int j;

			do {
				uint64_t v = next(&x);

				for (j = 0; j < PROG_OP_BYTES; j++)
					op[j] = v >> (8 * j);
			} while (is_repeat(op));
		}
		add(s, name, data, size);
	}
}

int bench_write(const struct bench_set *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		char *path;
		FILE *f;

		if (asprintf(&path, "%s/%s", dir, s->in[i].name) < 0)
			abort();
		f = fopen(path, "wb");
		if (!f || fwrite(s->in[i].data, 1, s->in[i].size, f) !=
			  s->in[i].size || fclose(f)) {
			fprintf(stderr, "iovafuzz-bench: cannot write %s\n",
				path);
			free(path);
			return -1;
		}
		free(path);
	}
	return 0;
}
