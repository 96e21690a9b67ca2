# SPDX-License-Identifier: GPL-2.0-only
"""What a replay of an iova program printed, as data: the report's
key: value lines, the op records (the `-v` trace and the report's
"program:" list, whose format is stable), the tree/model dump and the
sanitizer report.  Used by repro.py and repro_c.py."""

import os
import re

# The harness's own files are named relative to its top directory.
TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

REC = re.compile(r"^  #(\d+)\s+(\S+?)(\(.*?\)| .*?)?"
                 r"( skipped| = \[0x[0-9a-f]+-0x[0-9a-f]+\]| = fail| = NULL|"
                 r" = non-NULL \(not read\))?"
                 r"(  \((\d+) allocations? failed by injection\))?"
                 r"(  \(retry, injection off\))?$")


class Rec:
    """One op as the runner ran it: kind, concrete arguments, result."""

    def __init__(self, m):
        self.index = int(m.group(1))
        self.kind = m.group(2)
        args = (m.group(3) or "").strip()
        self.text = self.kind + (args if args.startswith("(") else
                                 (" " + args if args else ""))
        self.nums = [int(x, 0) for x in
                     re.findall(r"(?<![\w])(0x[0-9a-f]+|\d+)", args)]
        self.flag = "unaligned" not in args and "aligned" in args
        res = (m.group(4) or "").strip()
        self.skipped = res == "skipped"
        self.failed = res in ("= fail", "= NULL")
        r = re.match(r"= \[(0x[0-9a-f]+)-(0x[0-9a-f]+)\]", res)
        self.lo, self.hi = (int(r.group(1), 16), int(r.group(2), 16)) \
            if r else (None, None)
        self.result = res
        self.injected = int(m.group(6) or 0)
        self.retry = bool(m.group(7))
        self.args = args


def records(lines):
    """The records of the last "program:" list, else of the -v trace."""
    out, in_prog, prog = [], False, None
    for line in lines:
        if line == "program:":
            in_prog, prog = True, []
            continue
        m = REC.match(line)
        if in_prog:
            if not m:
                in_prog = False
                continue
            prog.append(Rec(m))
        elif m:
            out.append(Rec(m))
    return prog if prog is not None else out


def keys(lines):
    """The report's key: value lines (first occurrence of each)."""
    kv = {}
    for line in lines:
        m = re.match(r"^([a-z]+):\s+(.*)$", line)
        if m and m.group(1) not in kv:
            kv[m.group(1)] = m.group(2)
    return kv


def title(lines):
    for line in lines:
        if re.match(r"^iovafuzz: \S.* in op #\d+", line):
            return line
    return None


def dump(lines):
    """The tree and model (or live objects) around the range."""
    out, on = [], False
    for line in lines:
        if re.match(r"^(tree \[|live objects after)", line):
            on = True
        if on and (line.startswith("FAIL ") or line.startswith("ok   ")
                   or line.startswith("==")):
            break
        if on:
            out.append(line)
    return out


FRAME = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (\S+) (\S+?):(\d+)(?::\d+)?$")


def sanitizer(lines, tree):
    """The sanitizer report: its first line, the kernel frames (file:line
    relative to the tree) of each stack, the SUMMARY; [] if none."""
    out, on = [], False
    root = tree.rstrip("/") + "/" if tree else None
    for line in lines:
        if re.search(r"ERROR: (Address|Leak|Undefined)Sanitizer|"
                     r" runtime error: ", line) and not on:
            on = True
            msg = re.sub(r"^==\d+==", "", line)
            msg = re.sub(r" on address 0x[0-9a-f]+ at pc .*", "", msg)
            if root:
                msg = msg.replace(root, "")
            out.append(msg)
            continue
        if not on:
            continue
        if re.match(r"^(freed by|previously allocated by|READ of|WRITE of)",
                    line):
            out.append(re.sub(r" at 0x[0-9a-f]+ thread", " thread", line))
            continue
        m = FRAME.match(line)
        if m and root and m.group(3).startswith(root):
            out.append(f"    {m.group(2)} {m.group(3)[len(root):]}:"
                       f"{m.group(4)}")
        elif line.startswith("SUMMARY:"):
            s = line.replace(root, "") if root else line
            out.append(s.replace(TOP + "/", ""))
            break
    return out
