#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""One merged progress line for scripts/fuzz, however many jobs run.

  progress.py line --engine libfuzzer|afl --work DIR --corpus DIR
                   --jobs N --elapsed SECONDS
      "Ns: J job(s): E execs (R/s), corpus C, findings F (S
      signature(s))": executions summed over the jobs (libFuzzer's own count,
      which fork mode keeps over all jobs, and their rate over the run so
      far; AFL++'s fuzzer_stats of every instance, rates summed, with how
      old the stats are), the corpus size, and the findings recorded in
      DIR/findings.tsv (deduplicated by signature).
      Prints nothing before the engine has reported anything.
  progress.py totals FILE
      Sum the "iovafuzz: totals: ..." lines that fuzz targets appended to
      FILE (IOVAFUZZ_TOTALS; one per process, fork-mode jobs included)
      into one such line.  Prints nothing if FILE has none.

Exit status: 0, or 2 on a usage error.
"""

import glob
import math
import os
import re
import sys
import time

import cli
from findings import read_dropped

TOTALS = re.compile(r"^iovafuzz: totals: (\d+) ops, (\d+) injected allocation "
                    r"failures, (\d+) markers created, (\d+) drained")


def tail(path, size=65536):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - size))
            return f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return []


def files_in(d):
    try:
        return sum(1 for e in os.scandir(d) if e.is_file() and
                   not e.name.startswith("."))
    except OSError:
        return 0


def libfuzzer_state(args):
    """(execs, corpus) from libFuzzer's last status line, or None."""
    for line in reversed(tail(os.path.join(args.work, "libfuzzer.log"))):
        m = re.match(r"^#(\d+)", line)
        if not m:
            continue
        c = re.search(r"corp: (\d+)", line)
        return int(m.group(1)), int(c.group(1)) if c else files_in(args.corpus)
    return None


def stat(fields, key):
    """A number of fuzzer_stats; 0 where AFL++ has none yet (an empty
    field, or its first execs_per_sec: inf)."""
    try:
        v = float(fields.get(key, "") or 0)
    except ValueError:
        return 0
    return v if math.isfinite(v) else 0


def afl_state(args):
    """(execs, corpus, rate, note) from every instance's fuzzer_stats,
    which AFL++ rewrites about once a minute: the rate is the sum of the
    instances' executions over the time their stats span (as libFuzzer's
    is over the run: AFL++'s own execs_per_sec is a recent rate, which
    right after calibration can be ten times the run's), the note says
    how old the stats are.  The corpus is the main instance's queue as it
    is now."""
    execs = rate = 0
    oldest = None
    stats = glob.glob(os.path.join(args.work, "afl", "*", "fuzzer_stats"))
    for path in stats:
        fields = {}
        try:
            with open(path) as f:
                for line in f:
                    k, _, v = line.partition(":")
                    fields[k.strip()] = v.strip()
        except OSError:
            continue
        done = int(stat(fields, "execs_done"))
        t = int(stat(fields, "last_update"))
        execs += done
        rate += done / max(1, t - int(stat(fields, "start_time")))
        oldest = t if oldest is None else min(oldest, t)
    corpus = files_in(os.path.join(args.work, "afl", "main", "queue"))
    if not stats and not corpus:
        return None
    note = f", stats {max(0, int(time.time()) - oldest)}s old" \
        if oldest else ", no stats yet"
    return execs, corpus, int(rate), note


def findings(args):
    """(findings, signatures) of DIR/findings.tsv and DIR/go/dropped."""
    total = sigs = 0
    try:
        with open(os.path.join(args.work, "findings.tsv")) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= 2 and cols[1].isdigit():
                    sigs += 1
                    total += int(cols[1])
    except OSError:
        pass
    # And the repeats a target counted in-process (fuzz/iova/go_on.c).
    total += sum(n for n, _ in read_dropped(args.work))
    return total, sigs


def line(args):
    if args.engine == "libfuzzer":
        state = libfuzzer_state(args)
        if state is None:
            return 0
        execs, corpus = state
        rate = execs // args.elapsed if args.elapsed > 0 else 0
        note = ""
    else:
        state = afl_state(args)
        if state is None:
            return 0
        execs, corpus, rate, note = state
    total, sigs = findings(args)
    print(f"{args.elapsed}s: {args.jobs} job(s): {execs} execs ({rate}/s"
          f"{note}), corpus {corpus}, findings {total} ({sigs} signature(s))")
    return 0


def totals(args):
    sums, procs = [0, 0, 0, 0], 0
    try:
        with open(args.file, errors="replace") as f:
            for ln in f:
                m = TOTALS.match(ln)
                if m:
                    procs += 1
                    sums = [a + int(b) for a, b in zip(sums, m.groups())]
    except OSError:
        return 0
    if procs:
        print(f"iovafuzz: totals: {sums[0]} ops, {sums[1]} injected "
              f"allocation failures, {sums[2]} markers created, {sums[3]} "
              f"drained (summed over {procs} process(es))")
    return 0


Parser = cli.parser_class(cli.die_as("progress.py"))


def main(argv):
    p = Parser(prog="progress.py")
    sub = p.add_subparsers(dest="cmd", required=True)
    ln = sub.add_parser("line")
    ln.add_argument("--engine", choices=("libfuzzer", "afl"), required=True)
    ln.add_argument("--work", required=True)
    ln.add_argument("--corpus", required=True)
    ln.add_argument("--jobs", type=int, required=True)
    ln.add_argument("--elapsed", type=int, required=True)
    t = sub.add_parser("totals")
    t.add_argument("file")
    args = p.parse_args(argv)
    return line(args) if args.cmd == "line" else totals(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
