// SPDX-License-Identifier: GPL-2.0-only
/*
 * system_heap: the tree's drivers/dma-buf/heaps/system_heap.c under
 * fuzzed memory aging, failure injection and buffer sizes (the program
 * format: heap_prog.h; the invariants: heap_check.c).  A finding prints
 * its report and aborts, which libFuzzer records as a crash.
 */
#include <stdio.h>
#include <stdlib.h>

#include <heap/glue.h>

#include "heap_prog.h"
#include "known.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static void print_known(void)
{
	known_report(stderr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fprintf(stderr, "iovafuzz: system_heap target, system_heap.c (%s)\n",
		heap_glue_source);
	known_load();
	known_load_beside((*argv)[0]);
	atexit(print_known);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct heap_prog p;

	heap_decode(data, size, &p);
	heap_run(&p, false);
	return 0;
}
