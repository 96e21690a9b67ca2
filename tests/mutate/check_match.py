#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/mutate --match's own test: which generated mutant a mutant
written by hand is.

  check_match.py --mutate scripts/mutate --dir tests/mutate --out DIR
      --order 1 and 2 on match/coupled.c and the patches beside it:
      exactly the lines of match.expected, exit 1 (a patch nothing
      matches)
  check_match.py --tree TREE --mutate scripts/mutate --dir tests/mutate
                 --out DIR
      --order 2 on TREE's (6.12's) drivers/iommu/iova.c and every patch
      of tests/mutants/: each matched by a mutant of exactly the
      operator tests_mutants.expected names, or by none where it says
      none (ids and lines left out: they move with the tree)

Exit status: 0 as expected, 1 not (saying what differs)."""
import glob
import os
import subprocess
import sys

from check import parser

PAIRS = ["first", "statement", "def-use", "nested", "inserted", "apart"]


def expected(path):
    """{section: [line...]} of @path; lines before any "order N" line
    are section None."""
    out, sec = {None: []}, None
    with open(path) as f:
        for ln in f:
            ln = ln.split(" #", 1)[0].rstrip()
            if ln.startswith("order "):
                sec = ln.split()[1]
                out[sec] = []
            elif ln and not ln.startswith("#"):
                out[sec].append(ln)
    return out


def run(a, cmd, cwd):
    with open(os.path.join(a.out, "stderr.txt"), "w") as err:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=err,
                           text=True, cwd=cwd)
    return p.returncode, p.stdout.splitlines()


def differ(what, want, got):
    if want == got:
        print(f"{what}: as expected")
        return 0
    for ln in want:
        if ln not in got:
            print(f"{what}: expected, not printed: {ln}")
    for ln in got:
        if ln not in want:
            print(f"{what}: printed, not expected: {ln}")
    return 1


def check_standalone(a):
    bad = 0
    for order, want in expected(os.path.join(a.dir, "match.expected")).items():
        if order is None:
            continue
        rc, got = run(a, [a.mutate, "--standalone", ".", "--file",
                          "coupled.c", "--order", order, "--out", a.out,
                          "--match"] + [p + ".patch" for p in PAIRS],
                      os.path.join(a.dir, "match"))
        if rc != 1:
            print(f"--order {order}: exit {rc}, want 1 (stderr in "
                  f"{a.out}/stderr.txt)")
            bad = 1
        bad |= differ(f"--order {order}", want, got)
    return bad


def check_tree(a):
    mutants = os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(a.dir))), "tests", "mutants")
    patches = sorted(glob.glob(os.path.join(mutants, "*.patch")))
    rc, out = run(a, [a.mutate, "--kernel-src", a.tree, "--order", "2",
                      "--jobs", "2", "--out", a.out, "--match"] + patches,
                  None)
    got = []
    for ln in out:
        path, rest = ln.split(": ", 1)
        name = os.path.basename(path)[:-len(".patch")]
        op = "none" if rest.startswith("none ") else rest.split()[2]
        got.append(f"{name} {op}")
    want = expected(os.path.join(a.dir, "tests_mutants.expected"))[None]
    bad = differ("tests/mutants", want, got)
    if rc != (1 if any(w.endswith(" none") for w in want) else 0):
        print(f"exit {rc} (stderr in {a.out}/stderr.txt)")
        bad = 1
    return bad


def main():
    ap = parser()
    ap.add_argument("--tree", metavar="KERNEL_SRC")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    return check_tree(a) if a.tree else check_standalone(a)


if __name__ == "__main__":
    sys.exit(main())
