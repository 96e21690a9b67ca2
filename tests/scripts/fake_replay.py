#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A replayer whose verdict depends only on the input's bytes, for testing
findings.py: after a 2-byte header, 4-byte ops; op AAAA followed later by
op BBBB is finding PAIR, AAAA alone is finding ONLY_A (a different one, so
a minimizer that does not keep the signature would stop there), op CCCC
makes it hang unless op DDDD comes before it.  A finding exits 1 with a report; anything else exits 0."""

import sys
import time

data = open(sys.argv[1], "rb").read()
ops = [data[i:i + 4] for i in range(2, len(data), 4)]
if b"\xcc" * 4 in ops and b"\xdd" * 4 not in ops[:ops.index(b"\xcc" * 4)]:
    time.sleep(60)
if b"\xaa" * 4 in ops:
    if b"\xbb" * 4 in ops[ops.index(b"\xaa" * 4):]:
        sig = "PAIR"
    else:
        sig = "ONLY_A"
    print(f"iovafuzz: {sig} in op #{len(ops) - 1}: fake\n\nsignature: {sig}")
    sys.exit(1)
print(f"ok   {sys.argv[1]}")
