#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Coverage numbers from an lcov export (llvm-cov-14 export -format=lcov).

  coverage.py summary --tree DIR [--file REL]... LCOV
      One line per file of the tree (and per --file the replay has no
      code of): lines and branches reached, e.g.
      "drivers/iommu/iova.c  lines 512/601 85.2%  branches 301/420 71.7%".
  coverage.py patch --tree DIR --changed TSV LCOV
      Patch coverage: of the added or changed lines (TSV as written by
      premerge_series.py changed: FILE<TAB>first-last), those with code,
      how many were reached, and the ranges that were not.  Prints one
      summary line, then "not reached: FILE:first-last" lines.

Exit status: 0 ok, 2 usage or I/O error (one "coverage.py: ..." line).
"""

import os
import sys

import cli

PROG = "coverage.py"


die = cli.die_as(PROG)


def read_lcov(path, tree):
    """{relative file: {"lines": {line: hits}, "branches": [hits...]}}."""
    root = os.path.realpath(tree).rstrip("/") + "/"
    out, cur = {}, None
    try:
        f = open(path)
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")
    with f:
        for line in f:
            line = line.strip()
            if line.startswith("SF:"):
                p = os.path.realpath(line[3:])
                rel = p[len(root):] if p.startswith(root) else None
                cur = out.setdefault(rel, {"lines": {}, "branches": []}) \
                    if rel else None
            elif cur is None:
                continue
            elif line.startswith("DA:"):
                n, hits = line[3:].split(",")[:2]
                cur["lines"][int(n)] = max(cur["lines"].get(int(n), 0),
                                           int(hits))
            elif line.startswith("BRDA:"):
                hits = line[5:].split(",")[3]
                cur["branches"].append(0 if hits == "-" else int(hits))
    return out


def pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def summary(args):
    cov = read_lcov(args.lcov, args.tree)
    for rel in args.files:
        if rel not in cov and os.path.isfile(os.path.join(args.tree, rel)):
            print(f"{rel:24} not compiled into this tree's replay")
    for rel in sorted(cov):
        lines = cov[rel]["lines"]
        br = cov[rel]["branches"]
        lh = sum(1 for h in lines.values() if h)
        bh = sum(1 for h in br if h)
        print(f"{rel:24} lines {lh}/{len(lines)} {pct(lh, len(lines)):>6}"
              f"  branches {bh}/{len(br)} {pct(bh, len(br)):>6}")
    return 0


def ranges(nums):
    out, start, prev = [], None, None
    for n in sorted(nums):
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append((start, prev))
            start = prev = n
    if start is not None:
        out.append((start, prev))
    return out


def patch(args):
    cov = read_lcov(args.lcov, args.tree)
    changed = {}
    try:
        with open(args.changed) as f:
            for line in f:
                rel, span = line.rstrip("\n").split("\t")
                a, b = span.split("-")
                changed.setdefault(rel, set()).update(range(int(a),
                                                            int(b) + 1))
    except (OSError, ValueError) as e:
        die(f"cannot read {args.changed}: {e}")
    total = reached = 0
    missed = []
    for rel in sorted(changed):
        lines = cov.get(rel, {"lines": {}})["lines"]
        code = [n for n in changed[rel] if n in lines]
        hit = [n for n in code if lines[n]]
        total += len(code)
        reached += len(hit)
        missed += [(rel, a, b) for a, b in ranges(set(code) - set(hit))]
    files = ", ".join(sorted(changed)) or "the files under test"
    if not total:
        print(f"patch coverage: no added or changed line with code in "
              f"{files}")
    else:
        print(f"patch coverage: {reached}/{total} added or changed lines "
              f"with code reached ({pct(reached, total)}) in {files}")
    for rel, a, b in missed:
        print(f"not reached: {rel}:{a}" + (f"-{b}" if b != a else ""))
    return 0


Parser = cli.parser_class(die)


def main(argv):
    p = Parser(prog=PROG)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("summary")
    s.add_argument("--tree", required=True)
    s.add_argument("--file", dest="files", action="append", default=[],
                   help="a file expected in the report (relative)")
    s.add_argument("lcov")
    c = sub.add_parser("patch")
    c.add_argument("--tree", required=True)
    c.add_argument("--changed", required=True)
    c.add_argument("lcov")
    args = p.parse_args(argv)
    return summary(args) if args.cmd == "summary" else patch(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
