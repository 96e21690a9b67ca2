#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The report of a scripts/premerge run, from what its stages left in DIR.

  premerge_report.py --dir DIR --base IDENT --patched IDENT --base-path P
                     --seconds S --jobs N [--known FILE]...
                     [--fail-on-difference]

Writes DIR/report.txt and DIR/report.md, prints the summary (a verdict
line and one line per stage, short enough for a review reply) and exits
with the verdict: 0 pass, 1 a finding that is not known, 2 an I/O error,
3 no finding but the fuzzing was cut short (scripts/fuzz exit 3: its run
line says how long it fuzzed and why it stopped).

Findings: a unit or contract test that fails on the patched tree and not
on the base (TEST <name>); a seed or regression program that reports a
finding on the patched tree and not the same one on the base; what
fuzzing found (scripts/fuzz's findings.tsv); with --fail-on-difference, a
request the base satisfies and the patched tree refuses from the same
history (differential.py).
"""

import argparse
import os
import sys

import cli
from findings import read_run

PROG = "premerge"


die = cli.die_as(PROG)


def lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return [ln.rstrip("\n") for ln in f]
    except FileNotFoundError:
        return []
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")


def rows(path):
    return [ln.split("\t") for ln in lines(path)
            if ln and not ln.startswith("#")]


def read_known(files):
    known = set()
    for f in files or []:
        for ln in lines(f):
            ln = ln.split("#", 1)[0].strip()
            if ln:
                known.add(ln)
    return known


def gather(args):
    d = args.dir
    known = read_known(args.known)
    found = []      # (signature, where, count, known, reproducer, report)
    tests = {}
    for side, name, state, secs in rows(os.path.join(d, "tests.tsv")):
        tests.setdefault(name, {})[side] = (state, secs)
    for name, t in sorted(tests.items()):
        if t.get("patched", ("",))[0] == "failed" and \
                t.get("base", ("",))[0] == "passed":
            sig = f"TEST {name}"
            log = os.path.join(d, "tests", f"patched-{name}.log")
            found.append((sig, "tests", "1", sig in known, log, log))
    for where, tsv in (("regression corpus", "regress/findings.tsv"),
                       ("fuzzing", None)):
        if tsv is None:
            tsv = os.path.join("fuzz", args.patched, "iova", "findings.tsv")
        for r in rows(os.path.join(d, tsv)):
            sig, count, art = r[0], r[1], r[3]
            found.append((sig, where, count, sig in known, art + ".min",
                          os.path.join(os.path.dirname(art), "report.txt")))
    diff = rows(os.path.join(d, "diff", "differential.tsv"))
    for r in diff:
        if args.fail_on_difference and r[2] == "counted":
            found.append((r[0], "differential", r[1], False, r[9], "-"))
    return tests, found, diff


def distinct(found):
    """One entry per signature: where it was seen, the first reproducer
    (the regression corpus's first: it is the committed input's)."""
    out = {}
    for f in found:
        if f[0] in out:
            if f[1] not in out[f[0]][1]:
                out[f[0]][1].append(f[1])
            continue
        out[f[0]] = (f[0], [f[1]], f[2], f[3], f[4], f[5])
    return list(out.values())


def fuzz_run(args):
    """scripts/fuzz's run line ("fuzzed Fs of Ts: why"), or None."""
    return read_run(os.path.join(args.dir, "fuzz", args.patched, "iova"))


def verdict(found, run):
    bad = [f for f in found if not f[3]]
    if bad:
        sigs = sorted({f[0] for f in bad})
        more = f" and {len(sigs) - 3} more" if len(sigs) > 3 else ""
        return 1, f"FAIL: {len(sigs)} finding(s): " + "; ".join(sigs[:3]) \
            + more
    if run is None or "cut short" in run:
        return 3, f"INCOMPLETE: fuzzing {run or 'left no run line'}"
    if found:
        return 0, f"PASS ({len(found)} known finding(s))"
    return 0, "PASS"


def stage_lines(args, tests, found, diff):
    """The summary: one line per stage."""
    d = args.dir
    out = []
    series = [ln for ln in lines(os.path.join(d, "series.txt")) if ln]
    out.append(f"series: {len(series)} patch(es) on {args.base} "
               f"-> {args.patched}")
    failed = [f"{n} ({'/'.join(s + ' ' + t[s][0] for s in ('base', 'patched') if s in t)})"
              for n, t in sorted(tests.items())
              if any(v[0] != "passed" for v in t.values())]
    out.append(f"tests: {', '.join(sorted(tests))} on base and patched: "
               + ("all passed" if not failed else "failed: " +
                  "; ".join(failed)))
    count = (lines(os.path.join(d, "regress", "count")) or ["0"])[0]
    reg = [f for f in found if f[1] == "regression corpus"]
    too = rows(os.path.join(d, "regress", "base-too.txt"))
    out.append(f"regression corpus: {count} program(s) on patched, "
               f"{len(reg)} finding(s)"
               + (f", {len(too)} failing on the base too" if too else ""))
    fz = [f for f in found if f[1] == "fuzzing"]
    tot = [ln.split("totals: ", 1)[1] for ln in
           lines(os.path.join(d, "fuzz", "log.txt")) if "totals: " in ln]
    out.append(f"fuzzing: {args.seconds}s, {args.jobs} job(s), --keep-going: "
               f"{len(fz)} signature(s)"
               + (f", {tot[-1].split(',')[0]} run" if tot else "")
               + f"; {fuzz_run(args) or 'no run line'}")
    dl = [ln for ln in lines(os.path.join(d, "diff", "out.txt"))
          if ln.startswith("differential:")]
    out.append(dl[-1] if dl else "differential: not run")
    pc = [ln for ln in lines(os.path.join(d, "coverage", "patch.txt"))
          if ln.startswith("patch coverage:")]
    out.append(pc[0] if pc else "patch coverage: not measured")
    bench = lines(os.path.join(d, "bench.txt"))
    out.append("bench: " + (bench[-1] if bench else "not run"))
    return out


def text_report(args, summary, tests, found, diff):
    d = args.dir
    out = [f"premerge {summary[0]}", ""]
    out += [f"base:    {args.base} ({args.base_path})",
            f"patched: {args.patched} ({os.path.join(d, 'tree')})", ""]
    out += summary[1:] + ["", "series, in the order applied:"]
    out += ["  " + ln for ln in lines(os.path.join(d, "series.txt")) if ln]
    out += ["", "tests:                base        patched"]
    for n, t in sorted(tests.items()):
        b = t.get("base", ("-", ""))
        p = t.get("patched", ("-", ""))
        out.append(f"  {n:18} {b[0]:7} {b[1]:>4}s  {p[0]:7} {p[1]:>4}s")
    out += ["", "findings:"]
    if not found:
        out.append("  none")
    for sig, where, count, known, rep, report in found:
        out.append(f"  {sig}  [{where}, {count}x"
                   f"{', known' if known else ''}]")
        out.append(f"    reproducer: {rep}")
        out.append(f"    report:     {report}")
    out += ["", "differential (first op where one side satisfies a request "
            "and the other refuses):"]
    if not diff:
        out.append("  no difference")
    for r in diff:
        note = f" ({r[3]})" if r[3] != "-" else ""
        out.append(f"  {r[0]}: {r[1]} program(s), {r[2]}{note}")
        out.append(f"    {r[4]} {r[5]}: base = {r[6]}, patched = {r[7]}")
        out.append(f"    minimized: {r[9]}")
    out += ["", "patch coverage:"]
    out += ["  " + ln for ln in lines(os.path.join(d, "coverage",
                                                   "patch.txt"))]
    out += ["", "bench:"]
    out += ["  " + ln for ln in lines(os.path.join(d, "bench.txt"))]
    return out


def md_report(args, summary, tests, found, diff):
    d = args.dir
    out = [f"## premerge: {summary[0]}", "",
           f"Base `{args.base}`, patched `{args.patched}`.", ""]
    out += [f"- {ln}" for ln in summary[1:]] + ["", "### Series", ""]
    out += [f"1. {ln}" for ln in lines(os.path.join(d, "series.txt")) if ln]
    out += ["", "### Tests", "", "| test | base | patched |", "|---|---|---|"]
    for n, t in sorted(tests.items()):
        out.append(f"| {n} | {t.get('base', ('-',))[0]} | "
                   f"{t.get('patched', ('-',))[0]} |")
    out += ["", "### Findings", ""]
    if found:
        out += ["| signature | where | count | known | reproducer |",
                "|---|---|---|---|---|"]
        out += [f"| `{s}` | {w} | {c} | {'yes' if k else 'no'} | `{r}` |"
                for s, w, c, k, r, _ in found]
    else:
        out.append("None.")
    out += ["", "### Differential", ""]
    if diff:
        out += ["| difference | programs | state | op | base | patched | "
                "minimized |", "|---|---|---|---|---|---|---|"]
        out += [f"| `{r[0]}` | {r[1]} | {r[2]}"
                f"{' (' + r[3] + ')' if r[3] != '-' else ''} | "
                f"`{r[4]} {r[5]}` | `{r[6]}` | `{r[7]}` | `{r[9]}` |"
                for r in diff]
    else:
        out.append("No difference.")
    out += ["", "### Patch coverage", "", "```"]
    out += lines(os.path.join(d, "coverage", "patch.txt")) + ["```", ""]
    out += ["### Bench", "", "```"]
    out += lines(os.path.join(d, "bench.txt")) + ["```"]
    return out


def write(path, text):
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(text) + "\n")
    except OSError as e:
        die(f"cannot write {path}: {e.strerror}")


def main(argv):
    p = argparse.ArgumentParser(prog="premerge_report.py")
    p.add_argument("--dir", required=True)
    p.add_argument("--base", required=True)
    p.add_argument("--patched", required=True)
    p.add_argument("--base-path", required=True)
    p.add_argument("--seconds", required=True)
    p.add_argument("--jobs", required=True)
    p.add_argument("--known", action="append")
    p.add_argument("--fail-on-difference", action="store_true")
    args = p.parse_args(argv)
    tests, found, diff = gather(args)
    rc, head = verdict(found, fuzz_run(args))
    summary = [head] + stage_lines(args, tests, found, diff)
    write(os.path.join(args.dir, "report.txt"),
          text_report(args, summary, tests, found, diff))
    write(os.path.join(args.dir, "report.md"),
          md_report(args, summary, tests, found, diff))
    print(f"premerge: {summary[0]}")
    for ln in summary[1:]:
        print(f"  {ln}")
    for sig, where, _, known, rep, _ in distinct(found):
        if not known:
            print(f"  finding: {sig} ({', '.join(where)}): {rep}")
    print(f"  report: {os.path.join(args.dir, 'report.txt')} "
          f"(markdown: report.md)")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
