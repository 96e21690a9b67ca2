// SPDX-License-Identifier: GPL-2.0-only
/*
 * iovafuzz_prog: converts programs between their binary and text forms
 * (fuzz/lang/README.md), for the iova target and the maple_contract target.
 *
 *   iovafuzz_prog [--target iova|maple_contract] to-text FILE
 *   iovafuzz_prog [--target iova|maple_contract] to-bin FILE OUT
 *
 * FILE may be either form ('-' is stdin); text is recognised by its
 * first line, which also names its target.  Exit 0 ok, 2 on unreadable
 * or malformed input (one line: "iovafuzz_prog: FILE:LINE:COL: what").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "text_maple.h"

#define MAX_INPUT (1 << 20)

static struct program prog;
static struct mc_program mprog;
static bool maple;
static uint8_t in[MAX_INPUT], out[PROG_HDR_BYTES + PROG_MAX_OPS * PROG_OP_BYTES];

static int die(const char *path, const char *what)
{
	fprintf(stderr, "iovafuzz_prog: %s: %s\n", path, what);
	return 2;
}

static bool parse(const char *path, size_t n)
{
	char err[160];
	bool ok;

	maple = mc_is_text(in, n);
	ok = maple ? mc_parse((const char *)in, n, &mprog, err, sizeof(err)) :
		     text_parse((const char *)in, n, &prog, err, sizeof(err));
	if (!ok)
		fprintf(stderr, "iovafuzz_prog: %s:%s\n", path, err);
	return ok;
}

static int load(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t n;
	bool bad;

	if (!f)
		return die(path, strerror(errno));
	n = fread(in, 1, sizeof(in), f);
	bad = ferror(f) || (n == sizeof(in) && !feof(f));
	if (f != stdin)
		fclose(f);
	if (bad)
		return die(path, "unreadable or larger than 1 MiB");
	if (text_is_program(in, n))
		return parse(path, n) ? 0 : 2;
	if (maple)
		mc_decode(in, n, &mprog);
	else
		prog_decode(in, n, &prog);
	return 0;
}

static int to_bin(const char *path)
{
	size_t n = maple ? mc_encode(&mprog, out, sizeof(out)) :
			   text_encode(&prog, out, sizeof(out));
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(out, 1, n, f) != n || fclose(f))
		return die(path, strerror(errno));
	return 0;
}

int main(int argc, char **argv)
{
	int rc;

	if (argc > 2 && !strcmp(argv[1], "--target")) {
		if (strcmp(argv[2], "iova") && strcmp(argv[2], "maple_contract"))
			return die(argv[2], "unknown target (iova, maple_contract)");
		maple = !strcmp(argv[2], "maple_contract");
		argc -= 2;
		argv += 2;
	}
	if (argc == 3 && !strcmp(argv[1], "to-text")) {
		rc = load(argv[2]);
		if (!rc && maple)
			mc_print(stdout, &mprog);
		else if (!rc)
			text_print(stdout, &prog);
		return rc;
	}
	if (argc == 4 && !strcmp(argv[1], "to-bin")) {
		rc = load(argv[2]);
		return rc ? rc : to_bin(argv[3]);
	}
	fprintf(stderr, "usage: iovafuzz_prog [--target iova|maple_contract] to-text FILE | to-bin FILE OUT\n");
	return 2;
}
