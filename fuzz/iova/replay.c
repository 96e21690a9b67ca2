// SPDX-License-Identifier: GPL-2.0-only
/*
 * Standalone replay: runs inputs (files, or every file of a directory, in
 * name order) through the same target as the fuzzer, without an engine.
 *
 *   iovafuzz-replay [-v] [-e] PATH...
 *   iovafuzz-replay --describe		(the tree, and which checks are off)
 *
 * -v prints the op trace as it runs; -e compares the whole tree and every
 * magazine with the model after every op (not every 32 ops), to pin a
 * finding to the op that caused it.  An input is a binary program or a
 * text one (fuzz/lang/README.md, told apart by its first line).  Exit 0: every
 * input passed; 1: an invariant was violated (report on stdout); 2: an
 * input could not be read or is malformed text.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "program.h"
#include "runner.h"
#include "text.h"

#define REPLAY_MAX_BIN (PROG_HDR_BYTES + PROG_MAX_OPS * PROG_OP_BYTES)
/* Room for a text program of PROG_MAX_OPS lines. */
#define REPLAY_MAX_INPUT (1 << 20)

static struct run_opts opts = { .out = NULL };

static int die_io(const char *path)
{
	fprintf(stderr, "iovafuzz-replay: %s: %s\n", path, strerror(errno));
	return 2;
}

/* A text program, as the bytes it stands for; -1 if it is malformed. */
static long from_text(const char *path, uint8_t *buf, size_t n)
{
	static struct program prog;
	char err[160];

	if (!text_parse((const char *)buf, n, &prog, err, sizeof(err))) {
		fprintf(stderr, "iovafuzz-replay: %s:%s\n", path, err);
		return -1;
	}
	return text_encode(&prog, buf, REPLAY_MAX_BIN);
}

static int replay_file(const char *path)
{
	static uint8_t buf[REPLAY_MAX_INPUT];
	const char *inv;
	size_t n;
	long len;
	FILE *f = fopen(path, "rb");

	if (!f)
		return die_io(path);
	n = fread(buf, 1, sizeof(buf), f);
	if (ferror(f)) {
		fclose(f);
		return die_io(path);
	}
	fclose(f);
	if (text_is_program(buf, n)) {
		len = from_text(path, buf, n);
		if (len < 0)
			return 2;
		n = len;
	} else if (n > REPLAY_MAX_BIN) {
		n = REPLAY_MAX_BIN;	/* what the decoder reads of it */
	}
	if (opts.verbose)
		printf("== %s (%zu bytes)\n", path, n);
	run_pin_at_death(buf, n);
	inv = run_program(buf, n, &opts);
	if (inv) {
		printf("FAIL %s: %s\n", path, inv);
		return 1;
	}
	printf("ok   %s\n", path);
	return 0;
}

/* --pin [N]: the program on stdin, every check after every op (and op
 * #N-1 of alloc_iova() unaligned), and only its signature on stdout
 * (pin.c runs this for the replayer). */
static int pin(unsigned int unaligned_op)
{
	static uint8_t buf[REPLAY_MAX_BIN];
	struct run_opts quiet = { .every_op = true,
				  .unaligned_op = unaligned_op };
	const char *why, *sig;
	size_t n = fread(buf, 1, sizeof(buf), stdin);

	quiet.out = fopen("/dev/null", "w");
	if (!quiet.out || !run_program(buf, n, &quiet))
		return 0;
	sig = run_signature(&why);
	printf("signature: %s\ncause: %s\n", sig, why);
	fflush(stdout);
	_exit(1);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir)
{
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, i;
	int rc = 0;
	DIR *d = opendir(dir);

	if (!d)
		return die_io(dir);
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char **grown = realloc(names, (n + 1) * sizeof(*names));

		if (!grown || asprintf(&grown[n], "%s/%s", dir, de->d_name) < 0)
			abort();
		names = grown;
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		if (!rc)
			rc = replay_file(names[i]);
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	int i, rc = 0, inputs = 0;
	struct stat sb;

	/* Line-buffered, so nothing is lost if a sanitizer ends the run. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	opts.out = stdout;
	if (argc >= 2 && argc <= 3 && !strcmp(argv[1], "--pin"))
		return pin(argc == 3 ? strtoul(argv[2], NULL, 10) : 0);
	run_pin_by_exec = true;
	for (i = 1; i < argc && !rc; i++) {
		if (!strcmp(argv[i], "-v")) {
			opts.verbose = true;
			continue;
		}
		if (!strcmp(argv[i], "-e")) {
			opts.every_op = true;
			continue;
		}
		if (!strcmp(argv[i], "-u")) {
			opts.try_unaligned = true;
			continue;
		}
		if (!strcmp(argv[i], "--describe")) {
			run_describe(stdout);
			inputs++;
			continue;
		}
		inputs++;
		if (stat(argv[i], &sb))
			rc = die_io(argv[i]);
		else if (S_ISDIR(sb.st_mode))
			rc = replay_dir(argv[i]);
		else
			rc = replay_file(argv[i]);
	}
	if (!inputs) {
		fprintf(stderr, "usage: %s [-v] [-e] [-u] FILE|DIR... | --describe\n",
			argv[0]);
		return 2;
	}
	/* A finding leaves the domain half-built: its objects are not a
	 * leak to report on top of it, so skip LeakSanitizer's exit check. */
	if (rc == 1) {
		fflush(stdout);
		_exit(1);
	}
	return rc;
}
