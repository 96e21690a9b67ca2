# SPDX-License-Identifier: GPL-2.0-only
"""The kunit suite for a file that is not in a kernel tree
(--standalone): the KUnit runtime (src/kunit) and the shim (src/shim)
are compiled once a run under ASan+UBSan, as scripts/kunit builds them, and
the KUnit files once; each mutant's file is compiled alone and linked
with them into a runner, which runs every case as scripts/kunit's does
(a forked child a case; a failed expectation, a crash, a leak of shim
objects or a WARN fails it).

A mutant is killed when the runner exits non-zero: 1 (a case failed) or
a signal, or when it outlives the bound (--timeout)."""
import glob
import os
import shutil
import signal
import subprocess

from flags import CLANG, COMMON, SAN
from objects import first_error
from relink import SetupError

# lld links a runner in half the time of ld.bfd, where it is installed.
LLD = ["-fuse-ld=lld"] if shutil.which("ld.lld") else []
OWN_WARN = ["-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
            "-Wno-sign-compare"]


def _cc(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stderr


class Suite:
    name = "kunit"

    def __init__(self, flags, ws, kunit_files, build, timeout, file_dir):
        self.flags, self.ws, self.timeout = flags, ws, timeout
        self.build = build
        self.objs = []
        os.makedirs(build, exist_ok=True)
        top = flags.top
        base = COMMON + SAN + flags.includes
        runtime = sorted(glob.glob(os.path.join(top, "src", "shim", "*.c")))
        runtime += sorted(glob.glob(os.path.join(top, "src", "kunit",
                                                 "*.c")))
        for src in runtime:
            part = os.path.basename(os.path.dirname(src))
            obj = os.path.join(build, f"{part}_{os.path.basename(src)}.o")
            self._once(src, obj, base + OWN_WARN + ["-DIOVAFUZZ_KCOV"])
        for src in kunit_files:
            mod = os.path.splitext(os.path.basename(src))[0]
            mod = "".join(c if c.isalnum() else "_" for c in mod)
            obj = os.path.join(build, f"kunit_{mod}.o")
            extra = ["-Wall", "-Wno-sign-compare", "-Wno-unused-function",
                     f'-DKBUILD_MODNAME="{mod}"',
                     "-iquote", file_dir]
            self._once(src, obj, base + extra)

    def _once(self, src, obj, cflags):
        """Compiles @src to @obj, for every mutant to link."""
        rc, err = _cc([CLANG, "-c"] + cflags + [src, "-o", obj + ".tmp"])
        if rc != 0:
            raise SetupError(f"{os.path.basename(src)} does not compile: "
                             f"{first_error(err)}")
        os.replace(obj + ".tmp", obj)
        self.objs.append(obj)

    def _runner(self, mid, text):
        """Builds the runner of @text as mutant @mid: its path, or None
        and why."""
        root = self.ws.root(mid)
        path = self.ws.write(mid, text)
        obj = os.path.join(root, "san.o")
        rc, err = _cc(self.flags.san(path, root, obj))
        if rc != 0:
            return None, "does not compile: " + first_error(err)
        exe = os.path.join(root, "kunit_runner")
        rc, err = _cc([CLANG, "-fsanitize=address,undefined"] + LLD +
                      self.objs + [obj, "-o", exe, "-lpthread"])
        if rc != 0:
            return None, "does not link: " + first_error(err)
        return exe, ""

    def run(self, mid, text):
        """("killed" | "survived" | "error", detail) for file text @text.
        The KTAP goes to the mutant's directory, kunit.log."""
        exe, why = self._runner(mid, text)
        if exe is None:
            return "error", why
        return kunit_verdict(exe, os.path.join(self.ws.root(mid), "kunit.log"),
                             self.timeout)


def kunit_verdict(exe, log, timeout):
    """("killed" | "survived" | "error", detail) of KUnit runner @exe,
    its KTAP to @log: killed when a case fails (status 1) or the run
    outlives @timeout; status 2 is the runner's own error."""
    try:
        p = run_runner([exe], log, timeout)
    except subprocess.TimeoutExpired:
        return "killed", f"timeout after {timeout:g}s"
    if p.returncode == 0:
        return "survived", ""
    if p.returncode == 2:
        return "error", f"the runner stopped (status 2): see {log}"
    return "killed", _failed_cases(log) or f"status {p.returncode}"


def run_runner(cmd, log, timeout, env=None, cwd=None, keep=False):
    """Runs @cmd (a list; cmd[0] the binary built for the mutant), its
    output and stderr to @log, within @timeout seconds
    (subprocess.TimeoutExpired past it: its process group, case children
    and all, is killed).  The binary and the objects beside it go then,
    unless @keep (drop_runner() later): a tree's is megabytes, per
    mutant."""
    full = dict(os.environ)
    full.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    full.update(env or {})
    with open(log, "w") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                             env=full, cwd=cwd, start_new_session=True)
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            raise
        finally:
            if not keep:
                drop_runner(cmd[0])
    return p


def drop_runner(exe):
    """The binary @exe and the objects beside it removed."""
    for f in glob.glob(os.path.join(os.path.dirname(exe), "*.o")):
        os.unlink(f)
    os.unlink(exe)


def _failed_cases(log):
    """The cases the KTAP in @log says failed, as one short line."""
    names = []
    with open(log, errors="replace") as f:
        for ln in f:
            s = ln.strip()
            if s.startswith("not ok ") and ln.startswith("    "):
                names.append(s.split(" ", 3)[3].split(" #")[0])
    return "failed: " + ", ".join(names) if names else ""
