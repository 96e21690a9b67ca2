#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run the seeds' measurements on two trees side by side (scripts/bench).

    bench_run.py --bin A --bin B --label A --label B --out DIR [--quick]

Each measurement row runs once per tree, alternating, so a noisy machine
hits both alike.  The work measure is callgrind's instruction count of
alloc_iova() alone (deterministic).  Progress goes to stderr; tables to
stdout and DIR/tables.txt, every figure to DIR/bench.json, plots to
DIR/*.png (bench_report.py).  Exit 0, or 2 with one "bench: ..." line.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_report  # noqa: E402
import cli  # noqa: E402

SEED = 1
FULL = {
    "sweep64": [16, 1024, 8192, 65536, 524288, 1048576],
    "sweep32": [16, 1024, 8192],
    "work": [16, 1024, 8192, 65536, 524288, 1048576],
    "sweep_iters": 1000, "sweep_iters_big": 300, "work_iters": 100,
    "size": 64,
    "fullspace": (20, 1024),
    "memory": [98304, 786432, 1048576],
    "drift": (4096, 2000000, 50),
    "yield_bits": 16, "yield_holes": [250, 500, 750],
    "yield_sizes": [1, 2, 3, 4, 5, 8, 16, 32],
}
QUICK = {
    "sweep64": [16, 1024, 8192, 65536],
    "sweep32": [16, 1024, 8192],
    "work": [16, 1024, 8192, 65536, 262144],
    "sweep_iters": 300, "sweep_iters_big": 300, "work_iters": 100,
    "size": 64,
    "fullspace": (18, 16),
    "memory": [98304],
    "drift": (1024, 100000, 20),
    "yield_bits": 14, "yield_holes": [500],
    "yield_sizes": [1, 3, 4, 8],
}


die = cli.die_as("bench")


class Progress:
    """Which measurement and row, and time left from the work done so far
    (each step's weight is a rough cost estimate, in seconds)."""

    def __init__(self, steps):
        self.total = sum(w for _, w in steps) or 1
        self.done = 0.0
        self.n = len(steps)
        self.i = 0
        self.t0 = time.monotonic()

    def step(self, what, weight):
        self.i += 1
        elapsed = time.monotonic() - self.t0
        if self.done > 0:
            left = elapsed / self.done * (self.total - self.done)
        else:
            left = self.total
        print(f"bench: [{self.i}/{self.n}] {what} "
              f"({elapsed:.0f}s elapsed, ~{left:.0f}s left)",
              file=sys.stderr, flush=True)
        self.done += weight


def run_json(cmd, what):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    except OSError as e:
        die(f"{what}: cannot run {cmd[0]}: {e.strerror}")
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["no output"])[-1]
        die(f"{what}: exit {p.returncode}: {last}")
    try:
        return json.loads(p.stdout)
    except ValueError:
        die(f"{what}: malformed output: {p.stdout[:200]!r}")


def callgrind(binary, args, what, tmp):
    """Instructions executed inside alloc_iova() (m_counted_alloc), with
    only the measured loop instrumented."""
    out = os.path.join(tmp, "callgrind.out")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--instr-atstart=no", "--collect-atstart=no",
           "--toggle-collect=m_counted_alloc", binary] + args
    row = run_json(cmd, what)
    if not row.get("callgrind_marks"):
        die(f"{what}: built without valgrind/callgrind.h: no work measure")
    ir = None
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                ir = int(line.split()[1])
    if ir is None:
        die(f"{what}: no instruction total in callgrind output")
    row["ir_total"] = ir
    row["ir_per_alloc"] = ir / row["iters"]
    return row


def plan(p, labels):
    """(kind, args, weight) per step; every row once per target."""
    steps = []
    for n in p["sweep64"]:
        it = p["sweep_iters"] if n <= 65536 else p["sweep_iters_big"]
        steps.append(("sweep64", [str(n), str(it), "64", str(p["size"])],
                      1 + n / 1e5 + it * n / 5e7, f"depth sweep 64-bit N={n}"))
    for n in p["sweep32"]:
        it = p["sweep_iters"]
        steps.append(("sweep32", [str(n), str(it), "32", str(p["size"])],
                      1 + it * n / 5e7, f"depth sweep 32-bit N={n}"))
    for n in p["work"]:
        it = p["work_iters"]
        steps.append(("work", [str(n), str(it), "64", str(p["size"])],
                      1 + n / 2e4 + it * n / 2e6,
                      f"work measure (callgrind) N={n}"))
    bits, loops = p["fullspace"]
    steps.append(("fullspace", [str(bits), str(loops)],
                  (1 << bits) / 2e5 + loops * (1 << bits) / 1.6e7,
                  f"full-space search 2^{bits} pages, {loops} loops"))
    for n in p["memory"]:
        steps.append(("memory", [str(n)], 1 + n / 1e5,
                      f"memory N={n}"))
    live, iters, samples = p["drift"]
    steps.append(("drift", [str(live), str(iters), str(samples)],
                  1 + iters / 5e5, f"drift live={live} iters={iters}"))
    for h in p["yield_holes"]:
        for s in p["yield_sizes"]:
            for a in ("1", "0"):
                steps.append(("yield", [str(p["yield_bits"]), str(h),
                                        str(s), a],
                              0.1 + (1 << p["yield_bits"]) / 3e5,
                              f"yield holes={h / 10:g}% size={s} "
                              f"{'aligned' if a == '1' else 'unaligned'}"))
    out = []
    for kind, args, w, what in steps:
        for t, lab in enumerate(labels):
            out.append((kind, args, w, f"{what}: {lab}", t))
    return out


def main():
    ap = argparse.ArgumentParser(prog="bench_run.py")
    ap.add_argument("--bin", action="append", required=True)
    ap.add_argument("--label", action="append", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--command", default="")
    a = ap.parse_args()
    if len(a.bin) != 2 or len(a.label) != 2:
        die("want two --bin and two --label")
    for b in a.bin:
        if not os.access(b, os.X_OK):
            die(f"no measure binary at {b}")
    if not shutil.which("valgrind") or not shutil.which("objcopy"):
        die("valgrind and objcopy are needed (scripts/setup installs them)")
    p = QUICK if a.quick else FULL
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="iovafuzz-bench-")
    try:
        res = measure(a, p, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    res["meta"] = {"labels": a.label, "quick": a.quick,
                   "command": a.command, "seed": SEED,
                   "info": [run_json([b, "info"], "info") for b in a.bin],
                   "params": {k: v for k, v in p.items()}}
    bench_report.report(res, a.out)
    return 0


def measure(a, p, tmp):
    # Valgrind 3.19 cannot read clang-14's DWARF 5: count a copy without
    # debug info (the symbol table names m_counted_alloc all the same).
    stripped = []
    for i, b in enumerate(a.bin):
        s = os.path.join(tmp, f"measure-{i}")
        subprocess.run(["objcopy", "--strip-debug", b, s], check=True)
        stripped.append(s)
    steps = plan(p, a.label)
    prog = Progress([(s[3], s[2]) for s in steps])
    res = {}
    for kind, args, w, what, t in steps:
        prog.step(what, w)
        if kind == "work":
            row = callgrind(stripped[t], ["sweep"] + args + [str(SEED)],
                            what, tmp)
        else:
            cmd = "sweep" if kind.startswith("sweep") else kind
            row = run_json([a.bin[t], cmd] + args + [str(SEED)], what)
        res.setdefault(kind, [[], []])[t].append(row)
    return res


if __name__ == "__main__":
    sys.exit(main())
