#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A patch series for scripts/premerge: split, copied base, applied in order.

  premerge_series.py apply [--base DIR] --dest DIR --save DIR FILE...
      FILE is an mbox (git format-patch, b4 am: one or more messages) or a
      plain diff.  Copies the files the harness needs from the base tree
      DIR (plus every file of the base the series touches) to --dest,
      fresh, writes each patch as --save/NNNN-<subject>.patch and applies
      them in order with `patch -p1 -F0` (offsets allowed, no fuzz, as
      `git am`).  A patch that does not apply stops with one line naming
      it, its first failing file and hunk.  Sections for files a sparse
      base does not have (and the series does not create) are dropped
      with a note: they are not under test.  Prints one line per patch.
      Without --base the series is applied to the tree at --dest in
      place (scripts/kunit --uml; scripts/bench and scripts/premerge copy
      a base first): every script reads a series this one way.
  premerge_series.py changed --base DIR --patched DIR FILE...
      The lines of each FILE (relative to the trees) the series added or
      changed, as "FILE<TAB>first-last" ranges of the patched file.

Exit status: 0 ok, 2 usage error or a patch that does not apply (one
"premerge: ..." line on stderr).
"""

import os
import re
import shutil
import subprocess
import sys

import cli

PROG = "premerge"
# What the harness compiles or includes (scripts/lib/common.sh).
HARNESS = ["drivers/iommu/iova.c", "include/linux/iova.h", "lib/rbtree.c",
           "lib/maple_tree.c", "include/linux/rbtree.h",
           "include/linux/rbtree_augmented.h", "include/linux/rbtree_types.h",
           "include/linux/rbtree_latch.h", "include/linux/maple_tree.h",
           "Makefile", "drivers/iommu/Kconfig", "drivers/iommu/Makefile",
           "drivers/iommu/.kunitconfig", "drivers/iommu/iova-kunit.c",
           "lib/Kconfig.debug", "lib/Makefile"]
MBOX_FROM = re.compile(r"^From \S+ +\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$")
HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class Error(Exception):
    pass


die = cli.die_as(PROG)


def read_text(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "surrogateescape")
    except OSError as e:
        raise Error(f"cannot read series file {path}: {e.strerror}")


def subject_of(headers):
    """The Subject: header of a message, unfolded."""
    m = re.search(r"^Subject:(.*(?:\n[ \t].*)*)", headers, re.M | re.I)
    return re.sub(r"\s+", " ", m.group(1)).strip() if m else ""


def split_series(path):
    """[(name, subject, text)] of the messages (or the one diff) in path."""
    text = read_text(path)
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines)
              if MBOX_FROM.match(line.rstrip("\n"))
              and (i == 0 or not lines[i - 1].strip())]
    base = os.path.basename(path)
    if not starts:
        return [(base, "", text)]
    out = []
    bounds = starts + [len(lines)]
    for k in range(len(starts)):
        msg = "".join(lines[bounds[k]:bounds[k + 1]])
        head = msg.split("\n\n", 1)[0]
        label = base if len(starts) == 1 else f"{base} message {k + 1}"
        out.append((label, subject_of(head), msg))
    return out


def strip_prefix(path):
    path = path.split("\t", 1)[0].strip()
    if path == "/dev/null":
        return None
    return path.split("/", 1)[1] if "/" in path else path


def sections(text):
    """Split a patch into (preamble, [section]), a section being
    {"lines": [...], "old": path or None, "new": path or None}."""
    lines = text.splitlines(keepends=True)
    pre, secs, cur = [], [], None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("diff --git "):
            cur = {"lines": [line], "old": None, "new": None, "git": True}
            m = re.match(r"diff --git a/(\S+) b/(\S+)", line)
            if m:
                cur["old"], cur["new"] = m.group(1), m.group(2)
            secs.append(cur)
            i += 1
            continue
        if line.startswith("--- ") and i + 1 < len(lines) and \
                lines[i + 1].startswith("+++ "):
            if cur is None or not cur.get("git") or cur.get("hunks"):
                cur = {"lines": [], "old": None, "new": None, "git": False}
                secs.append(cur)
            cur["lines"] += [line, lines[i + 1]]
            cur["old"] = strip_prefix(line[4:])
            cur["new"] = strip_prefix(lines[i + 1][4:])
            i += 2
            continue
        m = HUNK.match(line)
        if m and cur is not None:
            cur["hunks"] = cur.get("hunks", 0) + 1
            old = int(m.group(2) or 1)
            new = int(m.group(4) or 1)
            cur["lines"].append(line)
            i += 1
            while i < len(lines) and (old > 0 or new > 0):
                body = lines[i]
                c = body[:1]
                # A context line whose leading space a mailer ate starts
                # with the tab after it: GNU patch takes it as context.
                if c in (" ", "\t") or body in ("\n", "\r\n"):
                    old, new = old - 1, new - 1
                elif c == "-":
                    old -= 1
                elif c == "+":
                    new -= 1
                elif c != "\\":
                    break
                cur["lines"].append(body)
                i += 1
            while i < len(lines) and lines[i].startswith("\\"):
                cur["lines"].append(lines[i])
                i += 1
            continue
        if cur is None:
            pre.append(line)
        elif line.startswith(("new file mode", "deleted file mode",
                              "index ", "old mode", "new mode",
                              "similarity", "rename ", "copy ")) \
                and not cur.get("hunks"):
            cur["lines"].append(line)
        else:
            # A trailer ("-- " and git's version) or text between files:
            # nothing patch needs.
            cur = None
        i += 1
    return pre, secs


def section_path(sec):
    return sec["old"] or sec["new"]


def copy_base(base, dest, touched):
    if os.path.exists(dest):
        shutil.rmtree(dest)
    for rel in sorted(set(HARNESS) | set(touched)):
        src = os.path.join(base, rel)
        if not os.path.isfile(src):
            continue
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy2(src, os.path.join(dest, rel))


def first_failure(output):
    """'FILE hunk #N at line L' of patch's dry-run output, or a reason."""
    cur = None
    lines = output.splitlines()
    for k, line in enumerate(lines):
        m = re.match(r"^(?:checking|patching) file (.*)$", line)
        if m:
            cur = m.group(1).strip("'")
            continue
        m = re.match(r"^Hunk #(\d+) FAILED at (\d+)", line)
        if m:
            return f"{cur} hunk #{m.group(1)} (at line {m.group(2)})"
        if "can't find file to patch" in line:
            # patch quotes the header it could not place: "|--- a/FILE".
            for q in lines[k + 1:k + 8]:
                m = re.match(r"^\|(?:---|\+\+\+) (\S+)", q)
                if m and m.group(1) != "/dev/null":
                    return f"{strip_prefix(m.group(1))}: no such file in the tree"
            return "a file that is not in the tree"
        if "Only garbage was found" in line or "malformed patch" in line:
            return f"malformed patch: {line.strip()}"
        m = re.match(r"^The next patch would (create|delete) the file (.*),", line)
        if m:
            return f"{m.group(2)}: would {m.group(1)} a file that " + \
                ("exists" if m.group(1) == "create" else "does not exist")
    lines = [ln for ln in lines if ln.strip()]
    return lines[-1] if lines else "patch failed"


def patch_cmd(dest, path, dry):
    cmd = ["patch", "-p1", "-f", "-F0", "--no-backup-if-mismatch", "-r", "-",
           "-d", dest, "-i", path]
    return cmd + ["--dry-run"] if dry else cmd


def slug(s):
    s = re.sub(r"^\[[^]]*\]\s*", "", s)
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-")[:48] or "patch"


def apply(args):
    base = os.path.realpath(args.base or args.dest)
    sparse = not os.path.isfile(os.path.join(base, "MAINTAINERS"))
    patches = []
    for f in args.files:
        patches += split_series(f)
    if not patches:
        raise Error("the series is empty")
    parsed = [(n, s, sections(t)) for n, s, t in patches]
    touched = {section_path(sec) for _, _, (_, secs) in parsed
               for sec in secs if section_path(sec)}
    if args.base:
        copy_base(base, args.dest, touched)
    if os.path.exists(args.save):
        shutil.rmtree(args.save)
    os.makedirs(args.save)
    created = set()
    for k, (name, subj, (pre, secs)) in enumerate(parsed, 1):
        who = f"{name} ({subj})" if subj else name
        if not secs:
            raise Error(f"{who} does not apply: no diff in it")
        keep, dropped = [], []
        for sec in secs:
            path = section_path(sec)
            exists = path and (os.path.isfile(os.path.join(args.dest, path))
                               or path in created)
            if sec["old"] is None or exists or not sparse:
                keep.append(sec)
                if sec["new"]:
                    created.add(sec["new"])
            else:
                dropped.append(path)
        out = os.path.join(args.save, f"{k:04d}-{slug(subj or name)}.patch")
        with open(out, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write("".join(pre) + "".join("".join(s["lines"]) for s in keep))
        note = f"; not in the sparse base, skipped: {' '.join(dropped)}" \
            if dropped else ""
        if not keep:
            print(f"patch {k}/{len(parsed)}: {who}: nothing under test{note}")
            continue
        for dry in (True, False):
            p = subprocess.run(patch_cmd(args.dest, out, dry),
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            if p.returncode:
                why = first_failure(p.stdout.decode("utf-8", "replace"))
                raise Error(f"{who} does not apply: {why}")
        files = " ".join(section_path(s) for s in keep)
        print(f"patch {k}/{len(parsed)}: {who}: {files}{note}")
    return 0


def changed(args):
    for rel in args.files:
        a = os.path.join(args.base, rel)
        b = os.path.join(args.patched, rel)
        if not os.path.isfile(b):
            continue
        p = subprocess.run(["diff", "-U0", a if os.path.isfile(a)
                            else "/dev/null", b], stdout=subprocess.PIPE)
        if p.returncode > 1:
            raise Error(f"diff failed on {rel}")
        for line in p.stdout.decode("utf-8", "replace").splitlines():
            m = HUNK.match(line)
            if m and int(m.group(4) or 1) > 0:
                first = int(m.group(3))
                print(f"{rel}\t{first}-{first + int(m.group(4) or 1) - 1}")
    return 0


Parser = cli.parser_class(die)


def main(argv):
    p = Parser(prog="premerge_series.py")
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("apply")
    # Without --base the series is applied to --dest in place.
    a.add_argument("--base")
    a.add_argument("--dest", required=True)
    a.add_argument("--save", required=True)
    a.add_argument("files", nargs="+")
    c = sub.add_parser("changed")
    c.add_argument("--base", required=True)
    c.add_argument("--patched", required=True)
    c.add_argument("files", nargs="+")
    args = p.parse_args(argv)
    try:
        return apply(args) if args.cmd == "apply" else changed(args)
    except Error as e:
        die(str(e))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
