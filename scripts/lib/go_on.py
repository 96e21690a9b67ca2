#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""libFuzzer past every finding, one process after another, reproducibly.

  go_on.py --work DIR [--runs N] [--seconds S] [--seed K] [--max-procs P]
           [--jobs J] -- FUZZER [OPTION...] CORPUS [SEEDS...]

(P: at most that many processes; default no bound.)

Runs FUZZER (a libFuzzer target of ours) with IOVAFUZZ_GO_ON=DIR/go, so
that a finding like one saved before is counted and the process goes on
(fuzz/iova/go_on.c).  A process still ends at a new finding, at a
sanitizer report or a timeout; the next starts with seed K+1, K+2, ...
and the runs (-runs) and seconds (-max_total_time) left.  An input of
CORPUS or SEEDS that ends a process while libFuzzer reads them in is left
out of the next (SEEDS are copied into DIR/seeds, never changed): once
for all chains, so that a chain whose process ended on an input another
chain left out already goes on.  With
-runs and -reload=0, and address space randomization off for the
processes (where the kernel allows it), which inputs are reported is the
same on every run.

With --jobs J, J such chains run at once on the one CORPUS (chain j's
seeds K + 1000 j, ...; the runs split between them), sharing DIR/go: what
one chain saved, the others' next processes drop.  Which inputs are
reported then depends on timing.

What the processes print goes to stdout, libFuzzer's "#N" counts summed
over them and over the chains (scripts/lib/progress.py reads them as one
process's).  Their
stacks are not symbolized: every reported input is replayed, and named,
by the replayer (scripts/lib/findings.py record); symbolizing it here
too cost 0.3 s a finding, a third of a rows test.

Exit status: 0 when the runs or seconds are done, else the status of the
process that ended without reporting an input (an engine error), or 2 on
a usage error.
"""

import ctypes
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import cli

PROG = "go_on.py"
die = cli.die_as(PROG)

WRITTEN = re.compile(r"Test unit written to (\S+)")
EXECS = re.compile(r"^stat::number_of_executed_units: (\d+)")
COUNT = re.compile(r"^#(\d+)")


def parse(argv):
    p = cli.parser_class(die)(prog=PROG)
    p.add_argument("--work", required=True)
    p.add_argument("--runs", type=int, default=0)
    p.add_argument("--seconds", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-procs", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("cmd", nargs="+")
    args = p.parse_args(argv)
    if not 1 <= args.jobs <= 64:
        die("--jobs needs 1..64")
    if args.cmd[0] == "--":
        args.cmd = args.cmd[1:]
    dirs = [a for a in args.cmd[1:] if not a.startswith("-")]
    if not dirs:
        die("no corpus directory given")
    args.opts = [a for a in args.cmd[1:] if a.startswith("-")]
    args.corpus, args.seeds = dirs[0], dirs[1:]
    return args


def sha1(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def copy_seeds(args):
    """SEEDS in DIR/seeds: an input there that crashes can be left out."""
    d = os.path.join(args.work, "seeds")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for s in args.seeds:
        for name in sorted(os.listdir(s)):
            src = os.path.join(s, name)
            if os.path.isfile(src):
                shutil.copyfile(src, os.path.join(d, sha1(src)))
    return d


def leave_out(dirs, digest):
    """The input with this content, if one of @dirs holds it.  The
    libFuzzer processes may write new inputs into @dirs meanwhile: a file
    gone before it is read was not this one."""
    for d in dirs:
        for name in os.listdir(d):
            path = os.path.join(d, name)
            try:
                if os.path.isfile(path) and sha1(path) == digest:
                    os.unlink(path)
                    return True
            except FileNotFoundError:
                pass
    return False


ADDR_NO_RANDOMIZE = 0x0040000
PR_SET_PDEATHSIG = 1


def in_child():
    """In the child: addresses as in every other run, where the kernel
    lets us (libFuzzer turns values compared in the target, addresses of
    globals among them, into mutations); and killed when its chain's
    thread dies, so that no process outlives a run that was killed."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        cur = libc.personality(0xffffffff)
        if cur != -1:
            libc.personality(cur | ADDR_NO_RANDOMIZE)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def unsymbolized():
    """The environment of a process: its sanitizers' stacks as addresses
    (an option later in the list wins)."""
    env = dict(os.environ)
    for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
        env[var] = ":".join(filter(None, [env.get(var), "symbolize=0"]))
    return env


class Chains:
    """What the chains share: the executions each has done in processes
    that ended and in the one running, summed into the "#N" lines, one
    lock for stdout and for the input directories, the processes
    running, and the inputs left out."""

    def __init__(self, jobs):
        self.done = [0] * jobs
        self.cur = [0] * jobs
        self.lock = threading.Lock()
        self.procs = set()
        self.stopped = False
        self.left_out = set()

    def leave_out(self, j, dirs, digest):
        """Leave the input out once for all chains: true if it is out,
        by this call or by another chain's (chain @j says so)."""
        with self.lock:
            if digest in self.left_out:
                self.write(f"{PROG}: chain {j}: {digest}, which ended its "
                           f"process, is left out already: going on\n")
                return True
            if leave_out(dirs, digest):
                self.left_out.add(digest)
                return True
            return False

    def write(self, line):
        """Best effort: a log that cannot be written (a full disk) does
        not stop the fuzzing; what is found is in the artifacts."""
        try:
            sys.stdout.write(line)
        except OSError:
            pass

    def stop(self):
        with self.lock:
            self.stopped = True
            for p in self.procs:
                p.kill()


def run_one(chains, j, cmd):
    """Chain j's next process; (status, executions, its artifact, read
    in?)."""
    execs, artifact, inited = 0, None, False
    with subprocess.Popen(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, env=unsymbolized(),
                          preexec_fn=in_child) as p:
        with chains.lock:
            if chains.stopped:
                p.kill()
            chains.procs.add(p)
        for raw in p.stdout:
            line = raw.decode("utf-8", "replace")
            m = EXECS.match(line)
            if m:
                execs = int(m.group(1))
            m = WRITTEN.search(line)
            if m and "/slow-unit-" not in line:
                artifact = m.group(1)
            with chains.lock:
                m = COUNT.match(line)
                if m:
                    if "INITED" in line:
                        inited = True
                    chains.cur[j] = int(m.group(1))
                    total = sum(chains.done) + sum(chains.cur)
                    line = f"#{total}{line[m.end():]}"
                chains.write(line)
        with chains.lock:
            try:
                sys.stdout.flush()
            except OSError:
                pass
            chains.procs.discard(p)
    return p.returncode, execs, artifact, inited


def saved(go):
    """How many findings the target has saved (go/reached's lines)."""
    try:
        with open(os.path.join(go, "reached"), "rb") as f:
            return f.read().count(b"\n")
    except OSError:
        return 0


def chain(args, chains, j, dirs, go, start):
    """Chain j: one process after another until its runs or the seconds
    are done (0), or one ends without reporting an input (its status)."""
    runs = args.runs // args.jobs + (j < args.runs % args.jobs)
    done, k = 0, 0
    while not args.max_procs or k < args.max_procs // args.jobs:
        if chains.stopped:
            return 0
        cmd = [args.cmd[0]] + args.opts + [
            f"-seed={args.seed + 1000 * j + k}", "-print_final_stats=1"]
        if args.runs:
            if done >= runs:
                return 0
            cmd.append(f"-runs={runs - done}")
        if args.seconds:
            left = args.seconds - int(time.monotonic() - start)
            if left <= 0:
                return 0
            cmd.append(f"-max_total_time={left}")
        listed = saved(go)
        rc, execs, artifact, inited = run_one(chains, j, cmd + dirs)
        done += max(execs, 1)
        with chains.lock:
            chains.done[j], chains.cur[j] = done, 0
        if rc == 0 or chains.stopped:
            return 0
        if not artifact:
            return rc
        if not inited:
            digest = os.path.basename(artifact).rsplit("-", 1)[-1]
            # libFuzzer's own first input (the empty one) is in no
            # directory: it is dropped next time, if the target saved it.
            if not chains.leave_out(j, dirs, digest) and \
                    saved(go) == listed:
                return rc
        k += 1
    print(f"{PROG}: stopped after {args.max_procs} processes",
          file=sys.stderr)
    return 0


def main(argv):
    args = parse(argv)
    go = os.path.join(args.work, "go")
    os.makedirs(go, exist_ok=True)
    os.environ["IOVAFUZZ_GO_ON"] = go
    dirs = [args.corpus] + ([copy_seeds(args)] if args.seeds else [])
    chains = Chains(args.jobs)
    start = time.monotonic()
    if args.jobs == 1:
        return chain(args, chains, 0, dirs, go, start)
    rcs = [0] * args.jobs

    def one(j):
        rcs[j] = chain(args, chains, j, dirs, go, start)
        if rcs[j]:
            chains.stop()  # an engine error: the run is over

    threads = [threading.Thread(target=one, args=(j,))
               for j in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return next((rc for rc in rcs if rc), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
