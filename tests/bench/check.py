#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""ctest checks of scripts/bench (see tests/bench/CMakeLists.txt).

    check.py quick BENCH BIN_RBTREE BIN_MAPLE OUT
    check.py drift BIN bounded|fails
    check.py yield BIN complete|loses
    check.py errors BENCH BASE_TREE WORK
    check.py find BENCH BUILD MUTANT...
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts", "lib"))
import bench_report  # noqa: E402

FAILED = []


def check(cond, what):
    print(f"{'ok  ' if cond else 'FAIL'} {what}")
    if not cond:
        FAILED.append(what)


def quick(bench, rb, maple, out):
    p = subprocess.run([bench, "--quick", "--bins", rb, maple, "--labels",
                        "6.12", "port-maple-6.12", "--out", out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    check(p.returncode == 0, f"scripts/bench --quick exits 0 "
          f"(got {p.returncode}: {p.stderr.strip()[-300:]})")
    if p.returncode:
        return
    check("bench: [1/" in p.stderr, "progress on stderr")
    with open(os.path.join(out, "bench.json")) as f:
        res = json.load(f)
    info = res["meta"]["info"]
    check(info[0]["flavour"] == "rbtree" and info[1]["flavour"] == "maple",
          f"trees are rbtree and maple: {info}")
    s = res["summary"]
    g = s["work_growth"]
    check(s["work_growth_ratio"] >= 100,
          f"rbtree instruction growth {g[0]:.1f}x is >= 100x the port's "
          f"{g[1]:.1f}x (ratio {s['work_growth_ratio']:.1f})")
    for t in (0, 1):
        lab = res["meta"]["labels"][t]
        check(s["drift"][t]["bounded"], f"DRIFT bounded on {lab}")
        check(all(r["got"] == r["possible"] for r in res["yield"][t]),
              f"yield: {lab} satisfies every possible allocation")
        check(res["fullspace"][t][0]["unexpected"] == 0,
              f"full-space: {lab} fills holes and fails when full")
        check(all(r["failures"] == 0 for r in res["sweep64"][t]),
              f"sweep: no failure with room to spare on {lab}")
    # 6.12's struct iova is 40 bytes, the port's 16 plus maple nodes.
    mem = [res["memory"][t][0] for t in (0, 1)]
    iovas = [{c["name"]: c for c in m["caches"]}.get("iommu_iova", {})
             for m in mem]
    check(all(i.get("objects") == m["live"] for i, m in zip(iovas, mem)),
          "memory: one iommu_iova object per live IOVA on both")
    check(mem[0]["object_bytes_per_iova"] == 40.0,
          f"memory: 6.12 is 40 bytes per live IOVA "
          f"(got {mem[0]['object_bytes_per_iova']})")
    check(iovas[1].get("size") == 16 and
          any(c["name"] == "maple_node" for c in mem[1]["caches"]),
          "memory: the port has 16-byte iovas and maple nodes")
    for f in ("tables.txt", "sweep.png", "work.png", "fullspace.png",
              "drift.png"):
        path = os.path.join(out, f)
        check(os.path.getsize(path) > 0 if os.path.exists(path) else False,
              f"{f} written")
    check("Depth sweep" in p.stdout and "DRIFT" in p.stdout,
          "tables on stdout")


def drift(binary, expect):
    p = subprocess.run([binary, "drift", "1024", "100000", "20", "1"],
                       stdout=subprocess.PIPE, text=True)
    check(p.returncode == 0, f"drift run exits 0 (got {p.returncode})")
    if p.returncode:
        return
    v = bench_report.drift_verdict(json.loads(p.stdout)["samples"])
    want = expect == "bounded"
    check(v["bounded"] == want,
          f"DRIFT {'bounded' if v['bounded'] else 'fails'}, want {expect}: "
          f"depth {v['depth_mid']} at half time, {v['depth_end']} at the end")


def yield_(binary, expect):
    short = []
    for size in (2, 3, 4, 8):
        for aligned in ("1", "0"):
            p = subprocess.run([binary, "yield", "14", "500", str(size),
                                aligned, "1"], stdout=subprocess.PIPE,
                               text=True)
            check(p.returncode == 0, f"yield size {size} aligned {aligned} "
                  f"exits 0 (got {p.returncode})")
            if p.returncode:
                return
            r = json.loads(p.stdout)
            if r["got"] != r["possible"]:
                short.append(f"size {size}{' aligned' if r['aligned'] else ''}"
                             f": {r['got']} of {r['possible']}")
    if expect == "complete":
        check(not short, f"every possible allocation made ({short})")
    else:
        check(bool(short), f"some possible allocations missed ({short})")


def errors(bench, base, work):
    os.makedirs(work, exist_ok=True)
    bad = os.path.join(work, "bad.patch")
    with open(bad, "w") as f:
        f.write("--- a/drivers/iommu/iova.c\n+++ b/drivers/iommu/iova.c\n"
                "@@ -1,3 +1,3 @@\n-no such line\n+nor this\n ctx\n ctx\n")
    missing = os.path.join(work, "missing.patch")
    with open(missing, "w") as f:
        f.write("--- a/lib/nothere.c\n+++ b/lib/nothere.c\n"
                "@@ -1,2 +1,2 @@\n-a\n+b\n c\n")
    env = dict(os.environ, IOVAFUZZ_BUILD=os.path.join(work, "build"),
               IOVAFUZZ_OUT=os.path.join(work, "out"))
    cases = [
        (["--base", base, "--series", bad, "--no-install"],
         "bad.patch does not apply: drivers/iommu/iova.c hunk #1"),
        (["--base", base, "--series", missing, "--no-install"],
         "the series changes nothing under test: patch 1/1: missing.patch: "
         "nothing under test; not in the sparse base, skipped: lib/nothere.c"),
        (["--base", base, "--series", os.path.join(work, "none.patch")],
         "no readable patch file"),
        (["--bogus"], "unknown option: --bogus"),
        (["--base", base, "--kernel", "6.1"], "not both"),
        (["--bins", "/nonexistent", "/nonexistent", "--out", work],
         "no measure binary at /nonexistent"),
        (["find", "--runs", "0", "align-ilog2"], "--runs needs 1..99"),
        (["find", "--build", work, "no-such-mutant"],
         "no fuzz target for mutant no-such-mutant in"),
        (["find", "--bogus", "x"], "unrecognized arguments: --bogus"),
    ]
    for args, want in cases:
        p = subprocess.run([bench] + args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env)
        lines = p.stderr.strip().splitlines()
        check(p.returncode == 2 and len(lines) == 1 and
              lines[0].startswith("bench" + (" find: " if args[0] == "find"
                                             else ": ")) and
              want in lines[0],
              f"{' '.join(args)}: exit 2, one line with '{want}' "
              f"(got {p.returncode}: {lines})")


def find(bench, build, *mutants):
    """bench find from the seeds, which catch each of MUTANTS: every run
    finds it, and executions are counted."""
    p = subprocess.run([bench, "find", "--build", build, "--runs", "2",
                        "--seconds", "60", "--seeds"] + list(mutants),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    print(p.stdout)
    check(p.returncode == 0, f"bench find: exit {p.returncode}")
    for m in mutants:
        row = [ln.split() for ln in p.stdout.splitlines()
               if ln.startswith(m + " ")]
        check(len(row) == 1 and row[0][2] == "2/2" and row[0][3].isdigit(),
              f"{m}: found in 2 of 2 runs, executions counted ({row})")


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "quick" and len(sys.argv) == 6:
        quick(*sys.argv[2:])
    elif mode == "drift" and len(sys.argv) == 4:
        drift(*sys.argv[2:])
    elif mode == "yield" and len(sys.argv) == 4:
        yield_(*sys.argv[2:])
    elif mode == "errors" and len(sys.argv) == 5:
        errors(*sys.argv[2:])
    elif mode == "find" and len(sys.argv) >= 5:
        find(*sys.argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
