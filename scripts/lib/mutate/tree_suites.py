# SPDX-License-Identifier: GPL-2.0-only
"""The contract and fuzz suites on a kernel tree, each binary built once
and relinked for each mutant (relink.py), each run bounded.

contract      the maple tree contract tests (tests/maple_contract.c,
              maple_contract_<tree>, ASan+UBSan): a contract that
              breaks kills.  Deviations corpus/known/<version>.txt
              accepts (IOVAFUZZ_KNOWN) do not.
fuzz:SECONDS  the iova fuzz target (libFuzzer, iovafuzz_fuzz_<tree>)
              for SECONDS from the committed seeds (corpus/seeds/iova,
              with its dictionary and options, as scripts/fuzz runs
              it), a fresh corpus a mutant: a finding kills.  The
              unmutated tree must find nothing in as long.  A tree
              whose corpus/known/<version>.txt lists findings of this
              target is refused, for want of telling them apart (not
              done yet); the maple contract's deviations (MAPLE_CONTRACT
              lines, 6.1's) are not this target's and do not count."""
import glob
import os
import re
import shutil
import subprocess

import findings
from kunit_standalone import run_runner


def known_file(top, version):
    mm = ".".join(version.split(".")[:2])
    f = os.path.join(top, "corpus", "known", f"{mm}.txt")
    return f if os.path.isfile(f) else None


class Contract:
    name = "contract"

    def __init__(self, build, rel, ws, timeout, known):
        self.ws, self.timeout = ws, timeout
        self.env = {"IOVAFUZZ_KNOWN": known} if known else {}
        self.relinker = build.target(f"maple_contract_{build.id}",
                                     f"iovafuzz_kernel_{build.id}_san", rel)

    def run(self, mid, text):
        mroot, exe, why = _relinked(self, mid, text, "maple_contract")
        if why:
            return "error", why
        log = os.path.join(mroot, "contract.log")
        try:
            p = run_runner([exe], log, self.timeout, self.env)
        except subprocess.TimeoutExpired:
            return "killed", f"timeout after {self.timeout:g}s"
        if p.returncode == 0:
            return "survived", ""
        return "killed", _first(log, r"FAIL|ERROR|SUMMARY") or \
            f"status {p.returncode}"


def iova_known(path):
    """The known signatures in @path the iova target can give, sorted:
    all but the maple contract target's (MAPLE_CONTRACT ...)."""
    return sorted(s for s in findings.read_known([path])
                  if not s.startswith("MAPLE_CONTRACT "))


class Fuzz:
    def __init__(self, build, rel, ws, seconds, top):
        self.name = f"fuzz:{seconds}"
        self.ws, self.seconds, self.top = ws, seconds, top
        self.relinker = build.target(f"iovafuzz_fuzz_{build.id}",
                                     f"iovafuzz_kernel_{build.id}_fuzz", rel)
        self.opts = ["-print_final_stats=1", "-timeout=25",
                     f"-max_total_time={seconds}", "-seed=1"]
        d = os.path.join(top, "corpus", "iova.dict")
        if os.path.isfile(d):
            self.opts.append(f"-dict={d}")
        o = os.path.join(top, "corpus", "iova.options")
        if os.path.isfile(o):
            with open(o) as f:
                for ln in f:
                    m = re.match(r"^([a-z_]+) *= *(.*)$", ln.strip())
                    if m:
                        self.opts.append(f"-{m.group(1)}={m.group(2)}")
        self.seeds = os.path.join(top, "corpus", "seeds", "iova")

    def run(self, mid, text):
        mroot, exe, why = _relinked(self, mid, text, "fuzz_iova")
        if why:
            return "error", why
        corpus = os.path.join(mroot, "fuzz-corpus")
        arts = os.path.join(mroot, "fuzz-artifacts")
        for d in (corpus, arts):
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
        log = os.path.join(mroot, "fuzz.log")
        cmd = [exe] + self.opts + [f"-artifact_prefix={arts}/", corpus,
                                   self.seeds]
        try:
            p = run_runner(cmd, log, self.seconds + 60)
        except subprocess.TimeoutExpired:
            return "killed", "libFuzzer outlived its time by 60 s"
        shutil.rmtree(corpus, ignore_errors=True)
        found = sorted(glob.glob(os.path.join(arts, "*")))
        if p.returncode == 0 and not found:
            return "survived", ""
        what = _first(log, r"^signature: ") or \
            _first(log, r"SUMMARY|ERROR: libFuzzer")
        return "killed", what or f"status {p.returncode}"


def _relinked(suite, mid, text, name):
    """(directory, binary, why not) of @suite's binary @name relinked in
    mutant @mid's directory with its file, text @text."""
    mroot = suite.ws.root(mid)
    path = suite.ws.write(mid, text)
    exe = os.path.join(mroot, name)
    return mroot, exe, suite.relinker.build(mroot, path, exe)


def _first(log, pattern):
    """The first line of @log matching @pattern, shortened."""
    rx = re.compile(pattern)
    with open(log, errors="replace") as f:
        for ln in f:
            if rx.search(ln):
                return ln.strip()[:200]
    return ""
