#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""check_table.py WORK TREE -- REPLAYER...: what a run left in WORK (an
output of scripts/fuzz, however it ended) is sound: findings.tsv parses
(rows of five fields, then at most one run line), every row's input
exists, is whole and replays to the row's signature, and its .min and
report.txt, where they exist, are whole too.  One line a problem; exit 1
if there is one."""

import os
import sys

LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                   "scripts", "lib")
sys.path.insert(0, LIB)
from findings import RUN_LINE  # noqa: E402
from signature import replay_signature  # noqa: E402


def problems(work, tree, cmd):
    path = os.path.join(work, "findings.tsv")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    runs = [ln for ln in lines if ln.startswith(RUN_LINE)]
    if len(runs) > 1 or (runs and lines[-1] != runs[0]):
        yield "the run line is not one line after the rows"
    for ln in lines:
        if ln.startswith(RUN_LINE):
            continue
        f = ln.split("\t")
        if len(f) != 5 or not f[1].isdigit() or not f[2].isdigit():
            yield f"not a row: {ln!r}"
            continue
        sig, art = f[0], f[3]
        if art.startswith("-"):
            continue  # counted in-process, no input (known or dropped)
        if not os.path.isfile(art):
            yield f"{sig}: no input {art}"
            continue
        if sig.endswith("(not reproducible)"):
            yield f"{sig}: a row for an input that does not replay ({art})"
            continue
        got, _ = replay_signature(cmd, art, tree, 60)
        if got != sig:
            yield f"{sig}: its input {art} replays as {got}"
        d = os.path.dirname(art)
        if os.path.isfile(art + ".min"):
            got, _ = replay_signature(cmd, art + ".min", tree, 60)
            if got != sig:
                yield f"{sig}: its .min replays as {got}"
        rep = os.path.join(d, "report.txt")
        if os.path.isfile(rep) and os.path.getsize(rep) == 0:
            yield f"{sig}: an empty report.txt"


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        print("usage: check_table.py WORK TREE -- REPLAYER...",
              file=sys.stderr)
        return 2
    bad = list(problems(argv[0], argv[1], argv[3:]))
    for p in bad:
        print(f"check_table: {p}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
