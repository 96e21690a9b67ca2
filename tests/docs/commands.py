#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""docs.commands: every command a page shows still works.

    commands.py [--root DIR] [--build DIR] [--extra PAGE]... [--expect-fail]

Reads every *.md of the checkout (git ls-files, tracked and untracked but
not ignored; without git, a walk that skips build and output directories)
and takes from its code blocks (indented by four spaces, or fenced) the
lines that start with scripts/, tests/, build/, "$ scripts/", a binary
named iovafuzz_*, "cmake " or "ctest ", joined with their continuation
lines (a trailing backslash, or more deeply indented lines that follow).
A line may hold several commands (&&, ||, |, ;); each known one is checked:

  scripts/X      exists, is executable, "scripts/X --help" exits 0 (for
                 "scripts/X SUB", SUB's own help when it has one); every
                 --option shown is in that help
  tests/X        exists and is executable; every --option shown is in its
                 source (tests/ scripts take no --help: they are not run)
  iovafuzz_*     (bare, build/..., or any path) a binary of that kind is
                 under BUILD and its usage runs (KINDS below: a replayer
                 with no input prints "usage:" and exits 2, a libFuzzer
                 target prints its flags for -help=1, ...); every
                 --option shown is in the usage, every -flag= of a
                 libFuzzer target in its flags.  With no iovafuzz_*
                 binary under BUILD at all (nothing built) it is skipped,
                 saying so
  cmake          every -D variable shown is named in a CMakeLists.txt or
                 *.cmake of the checkout (or is CMake's own CMAKE_*)
  ctest          every -L/-LE label shown is a LABELS value, and every
                 literal part of a -R/-E regex is in the cmake files or a
                 file name of the checkout (a grep: names are generated)

and every repository path shown (corpus/..., ports/..., a glob) exists.
Nothing is installed, built or fuzzed; each probe has a timeout.

One line per command: "ok FILE:LINE CMD", "skip FILE:LINE CMD: why" or
"FAIL FILE:LINE CMD: why", then a summary.  Exit 0, or 1 on any failure.

A page whose text holds the marker <!-- docs-commands: skip --> is read
only when --extra names it.  --expect-fail reads only the --extra pages
and inverts the verdict: exit 0 when at least one command failed, none
passed, and each that ends in "# expect: TEXT" failed with TEXT in its
reason (tests/docs/rotten.md, ctest docs.commands_catch: the checker can
fail, and says why).
"""

import argparse
import glob
import os
import re
import subprocess
import sys

SKIP_MARK = "<!-- docs-commands: skip -->"
TIMEOUT = 30

# How a binary of each kind shows its usage, found by reading its main():
# (name prefix, arguments, exit codes, a "usage:" line required, libFuzzer).
# The first prefix that matches a name is its kind.
KINDS = [
    # libFuzzer's main: -help=1 lists the flags and exits 0 (the target's
    # LLVMFuzzerInitialize runs first and prints its line; nothing runs).
    ("iovafuzz_fuzz_maple_contract_", ["-help=1"], (0,), False, True),
    ("iovafuzz_fuzz_system_heap_", ["-help=1"], (0,), False, True),
    ("iovafuzz_fuzz_", ["-help=1"], (0,), False, True),
    # fuzz/heap/heap_replay.c: no input is its usage, exit 2.
    ("iovafuzz_heap_replay_", [], (2,), True, False),
    # fuzz/heap/heap_bench.c: an odd argument count is its usage, exit 2.
    ("iovafuzz_heap_bench_", ["--usage"], (2,), True, False),
    # fuzz/iova/replay.c: no input is its usage, exit 2.
    ("iovafuzz_replay_", [], (2,), True, False),
    # fuzz/iova/bench.c: an unknown option is its usage, exit 2.
    ("iovafuzz_bench_", ["--usage"], (2,), True, False),
    # bench/main.c: no measurement named is its usage, exit 2.
    ("iovafuzz_measure_", [], (2,), True, False),
    # src/kunit/main.c: an unknown option is its usage, exit 2.
    ("iovafuzz_kunit_", ["--usage"], (2,), True, False),
    # fuzz/lang/progtool.c: no command is its usage, exit 2.
    ("iovafuzz_prog", [], (2,), True, False),
]

SEPARATORS = ("&&", "||", "|", ";")
NOT_A_DIR = ("build", "out")


def kind_of(name):
    for k in KINDS:
        if k[0] == "iovafuzz_prog":
            if name == "iovafuzz_prog":
                return k
        elif name.startswith(k[0]):
            return k
    return None


def is_build_dir(path):
    base = os.path.basename(path)
    return (base in NOT_A_DIR or base.startswith("build-") or
            base.startswith(".") or base == "__pycache__" or
            os.path.isfile(os.path.join(path, "CMakeCache.txt")))


def under(path, top):
    path, top = os.path.realpath(path), os.path.realpath(top)
    return path == top or path.startswith(top + os.sep)


def walk(root, build, want):
    """Files of the checkout for which want(name) holds, build dirs skipped."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(
            x for x in dirs if not is_build_dir(os.path.join(d, x)) and
            not (build and under(os.path.join(d, x), build)))
        out += [os.path.relpath(os.path.join(d, f), root)
                for f in sorted(files) if want(f)]
    return out


def pages(root, build):
    try:
        r = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached",
                            "--others", "--exclude-standard", "--", "*.md"],
                           capture_output=True, check=True)
        names = sorted(set(n for n in r.stdout.decode().split("\0") if n))
    except (OSError, subprocess.CalledProcessError):
        names = walk(root, build, lambda f: f.endswith(".md"))
    return [n for n in names if os.path.isfile(os.path.join(root, n)) and
            not (build and under(os.path.join(root, n), build))]


# --- reading pages -----------------------------------------------------------

def blocks(text):
    """The code blocks of a page: lists of (line number, text), the block's
    own indentation (four spaces) removed; blank lines kept as ''."""
    out, cur, fence, indented, prev_blank = [], None, None, False, True
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.expandtabs(4).rstrip()
        if fence:
            if line.strip().startswith(fence):
                fence, cur = None, None
            else:
                cur.append((no, line))
            continue
        m = re.match(r"^ {0,3}(`{3,}|~{3,})", line)
        if m:
            fence, indented = m.group(1), False
            cur = []
            out.append(cur)
            continue
        if not line.strip():
            if indented:
                cur.append((no, ""))
            prev_blank = True
            continue
        ind = len(line) - len(line.lstrip(" "))
        if ind >= 4 and (indented or prev_blank):
            if not indented:
                cur = []
                out.append(cur)
            indented = True
            cur.append((no, line[4:]))
        else:
            indented = False
        prev_blank = False
    return out


ENV = re.compile(
    r"""^(?:[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S)*\s+)+""")
BINARY = re.compile(r"^(?:\S*/)?iovafuzz_[A-Za-z0-9_<>]+$")


def starts_command(s):
    s = s[2:].lstrip() if s.startswith("$ ") else s
    s = ENV.sub("", s)
    if s.startswith(("scripts/", "tests/", "build/", "cmake ", "ctest ")):
        return True
    word = s.split(None, 1)[0] if s.split() else ""
    return bool(BINARY.match(word))


def command_lines(block):
    """(line number, the command joined with its continuation lines)."""
    i = 0
    while i < len(block):
        no, text = block[i]
        s = text.lstrip()
        if not s or not starts_command(s):
            i += 1
            continue
        ind = len(text) - len(s)
        parts, cont, j = [s], s.endswith("\\"), i + 1
        while j < len(block):
            t = block[j][1]
            ts = t.lstrip()
            if not ts:
                break
            if cont or (len(t) - len(ts) > ind and not starts_command(ts)):
                parts.append(ts)
                cont = ts.endswith("\\")
                j += 1
            else:
                break
        joined = " ".join(p[:-1].strip() if p.endswith("\\") else p
                          for p in parts)
        if joined.startswith("$ "):
            joined = joined[2:].lstrip()
        yield no, joined
        i = j


def words(cmd):
    """Shell-like words, quotes removed, a '#' word ending the line; each
    word with the bracket depth ([] and ()) it starts at, so that '|' in
    a synopsis ([--kernel-src DIR | --kernel V]) is not a pipe."""
    out, cur, have, q, depth, start = [], "", False, None, 0, 0
    for c in cmd + " ":
        if q:
            if c == q:
                q = None
            else:
                cur += c
            continue
        if c.isspace():
            if have:
                out.append((cur, start))
            cur, have = "", False
            continue
        if not have:
            if c == "#":
                break
            have, start = True, depth
        if c in "\"'":
            q = c
            continue
        if c in "[(":
            depth += 1
        elif c in "])":
            depth = max(0, depth - 1)
        cur += c
    return out


def segments(cmd):
    """The commands of a line, split at top-level &&, ||, | and ;."""
    segs, cur = [], []
    for w, depth in words(cmd):
        if depth == 0 and w in SEPARATORS:
            segs.append(cur)
            cur = []
        elif depth == 0 and w.endswith(";") and len(w) > 1:
            cur.append(w[:-1])
            segs.append(cur)
            cur = []
        else:
            cur.append(w)
    segs.append(cur)
    out = []
    for s in segs:
        while s and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", s[0]):
            s = s[1:]
        if s:
            out.append(s)
    return out


LONG = re.compile(r"^[\[(|]*(--[A-Za-z0-9][A-Za-z0-9_-]*)")
FLAG = re.compile(r"^[\[(|]*-([a-z][a-z0-9_]*)=")


def long_options(args):
    opts = []
    for a in args:
        if a == "--":
            break
        m = LONG.match(a)
        if m and m.group(1) not in opts:
            opts.append(m.group(1))
    return opts


def has_option(text, opt):
    return re.search(r"(?<![\w-])" + re.escape(opt) + r"(?![\w-])", text)


# --- the checks --------------------------------------------------------------

class Checker:
    def __init__(self, root, build):
        self.root, self.build = root, build
        self.cache = {}
        self._binaries = None
        self._cmake = None
        self.top = [d for d in sorted(os.listdir(root))
                    if os.path.isdir(os.path.join(root, d)) and
                    not is_build_dir(os.path.join(root, d))]

    def run(self, argv):
        key = tuple(argv)
        if key not in self.cache:
            env = dict(os.environ)
            # No side effects, no dependence on a run's files: targets
            # append totals to IOVAFUZZ_TOTALS and read IOVAFUZZ_KNOWN.
            env.pop("IOVAFUZZ_TOTALS", None)
            env.pop("IOVAFUZZ_KNOWN", None)
            env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") +
                                   ":detect_leaks=0").lstrip(":")
            try:
                r = subprocess.run(argv, cwd=self.root, env=env,
                                   stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT,
                                   timeout=TIMEOUT)
                self.cache[key] = (r.returncode,
                                   r.stdout.decode(errors="replace"))
            except subprocess.TimeoutExpired:
                self.cache[key] = (None, f"timed out after {TIMEOUT} s")
            except OSError as e:
                self.cache[key] = (None, str(e))
        return self.cache[key]

    def binaries(self):
        """Every iovafuzz_* executable under the build directory."""
        if self._binaries is None:
            self._binaries = []
            if self.build and os.path.isdir(self.build):
                for d, dirs, files in os.walk(self.build):
                    dirs[:] = sorted(x for x in dirs if x != "CMakeFiles" and
                                     not x.endswith(".dir"))
                    for f in sorted(files):
                        p = os.path.join(d, f)
                        if f.startswith("iovafuzz_") and os.path.isfile(p) \
                                and os.access(p, os.X_OK):
                            self._binaries.append(p)
                self._binaries.sort(key=lambda p: (p.count(os.sep), p))
        return self._binaries

    def cmake_text(self):
        if self._cmake is None:
            names = walk(self.root, self.build, lambda f:
                         f == "CMakeLists.txt" or f.endswith(".cmake"))
            self._cmake = "\n".join(
                open(os.path.join(self.root, n), errors="replace").read()
                for n in names)
            self._names = "\n".join(walk(self.root, self.build,
                                         lambda f: True))
        return self._cmake

    def paths(self, args):
        """Repository paths among the arguments that do not exist."""
        bad = []
        for a in args:
            if a.startswith("--") and "=" in a:
                a = a.split("=", 1)[1]
            a = a.strip("[]()").rstrip(",")
            if a.endswith("..."):
                continue
            first = a.split("/", 1)[0]
            if "/" not in a or first not in self.top or \
                    re.search(r"[<>${}]", a):
                continue
            p = os.path.join(self.root, a)
            if any(c in a for c in "*?"):
                if not glob.glob(p):
                    bad.append(f"no path matches {a}")
            elif not os.path.exists(p):
                bad.append(f"no {a} in the repository")
        return bad

    def script(self, prog, args):
        path = os.path.join(self.root, prog)
        if not os.path.isfile(path):
            return "FAIL", [f"no {prog} in the repository"]
        if not os.access(path, os.X_OK):
            return "FAIL", [f"{prog} is not executable"]
        if prog.startswith("tests/"):
            help_text = open(path, errors="replace").read()
            where = "its source"
        else:
            rc, help_text = self.run([path, "--help"])
            if rc != 0:
                first = (help_text.strip() + "\n").split("\n")[0]
                return "FAIL", [f"{prog} --help exited {rc}: {first}"]
            where = f"{prog} --help"
            sub = args[0] if args else ""
            if re.match(r"^[a-z][a-z0-9_-]*$", sub) and \
                    has_option(help_text, sub):
                rc, sub_text = self.run([path, sub, "--help"])
                if rc == 0 and sub_text != help_text:
                    help_text, where = sub_text, f"{prog} {sub} --help"
        bad = [f"{o} is not in {where}" for o in long_options(args)
               if not has_option(help_text, o)]
        return ("FAIL" if bad else "ok"), bad

    def binary(self, prog, args):
        name = os.path.basename(prog)
        kind = kind_of(name)
        if not kind:
            return "FAIL", [f"{name}: a binary this checker does not know "
                            "how to ask for its usage (KINDS in "
                            "tests/docs/commands.py)"]
        if not self.binaries():
            return "skip", [f"no iovafuzz_* binary under {self.build} "
                            "(nothing built)"]
        family = [b for b in self.binaries()
                  if kind_of(os.path.basename(b)) == kind]
        exact = [b for b in family if os.path.basename(b) == name]
        suffix = re.search(r"_(plain|fuzz)$", name) if not kind[4] else None
        same = [b for b in family if bool(re.search(r"_(plain|fuzz)$",
                                                    os.path.basename(b))) ==
                bool(suffix) and (not suffix or b.endswith(suffix.group(0)))]
        pick = (exact or same or family)
        if not pick:
            return "FAIL", [f"no binary named like {kind[0]}* under "
                            f"{self.build}"]
        b = pick[0]
        rc, out = self.run([b] + kind[1])
        shown = " ".join([os.path.relpath(b, self.build)] + kind[1])
        if rc not in kind[2]:
            return "FAIL", [f"{shown} exited {rc}, not "
                            f"{' or '.join(map(str, kind[2]))}"]
        if kind[3] and not re.search(r"usage:", out, re.I):
            return "FAIL", [f"{shown} printed no usage line"]
        bad = [f"{o} is not in the usage of {shown}"
               for o in long_options(args) if not has_option(out, o)]
        if kind[4]:
            flags = [m.group(1) for m in map(FLAG.match, args) if m]
            bad += [f"-{f}= is not a flag of {shown}" for f in flags
                    if not re.search(r"^\s*" + re.escape(f) + r"\s", out,
                                     re.M)]
        return ("FAIL" if bad else "ok"), bad

    def cmake(self, args):
        text, bad = self.cmake_text(), []
        for i, a in enumerate(args):
            v = None
            if a.startswith("-D") and len(a) > 2:
                v = a[2:]
            elif a == "-D" and i + 1 < len(args):
                v = args[i + 1]
            if v is None:
                continue
            var = re.split(r"[:=]", v, 1)[0]
            if not var.startswith("CMAKE_") and \
                    not re.search(r"\b" + re.escape(var) + r"\b", text):
                bad.append(f"-D{var} is named in no CMakeLists.txt or *.cmake")
        return ("FAIL" if bad else "ok"), bad

    def ctest(self, args):
        text, bad = self.cmake_text(), []
        labels = set()
        for m in re.finditer(r"\bLABELS\s+(\"[^\"]*\"|[^\s)]+)", text):
            labels.update(x for x in m.group(1).strip('"').split(";") if x)
        for i, a in enumerate(args[:-1]):
            v = args[i + 1]
            if a in ("-L", "-LE", "--label-regex", "--label-exclude"):
                try:
                    if not any(re.search(v, lab) for lab in labels):
                        bad.append(f"{a} {v}: no test has such a label "
                                   f"(labels: {', '.join(sorted(labels))})")
                except re.error as e:
                    bad.append(f"{a} {v}: {e}")
            elif a in ("-R", "-E", "--tests-regex", "--exclude-regex"):
                for frag in re.split(r"[\\^$.*+?()\[\]{}|]+", v):
                    if len(frag) > 1 and frag not in text and \
                            frag not in self._names:
                        bad.append(f"{a} {v}: '{frag}' names no test")
        return ("FAIL" if bad else "ok"), bad

    def check(self, seg):
        prog, args = seg[0], seg[1:]
        if prog.startswith(("scripts/", "tests/")):
            verdict, why = self.script(prog, args)
        elif BINARY.match(prog):
            verdict, why = self.binary(prog, args)
        elif prog.startswith("build/"):
            verdict, why = "FAIL", [f"{prog}: not an iovafuzz_* binary, "
                                    "this checker does not know it"]
        elif prog == "cmake":
            verdict, why = self.cmake(args)
        elif prog == "ctest":
            verdict, why = self.ctest(args)
        else:
            return None
        missing = self.paths(args)
        if missing:
            verdict = "FAIL"
        return verdict, why + missing


def main():
    ap = argparse.ArgumentParser(
        description="Check that every command the pages show still works.")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", ".."), help="the checkout")
    ap.add_argument("--build", default=None,
                    help="the cmake build (default $IOVAFUZZ_BUILD, "
                    "else ROOT/build)")
    ap.add_argument("--extra", action="append", default=[], metavar="PAGE",
                    help="a page to read as well, even one marked to skip")
    ap.add_argument("--expect-fail", action="store_true",
                    help="read only the --extra pages; exit 0 iff a command "
                    "failed and none passed")
    a = ap.parse_args()
    root = os.path.realpath(a.root)
    build = (a.build or os.environ.get("IOVAFUZZ_BUILD") or
             os.path.join(root, "build"))
    build = os.path.realpath(os.path.join(root, build))
    extra = [os.path.relpath(os.path.realpath(os.path.join(root, e)), root)
             for e in a.extra]
    names = [] if a.expect_fail else pages(root, build)
    todo = []
    for n in names:
        text = open(os.path.join(root, n), errors="replace").read()
        if SKIP_MARK not in text or n in extra:
            todo.append((n, text))
    for e in extra:
        if e not in names:
            try:
                todo.append((e, open(os.path.join(root, e),
                                     errors="replace").read()))
            except OSError as err:
                print(f"FAIL {e}: cannot read: {err.strerror}")
                return 1
    c = Checker(root, build)
    count = {"ok": 0, "FAIL": 0, "skip": 0}
    npages = unexpected = 0
    for n, text in todo:
        seen = False
        for block in blocks(text):
            for no, line in command_lines(block):
                expect = re.search(r"#\s*expect:\s*(.*?)\s*$", line)
                for seg in segments(line):
                    r = c.check(seg)
                    if not r:
                        continue
                    seen = True
                    verdict, why = r
                    count[verdict] += 1
                    shown = " ".join(seg)
                    tail = (": " + "; ".join(why)) if why else ""
                    print(f"{verdict} {n}:{no} {shown}{tail}")
                    if a.expect_fail and verdict == "FAIL" and expect and \
                            expect.group(1) not in tail:
                        print(f"docs.commands: {n}:{no} failed, but not "
                              f"with '{expect.group(1)}'")
                        unexpected += 1
        npages += seen
    print(f"docs.commands: {sum(count.values())} command(s) in {npages} "
          f"page(s): {count['ok']} ok, {count['FAIL']} failed, "
          f"{count['skip']} skipped")
    if a.expect_fail:
        if count["FAIL"] and not count["ok"] and not unexpected:
            print("docs.commands: every command of "
                  f"{', '.join(extra)} failed, as it must")
            return 0
        print(f"docs.commands: {count['ok']} command(s) of "
              f"{', '.join(extra)} passed and {unexpected} failed for "
              "another reason than the page expects: rot goes unseen")
        return 1
    return 1 if count["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
