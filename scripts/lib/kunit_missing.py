#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every kernel API a KUnit file uses that the shim lacks, in one line.

  kunit_missing.py LOG

LOG is a failed `make VERBOSE=1 -k` build of scripts/kunit's runner.  A
missing header stops the compiler at the first one, so each file that
failed is compiled again (syntax only, every error) with an empty
header in place of each missing one, until no header is missing; what
is then undeclared, and what the linker could not find, is the rest.
Prints "FILE uses kernel API the shim (src/shim, src/kunit) lacks:
'sym', ..., <header.h>, ..." per file (one line for all), or nothing
when the errors name no missing API.  Exit 0.
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

ERROR = re.compile(r"^(\S+?):\d+:\d+: (?:fatal )?error: (.*)$")
HEADER = re.compile(r"'([^']+)' file not found")
NAME = re.compile(r"(?:implicit declaration of function|call to undeclared "
                  r"(?:library )?function|unknown type name|use of undeclared "
                  r"identifier) '([A-Za-z_]\w*)'|incomplete (?:result )?type "
                  r"'(struct \w+)'")
UNDEF = re.compile(r"(?:(?:\S*/)?([^\s:/]+\.c):[^\s]*:? )?undefined reference "
                   r"to `([^']+)'")


def commands(log):
    """{source: argv} of the compile lines of a verbose make log."""
    out = {}
    for line in log.splitlines():
        if " -c " not in line or " -o " not in line:
            continue
        try:
            argv = shlex.split(line.split(" && ", 1)[-1])
        except ValueError:
            continue
        if "-c" in argv:
            src = argv[argv.index("-c") + 1]
            out[os.path.realpath(src)] = argv
    return out


def probe(argv, src, stubs):
    """The missing headers and names of one file, stubbing headers."""
    headers, names = [], []
    args, skip = [], 0
    for a in argv:
        if skip:
            skip -= 1
        elif a in ("-o", "-MT", "-MF", "-MQ"):
            skip = 1
        elif a not in ("-c", "-MD", "-MMD"):
            args.append(a)
    cmd = [args[0], "-I", stubs] + args[1:] + ["-fsyntax-only",
                                               "-ferror-limit=0"]
    for _ in range(40):
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        missing = HEADER.findall(p.stderr)
        new = [h for h in missing if h not in headers]
        if not new:
            for m in NAME.finditer(p.stderr):
                n = m.group(1) or m.group(2)
                if n not in names:
                    names.append(n)
            break
        for h in new:
            headers.append(h)
            path = os.path.join(stubs, h)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").close()
    return headers, names


def main(argv):
    if len(argv) != 2:
        print("usage: kunit_missing.py LOG", file=sys.stderr)
        return 2
    with open(argv[1], errors="replace") as f:
        log = f.read()
    failed = []
    for line in log.splitlines():
        m = ERROR.match(line)
        if m and os.path.realpath(m.group(1)) not in failed:
            failed.append(os.path.realpath(m.group(1)))
    cmds = commands(log)
    parts = []
    with tempfile.TemporaryDirectory(prefix="kunit-missing.") as stubs:
        for src in failed:
            if src not in cmds:
                continue
            headers, names = probe(cmds[src], src, stubs)
            what = [f"'{n}'" for n in names] + [f"<{h}>" for h in headers]
            if what:
                parts.append(f"{os.path.basename(src)} uses kernel API the "
                             f"shim (src/shim, src/kunit) lacks: "
                             + ", ".join(what))
    undef = {}
    for m in UNDEF.finditer(log):
        syms = undef.setdefault(m.group(1) or "the KUnit files", [])
        if m.group(2) not in syms:
            syms.append(m.group(2))
    if not parts:
        for f, syms in undef.items():
            parts.append(f"{f} uses kernel API the shim (src/shim, src/kunit) "
                         "lacks: " + ", ".join(f"'{u}'" for u in syms))
    if parts:
        print("; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
