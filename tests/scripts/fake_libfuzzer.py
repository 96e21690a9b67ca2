#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A stand-in for a libFuzzer binary, for testing scripts/lib/go_on.py
without timing luck: it reads every input of its directories first, as
libFuzzer does, then ends on the first one that starts with CRASH the
way libFuzzer does when an input crashes while read in (an artifact
named after its SHA-1, "Test unit written to", no INITED line).  A
process whose -seed is 1000 or more (go_on.py's second chain) waits
FAKE_DELAY seconds before it ends, so that the first chain has left the
input out by then; with FAKE_BARRIER=DIR:N, the first process of each
chain waits, once it has read its inputs, until N have.  With no crashing
input it prints INITED and the final stats, and exits 0."""

import hashlib
import os
import sys
import time

opts = {}
dirs = []
for a in sys.argv[1:]:
    if a.startswith("-") and "=" in a:
        k, v = a[1:].split("=", 1)
        opts[k] = v
    else:
        dirs.append(a)
inputs = []
for d in dirs:
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            inputs.append(f.read())
log = os.environ.get("FAKE_LOG")
if log:
    with open(log, "a", encoding="utf-8") as f:
        f.write(f"seed {opts.get('seed')} read {len(inputs)}\n")
barrier = os.environ.get("FAKE_BARRIER")
if barrier and int(opts.get("seed", "0")) % 1000 == 1:
    where, n = barrier.rsplit(":", 1)
    open(os.path.join(where, opts["seed"]), "w").close()
    for _ in range(1000):
        if len(os.listdir(where)) >= int(n):
            break
        time.sleep(0.01)
for data in inputs:
    if data.startswith(b"CRASH"):
        if int(opts.get("seed", "0")) >= 1000:
            time.sleep(float(os.environ.get("FAKE_DELAY", "0.5")))
        path = opts.get("artifact_prefix", "./") + "crash-" + \
            hashlib.sha1(data).hexdigest()
        with open(path, "wb") as f:
            f.write(data)
        print("==1==ERROR: AddressSanitizer: heap-use-after-free")
        print(f"artifact_prefix='{opts.get('artifact_prefix')}'; "
              f"Test unit written to {path}", flush=True)
        sys.exit(1)
print(f"#{len(inputs)}\tINITED cov: 1 ft: 1 corp: {len(inputs)}/1b",
      flush=True)
print("stat::number_of_executed_units: 10", flush=True)
sys.exit(0)
