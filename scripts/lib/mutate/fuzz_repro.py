# SPDX-License-Identifier: GPL-2.0-only
"""The KUnit case a tree's suite lacks: for a mutant the fuzz suite
killed and the kunit suite let live, the fuzzer's finding minimized by
scripts/repro (docs/repro.md) into OUT/work/ID/repro/: report.txt,
min.txt, repro.c, repro_kunit.c and, where the tree allows one, the test
patch upstream/0001-*.patch.

scripts/repro runs against the mutant as against any tree: the
replayer (iovafuzz_replay_<tree>) built once in OUT/build and relinked
with the mutant's glue (relink.py) into OUT/work/ID/repro-build/, beside
links to the build's iovafuzz_prog and its repro/<tree>.cc (that is
--build DIR --tree-id ID); and the tree as OUT/work/ID/repro-tree/,
links to the unmutated tree's files but for the mutated one (that is
--kernel-src), so that the report's signature, sources and hashes are
the mutant's.

The case is then checked as the tree's suite would run it: compiled as
the kunit suite's runner compiles its KUnit files and linked in their
place, once with the mutant's glue (it must fail) and once with the
tree's (it must pass): OUT/work/ID/repro-check/{mutant,tree}.log."""
import copy
import glob
import json
import os
import re
import shlex
import shutil
import subprocess

from kunit_standalone import run_runner
from relink import SetupError, first_error

# The bound on one scripts/repro run (it bounds its minimization by a
# count of replays; this is a safety cap only).
TIMEOUT = 900
# The bound on one run of the case in a runner.
CASE_TIMEOUT = 60


def link_tree(root, rel, path, dest):
    """At @dest, links to every entry of the tree at @root, but for
    @rel, which links to @path; the directories on @rel's way are real,
    their other entries links."""
    shutil.rmtree(dest, ignore_errors=True)
    parts = rel.split("/")
    src, dst = root, dest
    for i, part in enumerate(parts):
        os.makedirs(dst, exist_ok=True)
        for e in sorted(os.listdir(src)):
            if e != part:
                os.symlink(os.path.join(src, e), os.path.join(dst, e))
        src, dst = os.path.join(src, part), os.path.join(dst, part)
        if i == len(parts) - 1:
            os.symlink(path, dst)


def _find(build_dir, name):
    for d in ("", "fuzz", "tests/mutants", "tests/variants", "ports"):
        p = os.path.join(build_dir, d, name)
        if os.access(p, os.X_OK) and os.path.isfile(p):
            return p
    return None


def artifact(mroot):
    """The fuzz suite's finding of mutant directory @mroot: its first
    crash, else its first artifact of any kind, or None."""
    found = sorted(glob.glob(os.path.join(mroot, "fuzz-artifacts", "*")))
    crash = [f for f in found if os.path.basename(f).startswith("crash-")]
    return (crash or found or [None])[0]


def signature(report):
    """The signature scripts/repro's @report names, on one line."""
    out, on = [], False
    with open(report, errors="replace") as f:
        for ln in f:
            if ln.startswith("signature:"):
                on = True
                ln = ln[len("signature:"):]
            elif on and re.match(r"^\S", ln):
                break
            if on:
                out.append(ln.strip())
    return " ".join(x for x in out if x)


class Repro:
    """Makes the cases for mutants of file @rel of the tree at @root,
    with relink.Build @build; @ws the mutants' Workspace, @out the run's
    --out (the paths recorded are relative to it)."""

    def __init__(self, build, rel, ws, root, top, out):
        self.ws, self.rel, self.root, self.top, self.out = \
            ws, rel, root, top, out
        self.id = build.id
        self.relinker = build.target(f"iovafuzz_replay_{build.id}",
                                     f"iovafuzz_kernel_{build.id}_san", rel)
        build.make("iovafuzz_prog")
        self.prog = _find(build.dir, "iovafuzz_prog")
        self.cc = os.path.join(build.dir, "repro", f"{build.id}.cc")
        if not self.prog or not os.path.isfile(self.cc):
            raise SetupError(f"no iovafuzz_prog or repro/{build.id}.cc in "
                             f"{build.dir}")
        self.checker = Checker(build, rel)

    def _fake_build(self, mroot):
        d = os.path.join(mroot, "repro-build")
        os.makedirs(os.path.join(d, "repro"), exist_ok=True)
        for src, name in ((self.prog, "iovafuzz_prog"),
                          (self.cc, os.path.join("repro",
                                                 f"{self.id}.cc"))):
            p = os.path.join(d, name)
            if os.path.lexists(p):
                os.unlink(p)
            os.symlink(src, p)
        return d

    def run(self, m, text):
        """Sets @m.repro: {"kunit", "report", "signature"[, "patch"]},
        paths relative to the run's --out, or {"why"} none was made."""
        mroot = self.ws.root(m.id)
        find = artifact(mroot)
        if not find:
            m.repro = {"why": "the fuzz suite left no artifact"}
            return
        path = self.ws.write(m.id, text)
        bdir = self._fake_build(mroot)
        why = self.relinker.build(mroot, path, os.path.join(
            bdir, f"iovafuzz_replay_{self.id}"))
        if why:
            m.repro = {"why": f"the replayer {why}"}
            return
        tree = os.path.join(mroot, "repro-tree")
        link_tree(self.root, self.rel, path, tree)
        dest = os.path.join(mroot, "repro")
        log = os.path.join(mroot, "repro.log")
        cmd = [os.path.join(self.top, "scripts", "repro"), find,
               "--kernel-src", tree, "--build", bdir, "--tree-id", self.id,
               "--out", dest]
        try:
            with open(log, "w") as f:
                p = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE,
                                   text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            m.repro = {"why": f"scripts/repro outlived {TIMEOUT} s"}
            return
        if p.returncode != 0:
            last = (p.stderr.strip().splitlines() or ["?"])[-1]
            m.repro = {"why": f"scripts/repro exit {p.returncode}: {last}"}
            return
        case = os.path.join(dest, "repro_kunit.c")
        if not os.path.isfile(case):
            m.repro = {"why": "scripts/repro wrote no KUnit case"}
            return
        rel = lambda p: os.path.relpath(p, self.out)  # noqa: E731
        m.repro = {"kunit": rel(case),
                   "report": rel(os.path.join(dest, "report.txt")),
                   "signature": signature(os.path.join(dest,
                                                       "report.txt"))}
        patches = sorted(glob.glob(os.path.join(dest, "upstream",
                                                "*.patch")))
        if patches:
            m.repro["patch"] = rel(patches[0])
        m.repro["check"] = self.checker.check(
            case, os.path.join(mroot, "repro-check"), path)


class Checker:
    """Runs a KUnit case as the kunit suite's runner (iovafuzz_kunit_<tree>
    of relink.Build @build) runs its files: the case compiled by the
    command cmake wrote for one of them, linked in place of all of them,
    against the mutated or the unmutated file @rel."""

    def __init__(self, build, rel):
        target = f"iovafuzz_kunit_{build.id}"
        self.relinker = build.target(target,
                                     f"iovafuzz_kunit_kernel_{build.id}",
                                     rel)
        with open(os.path.join(build.dir, "compile_commands.json")) as f:
            cc = json.load(f)
        mark = f"/{target}.dir/"
        files = [e for e in cc if mark in e.get("output", e["command"])
                 and "/src/kunit/" not in e["file"]]
        if not files:
            raise SetupError(f"no KUnit file's compile command for {target}")
        self.cwd = files[0]["directory"]
        self.cc = shlex.split(files[0]["command"])
        self.src = files[0]["file"]
        # The KUnit files' objects, which the case's replaces.
        objs = [shlex.split(e["command"]) for e in files]
        objs = {c[c.index("-o") + 1] for c in objs}
        self.objs = objs

    def _link(self, obj):
        link, placed = [], False
        for t in self.relinker.link:
            if t in self.objs:
                if not placed:
                    link.append(obj)
                    placed = True
                continue
            link.append(t)
        r = copy.copy(self.relinker)
        r.link = link
        return r

    def _compile(self, case, obj):
        cc = []
        for t in self.cc:
            if t.startswith("-DKBUILD_MODNAME="):
                t = '-DKBUILD_MODNAME="repro_kunit"'
            cc.append(t)
        cc[cc.index("-o") + 1] = obj
        cc[cc.index(self.src)] = case
        p = subprocess.run(cc, cwd=self.cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        return None if p.returncode == 0 else first_error(p.stdout)

    def _run(self, relinker, d, path):
        """(exit status, or None and why) of the case against the file
        at @path, in directory @d."""
        os.makedirs(d, exist_ok=True)
        exe = os.path.join(d, "runner")
        why = relinker.build(d, path, exe)
        if why:
            return None, why
        try:
            p = run_runner([exe], d + ".log", CASE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, f"timeout after {CASE_TIMEOUT}s"
        return p.returncode, ""

    def check(self, case, d, path):
        """What the case @case does on the mutated file @path and on the
        tree's, one line: "fails on the mutant, passes on the tree" when
        it is the test the suite lacks."""
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        obj = os.path.join(d, "case.o")
        why = self._compile(case, obj)
        if why:
            return f"does not compile: {why}"
        r = self._link(obj)
        mut, why_m = self._run(r, os.path.join(d, "mutant"), path)
        tree, why_t = self._run(r, os.path.join(d, "tree"),
                                self.relinker.orig_path)
        if mut is None or tree is None:
            return f"not run: {why_m or why_t}"
        said = [("fails" if mut == 1 else "passes" if mut == 0 else
                 f"exits {mut}") + " on the mutant",
                ("passes" if tree == 0 else "fails" if tree == 1 else
                 f"exits {tree}") + " on the tree"]
        return ", ".join(said)
