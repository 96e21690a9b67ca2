#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A stand-in for a tree's tools/testing/kunit/kunit.py, for testing what
scripts/lib/kunit_uml.sh keeps between runs: "build" copies each lib/*.c
whose object is missing or older than it (make's rule) into
BUILD_DIR/*.o; "exec" passes if every object says "original", as the
unpatched tree does, and fails otherwise."""

import glob
import os
import shutil
import sys

build = next(a.split("=", 1)[1] for a in sys.argv if
             a.startswith("--build_dir="))
os.makedirs(build, exist_ok=True)
if sys.argv[1] == "build":
    for src in glob.glob("lib/*.c"):
        obj = os.path.join(build, os.path.basename(src) + ".o")
        if not os.path.exists(obj) or \
                os.path.getmtime(src) > os.path.getmtime(obj):
            shutil.copyfile(src, obj)
elif sys.argv[1] == "exec":
    objs = glob.glob(os.path.join(build, "*.o"))
    bad = [o for o in objs if open(o).read().strip() != "original"]
    print(f"[{'FAILED' if bad else 'PASSED'}] objects {' '.join(bad)}")
    print(f"Testing complete. Ran 1 tests: passed: {0 if bad else 1}, "
          f"failed: {1 if bad else 0}")
    sys.exit(1 if bad else 0)
