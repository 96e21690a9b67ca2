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
              it), a fresh corpus a mutant: a finding kills, unless
              corpus/known/<version>.txt lists its signature: the
              target drops it (IOVAFUZZ_KNOWN), or, if a sanitizer ended
              the process, its input is run once more and named as
              scripts/fuzz names it, and libFuzzer goes on, with the next
              seed, for the seconds left.  The unmutated tree must find nothing
              unknown in as long."""
import glob
import os
import re
import shutil
import subprocess
import time

import findings
import signature
from kunit_standalone import drop_runner, run_runner


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
    def __init__(self, build, rel, ws, seconds, top, known):
        self.name = f"fuzz:{seconds}"
        self.ws, self.seconds, self.top = ws, seconds, top
        self.tree = build.root
        # The target drops a known finding it names itself (known.h); one
        # a sanitizer ends the process on is named here.
        self.env = {"IOVAFUZZ_KNOWN": known} if known else {}
        self.known = set(iova_known(known)) if known else set()
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
        try:
            p = self.chain(exe, mroot, corpus, arts, log)
        except subprocess.TimeoutExpired:
            return "killed", "libFuzzer outlived its time by 60 s"
        finally:
            drop_runner(exe)
            shutil.rmtree(corpus, ignore_errors=True)
        if p is None:
            return "survived", ""
        what = _first(log, r"^signature: ") or \
            _first(log, r"SUMMARY|ERROR: libFuzzer")
        return "killed", what or f"status {p.returncode}"

    def chain(self, exe, mroot, corpus, arts, log):
        """libFuzzer for the seconds, gone on past known findings a
        sanitizer ended it on: the process that found something unknown,
        or None."""
        end, seed = time.monotonic() + self.seconds, 1
        opts = [o for o in self.opts if not o.startswith(
            ("-max_total_time=", "-seed="))]
        while True:
            left = max(1, round(end - time.monotonic()))
            cmd = [exe] + opts + [f"-max_total_time={left}", f"-seed={seed}",
                                  f"-artifact_prefix={arts}/", corpus,
                                  self.seeds]
            p = run_runner(cmd, log, left + 60, self.env, keep=True)
            found = sorted(glob.glob(os.path.join(arts, "*")))
            if p.returncode == 0 and not found:
                return None
            if self.known_sig(exe, found, (mroot, self.tree)) is None:
                return p
            if end - time.monotonic() < 1:
                return None
            for f in found:
                os.unlink(f)
            seed += 1

    def known_sig(self, exe, found, roots):
        """The signature of the one finding in @found if the known list
        has it, else None (no finding, several, or one not known)."""
        if not self.known or len(found) != 1:
            return None
        sig, _ = signature.replay_signature([exe, "-timeout=25"], found[0],
                                            roots, 40)
        return sig if sig in self.known else None


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
