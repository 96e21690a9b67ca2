#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""counts.py FUZZER REPLAYER FAIL WORK: past every finding, the table
counts each one exactly once, whether the target saved it (the first of
a line, and its 2nd, 4th, 8th... repeat, written by the target itself)
or counted and dropped it in-process.

N inputs, FAIL with N different tails (ops after the one that fails, so
each fails alike), are the seeds of scripts/lib/go_on.py with -runs=0:
every one runs once, while the corpus is read in.  Then findings.py
record names what was saved and findings.py summary adds what was
dropped: one row, counting N.  (Leak detection is off: libFuzzer runs an
input again to look for a leak, which would count it twice.)"""

import os
import re
import shutil
import subprocess
import sys

LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                   "scripts", "lib")
N = 40


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p.returncode, p.stdout + p.stderr


def main(fuzzer, replayer, fail, work):
    shutil.rmtree(work, ignore_errors=True)
    for d in ("in", "corpus", "art"):
        os.makedirs(os.path.join(work, d))
    with open(fail, "rb") as f:
        data = f.read()
    for k in range(N):
        with open(os.path.join(work, "in", f"tail-{k:02}"), "wb") as f:
            f.write(data + bytes([0, 1, k, 2]) * (1 + k % 3))
    rc, out = run([sys.executable, os.path.join(LIB, "go_on.py"),
                   "--work", work, "--", fuzzer, "-runs=0",
                   "-detect_leaks=0", f"-artifact_prefix={work}/art/",
                   os.path.join(work, "corpus"), os.path.join(work, "in")])
    if rc:
        sys.exit(f"FAIL: go_on.py exit {rc}:\n{out[-3000:]}")
    arts = sorted(os.path.join(work, "art", a)
                  for a in os.listdir(os.path.join(work, "art")))
    if not arts:
        sys.exit(f"FAIL: nothing saved:\n{out[-3000:]}")
    findings = os.path.join(LIB, "findings.py")
    rc, out = run([sys.executable, findings, "record", "--work", work,
                   "--start", "0", "--max-candidates", "1"] + arts +
                  ["--", replayer])
    if rc:
        sys.exit(f"FAIL: findings.py record exit {rc}:\n{out}")
    _, table = run([sys.executable, findings, "summary", "--work", work])
    rows = table.splitlines()[1:]
    counts = [int(m.group(1)) for m in
              (re.search(r"  +(\d+)  +\S+s  ", r) for r in rows) if m]
    print(table)
    print(f"{len(arts)} saved (first and repeats), {N} inputs")
    if len(rows) != 1 or counts != [N]:
        sys.exit(f"FAIL: {N} inputs failing alike, counted as {counts} "
                 f"in {len(rows)} row(s)")
    if len(arts) < 2:
        sys.exit("FAIL: no repeat saved: the test does not reach it")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: counts.py FUZZER REPLAYER FAIL WORK")
    sys.exit(main(*sys.argv[1:]))
