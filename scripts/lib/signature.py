# SPDX-License-Identifier: GPL-2.0-only
"""The signature of a finding, from what a replay printed: its cause as
the report names it ("signature:"), or for a sanitizer report its class
and first kernel frame; and replaying an input to get it (findings.py,
repro.py)."""

import os
import re
import shutil
import signal
import subprocess

import cli

die = cli.die_as("findings.py")


# --- signatures ------------------------------------------------------------

FRAME = re.compile(r"^\s*#\d+\s+0x[0-9a-fA-F]+\s+in\s+(.+?)\s*$")
BUG = re.compile(r"kernel BUG at \S+:\d+ (\S+?)\(\):")
LIBFUZZER = re.compile(r"ERROR: libFuzzer: ([^(\n]*)")
# Functions of the sanitizer and fuzzer runtimes, libc's abort path and the
# process start-up: never the place a finding is named after.
RUNTIME = re.compile(r"^(__sanitizer|__asan|__ubsan|__lsan|__interceptor|"
                     r"__libc_|__GI_|_start$|fuzzer::|__pthread_kill|raise$|"
                     r"abort$|malloc$|calloc$|realloc$|free$|posix_memalign$|"
                     r"memalign$|aligned_alloc$|valloc$|operator )")


def parse_frame(text):
    """(function, file or None) of one symbolized frame's 'in ...' part."""
    text = re.sub(r"\s+\(BuildId: [0-9a-fA-F]+\)$", "", text)
    m = re.match(r"^(.*?)\s+\(([^()]*)\)$", text)
    if m:  # "func (module+0x...)": no source location
        return m.group(1), None
    m = re.match(r"^(.*\S)\s+(\S+?):\d+(?::\d+)?$", text)
    if m:
        return m.group(1), m.group(2)
    return text, None


def under(path, root):
    if not path or not root or not os.path.isabs(path):
        return False
    path = os.path.realpath(path)
    return path == root or path.startswith(root.rstrip("/") + "/")


def first_frame(lines, tree):
    """The first frame in a file under tree, or under any of a tuple of
    trees (all stacks of the report in order), else the first that is not
    the runtime's; None if no frame."""
    roots = [os.path.realpath(t) for t in
             (tree if isinstance(tree, tuple) else (tree,)) if t]
    frames = []
    for line in lines:
        m = FRAME.match(line)
        if m:
            frames.append(parse_frame(m.group(1)))
    for func, path in frames:
        if any(under(path, root) for root in roots):
            return func
    for func, path in frames:
        if path and os.path.isabs(path) and not RUNTIME.match(func) \
                and "/compiler-rt/" not in path:
            return func
    return None


def crash_class(lines):
    """(class, index of the line the report starts at) of a sanitizer or
    engine report, or (None, 0)."""
    text = "\n".join(lines)
    for i, line in enumerate(lines):
        if "ERROR: LeakSanitizer: detected memory leaks" in line:
            return "memory-leak", i
        m = re.search(r"ERROR: AddressSanitizer: (\S+)", line)
        if m:
            s = re.search(r"^SUMMARY: AddressSanitizer: (\S+)", text, re.M)
            return (s.group(1) if s else m.group(1)), i
        if " runtime error: " in line or \
                line.startswith("SUMMARY: UndefinedBehaviorSanitizer:"):
            s = re.search(r"^SUMMARY: UndefinedBehaviorSanitizer: (\S+)",
                          text, re.M)
            return (s.group(1) if s else "undefined-behavior"), i
        m = LIBFUZZER.search(line)
        if m:
            what = re.split(r" after ", m.group(1))[0].strip()
            return re.sub(r"\s+", "-", what) or "libfuzzer", i
        m = re.search(r"ERROR: (\w+Sanitizer): (\S+)", line)
        if m:
            return m.group(2), i
    return None, 0


def reached(output):
    """What reached the finding an output reports: the invariant and the
    op, flags and path that broke it (the report's reached: line), or
    the sanitizer's class; '' if it says nothing of it."""
    lines = output.splitlines()
    for key in ("reached:", "invariant:"):
        for line in lines:
            if line.startswith(key):
                return " ".join(line[len(key):].split())
    cls, _ = crash_class(lines)
    return cls or ""


def symptom(output):
    """The class of the sanitizer or engine report an output holds (it
    may be named by an earlier op's departure), None for the harness's
    own: minimizing keeps it, so that a reproducer fails as the report
    did, where the maintainer runs it."""
    return crash_class(output.splitlines())[0]


def signature(output, tree=None):
    """The signature of the finding an output reports, or None: its
    cause, the same whichever op or invariant reached it."""
    lines = output.splitlines()
    for key in ("signature:", "invariant:"):  # invariant: before the C reports
        for line in lines:
            if line.startswith(key):
                sig = " ".join(line[len(key):].split())
                if sig:
                    return sig
    for line in lines:
        m = BUG.search(line)
        if m:
            return "BUG " + m.group(1)
    cls, start = crash_class(lines)
    if cls is None:
        return None
    func = first_frame(lines[start:], tree)
    return cls + " " + func if func else cls


# --- replaying -------------------------------------------------------------

def replay_env():
    env = dict(os.environ)
    # The UBSan check's name in SUMMARY, and a stack to name it after.
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:report_error_type=1")
    sym = shutil.which("llvm-symbolizer-14")
    if sym:
        env.setdefault("ASAN_SYMBOLIZER_PATH", sym)
    return env


def replay(cmd, path, timeout):
    """Run cmd + [path]; (output, returncode, timed_out).  On a timeout the
    replayer gets SIGSEGV, so ASan prints where it hung, then SIGKILL."""
    try:
        proc = subprocess.Popen(cmd + [path], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=replay_env(),
                                start_new_session=True)
    except OSError as e:
        die(f"cannot run {cmd[0]}: {e.strerror}")
    try:
        out, _ = proc.communicate(timeout=timeout)
        return out.decode(errors="replace"), proc.returncode, False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGSEGV)
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
        return out.decode(errors="replace"), proc.returncode, True


def replay_signature(cmd, path, tree, timeout):
    """(signature or None, output) of replaying path."""
    out, rc, timed_out = replay(cmd, path, timeout)
    if timed_out:
        cls, start = crash_class(out.splitlines())
        func = first_frame(out.splitlines()[start:], tree) if cls else None
        return ("timeout " + func if func else "timeout"), out
    if rc == 0:
        return None, out
    return signature(out, tree), out


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")


def replace_bytes(path, data):
    """@path holds @data, or what it held before: never a part (written
    beside it, then renamed).  An OSError names @path."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OSError(e.errno, e.strerror, path) from e


def write_bytes(path, data):
    try:
        replace_bytes(path, data)
    except OSError as e:
        die(f"cannot write {path}: {e.strerror}")
