#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Findings of a fuzzing run: their signatures, minimized inputs and table.

  findings.py signature [--tree DIR] OUTPUT
      Print the signature of the finding that OUTPUT (a file holding the
      stdout+stderr of a replay, '-' for stdin) reports.
  findings.py minimize [--tree DIR] [--header N] [--op-size N]
                       [--max-candidates N] [--max-seconds S] [--timeout S]
                       [--simplify PROG] -o OUT INPUT -- REPLAYER...
      Delta-debug INPUT at op granularity, keeping a candidate only if
      replaying it gives INPUT's signature; with --simplify, then make
      each argument simpler through the text form (PROG converts, e.g.
      iovafuzz_prog), and repeat; write the result to OUT and print the
      signature.
  findings.py record --work DIR --start EPOCH [--known FILE]... [minimize
                     options] INPUT... -- REPLAYER...
      Classify each INPUT (an input the engine reported; it is moved away)
      into DIR/findings.tsv; a signature new in this run gets
      DIR/findings/<slug>/ with the input and its signature (each put in
      place by a rename, and the table written, before anything else
      runs on it), then the minimized input (.min) and the minimized
      input's report (report.txt).  Prints one line per
      input: new|seen TAB known|unknown TAB signature TAB seconds TAB artifact
  findings.py summary --work DIR [--known FILE]...
      Print DIR/findings.tsv as a table.

A REPLAYER is a command that gets the input's path appended, exits
non-zero on a finding and prints its report on stdout or stderr.

Exit status: 0 ok; 1 signature: OUTPUT reports no finding, minimize: INPUT
reproduces none, summary: a finding is not known; 2 usage or I/O error
(one "findings.py: ..." line on stderr).
"""

import argparse
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# Also where this file is loaded from elsewhere (tests).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli  # noqa: E402

PROG = "findings.py"

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
    """The first frame in a file under tree (all stacks of the report in
    order), else the first that is not the runtime's; None if no frame."""
    root = os.path.realpath(tree) if tree else None
    frames = []
    for line in lines:
        m = FRAME.match(line)
        if m:
            frames.append(parse_frame(m.group(1)))
    for func, path in frames:
        if under(path, root):
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


# --- minimizing ------------------------------------------------------------

class Budget(Exception):
    pass


class Minimizer:
    """ddmin over the ops of an input; a candidate is interesting iff its
    replay gives the wanted signature.  The candidate count bounds it (the
    result is then a function of the input); the wall clock is a safety
    cap only."""

    def __init__(self, cmd, tree, want, header, op_size, max_candidates,
                 max_seconds, timeout, tmpdir):
        self.cmd, self.tree, self.want = cmd, tree, want
        self.header, self.op_size = header, op_size
        self.left = max_candidates
        self.deadline = time.monotonic() + max_seconds
        self.timeout = timeout
        self.path = os.path.join(tmpdir, "candidate")
        self.seen = {}

    def build(self, head, ops):
        return head + b"".join(ops)

    def test(self, data):
        if data in self.seen:
            return self.seen[data]
        if self.left <= 0 or time.monotonic() > self.deadline:
            raise Budget()
        self.left -= 1
        with open(self.path, "wb") as f:
            f.write(data)
        sig, _ = replay_signature(self.cmd, self.path, self.tree,
                                  self.timeout)
        self.seen[data] = sig == self.want
        return self.seen[data]

    def ddmin(self, data):
        head = data[:self.header]
        body = data[self.header:]
        ops = [body[i:i + self.op_size]
               for i in range(0, len(body), self.op_size)]
        self.best = ops
        try:
            if ops and self.test(head):
                return head
            ops = self.reduce(head, ops)
        except Budget:
            ops = self.best
        return self.build(head, ops)

    def reduce(self, head, ops):
        self.best = ops
        n = 2
        while len(ops) >= 2:
            chunks = split(ops, n)
            smaller = None
            for c in chunks:
                if self.test(self.build(head, c)):
                    smaller, n = c, 2
                    break
            if smaller is None and n > 2:
                for i in range(len(chunks)):
                    rest = [o for c in chunks[:i] + chunks[i + 1:] for o in c]
                    if self.test(self.build(head, rest)):
                        smaller, n = rest, max(n - 1, 2)
                        break
            if smaller is None:
                if n >= len(ops):
                    break
                n = min(2 * n, len(ops))
                continue
            ops = self.best = smaller
        return ops


# --- simplifying arguments ---------------------------------------------------

# Simpler values of a text program's arguments (fuzz/TEXT.md), in the
# order they are tried: smaller sizes, the plain 32-bit limit, no flags,
# the first range, fewer repeats and injected failures, one CPU.
def simpler_values(key, val):
    if key == "size" and val.isdigit() and int(val) > 1:
        return [str(v) for v in (1, 2, 4, 8, 16) if v < int(val)]
    if key == "limit" and val != "dma32-1":
        return ["dma32-1"]
    if key in ("aligned", "flush", "global") and val == "1":
        return ["0"]
    if key in ("live", "gap", "deferred", "off", "cpu", "entry") and \
            val != "0":
        return ["0"]
    if key == "times" and val.isdigit() and int(val) > 1:
        return sorted({"1", str(int(val) // 2)}, key=int)
    if key == "nth" and val != "1":
        return ["1"]
    if key == "pressure" and val != "2":
        return ["2"]
    if key == "cpus" and val != "1":
        return ["1"]
    if key == "granule" and val != "4096":
        return ["4096"]
    if key == "start" and val != "low:0":
        return ["low:0"]
    return []


ARG = re.compile(r"(\w+)=([^,()\s]+(?:\([^()]*\)[^,()\s]*)?)")


def line_variants(line):
    """Each simpler form of one text line: one argument changed, or the
    raw bytes or the injection dropped."""
    code = line.split("#", 1)[0].rstrip()
    if re.search(r"\{[0-9a-fA-F ]+\}", code):
        yield re.sub(r"\s*\{[0-9a-fA-F ]+\}", "", code, count=1)
    if " ; fail(" in code:
        yield code.split(" ; fail(", 1)[0]
    for m in ARG.finditer(code):
        for v in simpler_values(m.group(1), m.group(2)):
            yield code[:m.start(2)] + v + code[m.end(2):]


def simplify_text(lines, test):
    """Lines of a text program with each argument made as simple as
    test(lines) -> bool allows, one change at a time, in order."""
    lines = list(lines)
    try:
        for i in range(1, len(lines)):
            changed = True
            while changed:
                changed = False
                for cand in line_variants(lines[i]):
                    trial = lines[:i] + [cand] + lines[i + 1:]
                    if test(trial):
                        lines, changed = trial, True
                        break
    except Budget:
        pass
    return lines


def minimize_program(m, data, prog, rounds=3):
    """ddmin over ops, then simpler arguments through the text form
    (PROG: the iovafuzz_prog converter, a path or a command list such as
    [path, "--target", "maple_contract"]), until neither changes anything
    or the budget is spent."""
    prog = [prog] if isinstance(prog, str) else list(prog)
    with tempfile.TemporaryDirectory(prefix="iovafuzz-simp.") as tmp:
        binp, txtp = os.path.join(tmp, "p.bin"), os.path.join(tmp, "p.txt")

        def to_text(b):
            write_bytes(binp, b)
            r = subprocess.run(prog + ["to-text", binp], capture_output=True,
                               text=True)
            if r.returncode:
                die(f"{prog[0]}: {r.stderr.strip()}")
            return r.stdout.splitlines()

        def to_bin(lines):
            with open(txtp, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            r = subprocess.run(prog + ["to-bin", txtp, binp],
                               capture_output=True, text=True)
            return read_bytes(binp) if r.returncode == 0 else None

        def test(lines):
            b = to_bin(lines)
            return b is not None and m.test(b)

        for _ in range(rounds):
            data = m.ddmin(data)
            simple = to_bin(simplify_text(to_text(data), test))
            if simple is None or simple == data:
                break
            data = simple
    return data


def split(seq, n):
    """seq cut into n nearly equal, non-empty chunks."""
    k, r = divmod(len(seq), n)
    out, i = [], 0
    for j in range(n):
        size = k + (1 if j < r else 0)
        out.append(seq[i:i + size])
        i += size
    return [c for c in out if c]


def minimize(args, cmd, path, out_path):
    """Minimize path into out_path; its signature, or None if path
    reproduces no finding (out_path is then not written)."""
    want, _ = replay_signature(cmd, path, args.tree, args.timeout)
    if want is None:
        return None
    data = read_bytes(path)
    with tempfile.TemporaryDirectory(prefix="iovafuzz-min.") as tmp:
        m = Minimizer(cmd, args.tree, want, args.header, args.op_size,
                      args.max_candidates, args.max_seconds, args.timeout,
                      tmp)
        if getattr(args, "simplify", None):
            small = minimize_program(m, data, args.simplify)
        else:
            small = m.ddmin(data)
    write_bytes(out_path, small)
    return want


# --- the findings table ----------------------------------------------------

def slug(sig):
    name = re.sub(r"[^A-Za-z0-9_.]+", "-", sig).strip("-.")[:60] or "finding"
    return name + "-" + hashlib.sha256(sig.encode()).hexdigest()[:8]


def read_known(files):
    known = set()
    for f in files or []:
        try:
            with open(f, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    # As fuzz/known.c reads it: '#' to the end of the
                    # line is a comment, blanks around are not part of it.
                    line = line.split("#", 1)[0].strip(" \t\r\n")
                    if line:
                        known.add(line)
        except OSError as e:
            die(f"cannot read known-signature file {f}: {e.strerror}")
    return known


# findings.tsv: signature (the cause), count, first-seen, artifact, and
# what reached it: each invariant and op seen, joined by "; ".
def read_table(work):
    table = {}
    path = os.path.join(work, "findings.tsv")
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) in (4, 5):
                    ways = fields[4].split("; ") if len(fields) == 5 else []
                    table[fields[0]] = [int(fields[1]), int(fields[2]),
                                        fields[3], [w for w in ways if w]]
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as e:
        die(f"cannot read {path}: {e}")
    return table


def write_table(work, table):
    path = os.path.join(work, "findings.tsv")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for sig, (count, first, artifact, ways) in table.items():
            f.write(f"{sig}\t{count}\t{first}\t{artifact}\t"
                    f"{'; '.join(ways)}\n")
    os.replace(tmp, path)


def write_atomic(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def keep_finding(args, sig, path):
    """findings/<slug>/: the input and its signature, each in place at
    once (a rename), before anything that can fail runs on it.  Returns
    the saved input's path."""
    d = os.path.join(args.work, "findings", slug(sig))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    saved = os.path.join(d, os.path.basename(path))
    shutil.move(path, saved)
    write_atomic(os.path.join(d, "signature"), sig + "\n")
    return saved


def save_finding(args, cmd, sig, saved, out):
    """Next to a kept finding: its minimized form and the minimized
    input's report."""
    d = os.path.dirname(saved)
    small = saved + ".min"
    got = minimize(args, cmd, saved, small)
    report = out
    if got == sig:
        _, report = replay_signature(cmd, small, args.tree, args.timeout)
    else:  # not reproducible, or not the same finding twice: keep as is
        shutil.copyfile(saved, small)
    with open(os.path.join(d, "report.txt"), "w", encoding="utf-8") as f:
        f.write(report)
    return saved


def fallback_signature(path):
    """An input the engine reported that does not replay as a finding is
    still one: name it after the engine's kind of artifact."""
    kind = os.path.basename(path).split("-", 1)[0]
    kind = {"oom": "out-of-memory", "leak": "memory-leak",
            "hang": "timeout"}.get(kind, kind)
    return f"{kind or 'crash'} (not reproducible)"


def record(args, cmd):
    table = read_table(args.work)
    known = read_known(args.known)
    for path in args.inputs:
        if not os.path.isfile(path):
            die(f"no input {path}")
        sig, out = replay_signature(cmd, path, args.tree, args.timeout)
        sig = sig or fallback_signature(path)
        way = reached(out)
        seconds = max(0, int(os.path.getmtime(path) - args.start))
        if sig in table:
            table[sig][0] += 1
            os.unlink(path)
            state, artifact = "seen", table[sig][2]
            if way and way not in table[sig][3]:
                table[sig][3].append(way)
        else:
            artifact = keep_finding(args, sig, path)
            table[sig] = [1, seconds, artifact, [way] if way else []]
            write_table(args.work, table)
            save_finding(args, cmd, sig, artifact, out)
            state = "new"
        write_table(args.work, table)
        print(f"{state}\t{'known' if sig in known else 'unknown'}\t{sig}\t"
              f"{table[sig][1]}\t{artifact}", flush=True)
    return 0


def summary(args):
    table = read_table(args.work)
    known = read_known(args.known)
    rows = [("signature", "count", "first", "known", "reached by",
             "artifact")]
    for sig, (count, first, artifact, ways) in table.items():
        rows.append((sig, str(count), f"{first}s",
                     "yes" if sig in known else "no",
                     "; ".join(ways) or "-", artifact))
    w = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        print(f"{r[0]:<{w[0]}}  {r[1]:>{w[1]}}  {r[2]:>{w[2]}}  "
              f"{r[3]:<{w[3]}}  {r[4]:<{w[4]}}  {r[5]}")
    return 1 if any(s not in known for s in table) else 0


# --- command line ----------------------------------------------------------

die = cli.die_as(PROG)


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")


def write_bytes(path, data):
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        die(f"cannot write {path}: {e.strerror}")


Parser = cli.parser_class(die)


def min_options(p):
    p.add_argument("--tree", help="kernel tree the findings are named in")
    p.add_argument("--header", type=int, default=0,
                   help="bytes of header before the ops (kept)")
    p.add_argument("--op-size", type=int, default=4, help="bytes per op")
    p.add_argument("--max-candidates", type=int, default=1000,
                   help="replays the minimization may use")
    p.add_argument("--max-seconds", type=float, default=120,
                   help="wall-clock cap on the minimization")
    p.add_argument("--timeout", type=float, default=30,
                   help="seconds one replay may take")
    p.add_argument("--simplify", metavar="PROG",
                   help="then simplify arguments through the text form "
                   "(PROG: iovafuzz_prog)")


def parse(argv):
    replayer = []
    if "--" in argv:
        i = argv.index("--")
        argv, replayer = argv[:i], argv[i + 1:]
    p = Parser(prog=PROG, description=__doc__,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    s = sub.add_parser("signature")
    s.add_argument("--tree")
    s.add_argument("output")
    m = sub.add_parser("minimize")
    min_options(m)
    m.add_argument("-o", dest="out", required=True)
    m.add_argument("input")
    r = sub.add_parser("record")
    min_options(r)
    r.add_argument("--work", required=True)
    r.add_argument("--start", type=float, default=time.time())
    r.add_argument("--known", action="append")
    r.add_argument("inputs", nargs="+")
    s = sub.add_parser("summary")
    s.add_argument("--work", required=True)
    s.add_argument("--known", action="append")
    args = p.parse_args(argv)
    if args.cmd in ("minimize", "record"):
        if not replayer:
            die(f"{args.cmd} needs a replayer command after --")
        if args.op_size < 1 or args.header < 0:
            die("--op-size must be positive and --header not negative")
    return args, replayer


def main(argv):
    args, cmd = parse(argv)
    if args.cmd == "signature":
        if args.output == "-":
            text = sys.stdin.read()
        else:
            text = read_bytes(args.output).decode(errors="replace")
        sig = signature(text, args.tree)
        if sig is None:
            return 1
        print(sig)
        return 0
    if args.cmd == "minimize":
        sig = minimize(args, cmd, args.input, args.out)
        if sig is None:
            return 1
        print(sig)
        return 0
    if args.cmd == "record":
        try:
            return record(args, cmd)
        except OSError as e:
            die(f"cannot record in {args.work}: {e}")
    return summary(args)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (KeyboardInterrupt, BrokenPipeError):
        sys.exit(2)
    except Exception as e:  # still one line: an error is not a finding
        die(f"internal error: {type(e).__name__}: {e}")
