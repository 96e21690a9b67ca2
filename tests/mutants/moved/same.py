#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""same.py MOVED BIN=INPUT...: each INPUT, replayed by its mutant's own
replayer BIN and by MOVED (the same mutants with lines moved around
them), is named by the same signature (scripts/lib/signature.py, as
findings.tsv names it)."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts", "lib"))
from signature import replay_signature  # noqa: E402


LINE = re.compile(r"iova\.c:(\d+)")


def named(binary, path):
    """(signature, the iova.c lines the report names)."""
    sig, out = replay_signature([binary], path, None, 120)
    if not sig:
        sys.exit(f"FAIL: {binary} {path}: no finding\n{out}")
    return sig, LINE.findall(out)


def main(moved, pairs):
    for pair in pairs:
        binary, path = pair.split("=", 1)
        (own, lines), (there, moved_lines) = named(binary, path), \
            named(moved, path)
        # Where a report names lines, they moved: a signature with a
        # line in it would fail here.
        if lines and lines == moved_lines:
            sys.exit(f"FAIL: {path}: the same lines ({lines[0]}...) on "
                     "both trees: lines.patch moves nothing before them")
        if own != there:
            sys.exit(f"FAIL: {path}: lines moved, signature changed:\n"
                     f"  own tree:    {own}\n  lines moved: {there}")
        print(f"{os.path.basename(path)}: {own}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
