#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/repro's reproducers expect a flushing alloc_iova_fast() to have
given back every cached range only where the finding is that promise
(reached: TREE_EQUALS_MODEL alloc_iova_fast).  A flushing request that
needed no flush leaves them cached, so a program that broke another
promise in that op (tree-missing-range: m1418 of the maple tree, whose
case failed on the unmodified port) must not check it.

  flush_gone.py SCRIPTS_LIB

Exit status: 0 as expected, 1 not."""
import sys

sys.path.insert(0, sys.argv[1])
import repro_c  # noqa: E402
import repro_trace  # noqa: E402

TRACE = """\
  #0   alloc_iova_fast(size=1, limit=0xfffff, flush=0) = [0xfffff-0xfffff]
  #1   alloc_iova_fast(size=1, limit=0xfffff, flush=0) = [0xffffe-0xffffe]
  #2   free_iova_fast(pfn=0xffffe, size=1)
  #3   alloc_iova_fast(size=2, limit=0xfffff, flush=1) = [0xffffc-0xffffd]
"""
DOM = {"granule": 4096, "start_pfn": 1, "cpus": 1, "rcaches": True}


def gone_checks(reached):
    recs = repro_trace.records(TRACE.splitlines())
    for i, rec in enumerate(recs):
        rec.line = i  # the text program's line of each op
    text = repro_c.c_file(recs, reached, DOM, "", reached)
    return text.count("expect_gone(1, \"a flushing alloc_iova_fast()\")")


def main():
    bad = 0
    for reached, want in (("TREE_EQUALS_MODEL alloc_iova_fast", 1),
                          ("TREE_EQUALS_MODEL tree-missing-range", 0),
                          ("NO_OVERLAP alloc_iova_fast", 0)):
        got = gone_checks(reached)
        if got != want:
            print(f"{reached}: {got} check(s) that the flush gave the "
                  f"cached range back, expected {want}")
            bad = 1
    if not bad:
        print("as expected: only the flush's own promise checks it")
    return bad


if __name__ == "__main__":
    sys.exit(main())
