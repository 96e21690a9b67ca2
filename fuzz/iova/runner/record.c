// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel calls a run makes, recorded with their concrete arguments,
 * so that fuzz/iova/bench.c can time the bare kernel code on the same stream.
 */
#include <stdlib.h>

#include "run.h"

/* One call, with the op it was made in: a pressure window counts ops. */
void raw(enum raw_kind kind, unsigned long a0, unsigned long a1,
	 unsigned long a2)
{
	struct raw_stream *rs = run.opts->record;

	if (!rs)
		return;
	rs->calls = grow(rs->calls, &rs->cap, rs->nr, sizeof(*rs->calls));
	rs->calls[rs->nr++] = (struct raw_call){ kind, { a0, a1, a2 },
						 run.op_begun };
}
