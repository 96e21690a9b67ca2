#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""progress_test.py PROGRESS WORK: scripts/lib/progress.py on canned
engine output: libFuzzer's fork-mode status line, two AFL++ instances'
fuzzer_stats, a findings table, and totals lines of several processes."""

import os
import re
import subprocess
import sys
import time

prog, work = sys.argv[1], sys.argv[2]
failures = 0


def check(args, want):
    global failures
    p = subprocess.run([sys.executable, prog] + args, capture_output=True,
                       text=True)
    out = p.stdout.strip()
    if p.stderr:
        print(f"FAIL: {' '.join(args)}: wrote to stderr:\n{p.stderr}")
        failures += 1
    elif not re.fullmatch(want, out):
        print(f"FAIL: {' '.join(args)}:\n  got  {out!r}\n  want {want!r}")
        failures += 1
    else:
        print(f"ok: {out}")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


lf = os.path.join(work, "lf")
write(os.path.join(lf, "libfuzzer.log"),
      "INFO: -fork=2\n#10220: cov: 981 ft: 1639 corp: 183 exec/s 1140 "
      "oom/timeout/crash: 0/0/0 time: 3s job: 2 dft_time: 0\n"
      "#47587: cov: 985 ft: 1958 corp: 307 exec/s 2593 oom/timeout/crash: "
      "0/0/3 time: 8s job: 4 dft_time: 0\n")
write(os.path.join(lf, "findings.tsv"),
      "ALIGN alloc_iova\t40\t0\tx/crash-1\nALIGN alloc_iova_fast\t2\t1\ty\n")
check(["line", "--engine", "libfuzzer", "--work", lf, "--corpus", lf,
       "--jobs", "2", "--elapsed", "10"],
      re.escape("10s: 2 job(s): 47587 execs (4758/s), corpus 307, "
                "findings 42 (2 signature(s))"))
# Nothing reported yet: no line.
empty = os.path.join(work, "empty")
os.makedirs(empty, exist_ok=True)
check(["line", "--engine", "libfuzzer", "--work", empty, "--corpus", empty,
       "--jobs", "2", "--elapsed", "1"], "")

afl = os.path.join(work, "afl")
now = int(time.time())
for role, execs, rate in (("main", 40460, 1011.4), ("s1", 124156, 3097.0)):
    write(os.path.join(afl, "afl", role, "fuzzer_stats"),
          f"start_time        : {now - 60}\nlast_update       : {now - 5}\n"
          f"execs_done        : {execs}\nexecs_per_sec     : {rate}\n")
for i in range(3):
    write(os.path.join(afl, "afl", "main", "queue", f"id:00000{i}"), "x")
check(["line", "--engine", "afl", "--work", afl, "--corpus", afl,
       "--jobs", "2", "--elapsed", "60"],
      re.escape("60s: 2 job(s): 164616 execs (2993/s, stats ") + "[56]" +
      re.escape("s old), corpus 3, findings 0 (0 signature(s))"))

# AFL++'s first stats: a rate of inf, fields not filled in yet.
afl0 = os.path.join(work, "afl0")
write(os.path.join(afl0, "afl", "main", "fuzzer_stats"),
      f"start_time        : {now}\nlast_update       : {now}\n"
      "execs_done        : 12\nexecs_per_sec     : inf\n"
      "cycles_done       :\nbitmap_cvg        : nan%\n")
write(os.path.join(afl0, "afl", "main", "queue", "id:000000"), "x")
check(["line", "--engine", "afl", "--work", afl0, "--corpus", afl0,
       "--jobs", "1", "--elapsed", "1"],
      re.escape("1s: 1 job(s): 12 execs (12/s, stats ") + "[01]" +
      re.escape("s old), corpus 1, findings 0 (0 signature(s))"))

tot = os.path.join(work, "totals")
write(tot, "iovafuzz: totals: 10 ops, 1 injected allocation failures, "
      "2 markers created, 1 drained\n"
      "iovafuzz: totals: 5 ops, 0 injected allocation failures, "
      "0 markers created, 0 drained\nnoise\n")
check(["totals", tot], re.escape(
      "iovafuzz: totals: 15 ops, 1 injected allocation failures, 2 markers "
      "created, 1 drained (summed over 2 process(es))"))
check(["totals", os.path.join(work, "no-such-file")], "")

print("all checks passed" if not failures else f"{failures} check(s) failed")
sys.exit(1 if failures else 0)
