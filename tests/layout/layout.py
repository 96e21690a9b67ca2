#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The layers point downwards (docs/layout.md): src/ and model/ include
nothing from fuzz/, fuzz/lang/ nothing from a target's folder, and no
target's folder from another's.

  layout.py ROOT

Prints one line per include that points the wrong way; exit 1 if any.
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^>"]+)[>"]', re.M)
TARGETS = ("fuzz/iova", "fuzz/maple", "fuzz/heap")


def sources(root, top):
    for d, subs, files in os.walk(os.path.join(root, top)):
        subs[:] = sorted(s for s in subs if not s.startswith("."))
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(d, f), root)


def owners(root):
    """Header basename -> the folders under fuzz/ that hold it."""
    where = {}
    for path in sources(root, "fuzz"):
        if path.endswith(".h"):
            where.setdefault(os.path.basename(path), set()).add(
                os.path.dirname(path))
    return where


def layer(path):
    for t in TARGETS:
        if path.startswith(t + "/"):
            return t
    return os.path.dirname(path)


def allowed(src, hdr_dir):
    """May a file in folder src include a header of fuzz folder hdr_dir?"""
    if src.startswith(("src", "model")):
        return False
    if src.startswith("fuzz/lang"):
        return hdr_dir.startswith("fuzz/lang")
    if layer(src + "/x") in TARGETS:
        return (hdr_dir.startswith("fuzz/lang") or
                layer(hdr_dir + "/x") == layer(src + "/x"))
    return True


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: layout.py ROOT", file=sys.stderr)
        return 2
    root = argv[1]
    where = owners(root)
    bad = 0
    for top in ("src", "model", "fuzz"):
        for path in sources(root, top):
            with open(os.path.join(root, path), errors="replace") as f:
                text = f.read()
            here = os.path.dirname(path)
            for name in INCLUDE.findall(text):
                base = os.path.basename(name)
                # A header beside the file is its own.
                if os.path.exists(os.path.join(root, here, name)):
                    dirs = {os.path.dirname(os.path.join(here, name))}
                else:
                    dirs = where.get(base, set())
                for d in sorted(dirs):
                    if d.startswith("fuzz") and not allowed(here, d):
                        print(f"{path}: includes {name} from {d}/")
                        bad += 1
    print(f"layout: {bad} include(s) pointing the wrong way")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
