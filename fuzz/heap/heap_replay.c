// SPDX-License-Identifier: GPL-2.0-only
/*
 * Replays system_heap inputs without an engine, under ASan+UBSan:
 *   iovafuzz_heap_replay_<id> [-v] FILE...
 * -v prints each op as it runs.  Exit 0 if every input ran clean; a
 * finding prints its report and aborts; 2 for a file that cannot be read
 * or an unknown option (a usage line).
 * A kernel complaint IOVAFUZZ_KNOWN lists (fuzz/lang/known.h) is counted, not
 * reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heap_prog.h"
#include "known.h"

#define MAX_INPUT	(HEAP_HDR + HEAP_OP_SIZE * HEAP_MAX_OPS)

static struct heap_prog prog;

int main(int argc, char **argv)
{
	static uint8_t buf[MAX_INPUT];
	bool verbose = false;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s [-v] FILE...\n", argv[0]);
		return 2;
	}
	known_load();
	for (i = 1; i < argc; i++) {
		FILE *f;
		size_t n;

		if (!strcmp(argv[i], "-v")) {
			verbose = true;
			continue;
		}
		if (argv[i][0] == '-') {
			fprintf(stderr, "usage: %s [-v] FILE...\n", argv[0]);
			return 2;
		}
		f = fopen(argv[i], "rb");
		if (!f) {
			fprintf(stderr, "heap_replay: cannot read %s\n", argv[i]);
			return 2;
		}
		n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		heap_decode(buf, n, &prog);
		if (verbose)
			fprintf(stderr, "%s:\n", argv[i]);
		heap_run(&prog, verbose);
	}
	known_report(stderr);
	return 0;
}
