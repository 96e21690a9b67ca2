#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/mutate --sample's test, on sample.c with sample_kunit.c: a
sample is the same mutants for the same seed and others for another,
each sampled mutant is what the full run (expected.txt) says it is, the
figures are the sample's, and every score carries its 95% interval.

  check_sample.py --mutate scripts/mutate --dir tests/mutate --out DIR

Exit status: 0 as expected, 1 not (saying what differs)."""
import json
import math
import os
import sys

from check import key, parser, read_expected, run

N = 20


def wilson(k, n):
    p, z = k / n, 1.96
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / \
        (1 + z * z / n)
    return [round(max(0.0, c - h), 4), round(min(1.0, c + h), 4)]


def ids(a, seed, out, suite):
    cmd = [a.mutate, "--standalone", a.dir, "--file", "sample.c",
           "--sample", str(N), "--seed", str(seed), "--timeout", "5",
           "--out", out]
    cmd += ["--suite", "kunit", "--kunit-file",
            os.path.join(a.dir, "sample_kunit.c")] if suite else ["--list"]
    os.makedirs(out, exist_ok=True)
    p = run(cmd, out)
    if p.returncode != 0:
        sys.exit(f"scripts/mutate exited {p.returncode}; stderr in "
                 f"{out}/stderr.txt")
    name = "report.json" if suite else "mutants.json"
    with open(os.path.join(out, name)) as f:
        rep = json.load(f)
    return rep, p.stdout


def first(exp, k):
    """The full run's first mutant of @k's object code."""
    return exp["duplicate"].get(k, k)


def verdicts(rep, exp):
    """Each sampled mutant against the full run's expected.txt."""
    bad = 0
    by_id = {m["id"]: m for m in rep["mutants"]}
    for m in rep["mutants"]:
        k, st = key(m), m["status"]
        if st == "equivalent" and k not in exp["equivalent"]:
            print(f"{k}: equivalent in the sample only")
            bad = 1
        if st == "duplicate" and \
                first(exp, k) != first(exp, key(by_id[m["why"].split()[-1]])):
            print(f"{k}: duplicate of a mutant it is not one with in the "
                  f"full run")
            bad = 1
        if st != "compiled" or k in exp["duplicate"]:
            continue
        lives = m["results"]["kunit"]["verdict"] == "survived"
        if lives != (k in exp["survived"]):
            print(f"{k}: {'lives' if lives else 'killed'} in the sample, "
                  f"not in the full run")
            bad = 1
    return bad


def figures(rep, out, exp, text):
    bad = 0
    fig, smp = rep["figures"], rep["sample"]
    if fig["generated"] != N or smp != {"of": exp["figures"]["generated"],
                                        "n": N, "seed": 3}:
        print(f"sample: {smp}, generated {fig['generated']}")
        bad = 1
    k, n = fig["killed"], fig["compiled"]
    if fig["interval"] != wilson(k, n) or \
            fig["suites"]["kunit"]["interval"] != wilson(k, n):
        print(f"interval {fig['interval']}, expected {wilson(k, n)}")
        bad = 1
    lo, hi = wilson(k, n)
    want = f"score {100 * k / n:.1f}% (95%: {100 * lo:.1f}-{100 * hi:.1f}%)"
    if f"together: killed {k}, survived {n - k}, {want}" not in text or \
            f"a sample: {N} of the {smp['of']} mutants generated" \
            not in text:
        print(f"report.txt lacks the sample's line or '{want}'")
        bad = 1
    with open(os.path.join(out, "report.html")) as f:
        if want.split(" ", 1)[1] not in f.read():
            print("report.html lacks the interval")
            bad = 1
    return bad


def main():
    ap = parser()
    a = ap.parse_args()
    exp = read_expected(os.path.join(a.dir, "expected.txt"))
    out = os.path.join(a.out, "run")
    rep, text = ids(a, 3, out, True)
    same, _ = ids(a, 3, os.path.join(a.out, "same"), False)
    other, _ = ids(a, 4, os.path.join(a.out, "other"), False)
    got = [m["id"] for m in rep["mutants"]]
    bad = 0
    if [m["id"] for m in same["mutants"]] != got:
        print("seed 3 chose other mutants the second time")
        bad = 1
    if [m["id"] for m in other["mutants"]] == got:
        print("seeds 3 and 4 chose the same mutants")
        bad = 1
    bad |= verdicts(rep, exp) | figures(rep, out, exp, text)
    if not bad:
        print(f"as expected: {N} of {rep['sample']['of']} mutants, "
              f"seed 3: {' '.join(got)}")
    return bad


if __name__ == "__main__":
    sys.exit(main())
