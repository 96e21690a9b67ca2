#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Differential pass: the same programs on two trees, base and patched.

  differential.py run --base CMD --patched CMD --out DIR [--known FILE]...
                      [--max-seconds S] [--max-candidates N] PATH...
      Replay every program (files, or the files of directories) with
      `-v` on both replayers (each a command line, split on spaces) and
      compare the op traces.  For each program the first op where one side
      satisfies a request (`= [lo-hi]`) and the other refuses it (`= fail`)
      is a difference; each distinct difference (op and which side refused)
      gets a program minimized by delta debugging over whole ops that still
      shows it.  Writes DIR/differential.tsv and DIR/<slug>.min, prints the
      table.

A difference is named `DIFFERENTIAL <op> patched-refuses` (the base kept a
promise the patched tree does not) or `DIFFERENTIAL <op> base-refuses`.
Only a patched-refuses difference from the same observable history (every
earlier result identical on both sides) in an op where neither side had an
allocation failed by injection is counted against the series; the others
are shown, marked with why they are not counted (a different design may
place ranges elsewhere, or allocate differently under injected failures).

Exit status: 0 no counted difference, 1 a counted difference that is not
known, 2 usage or I/O error (one "differential.py: ..." line on stderr).
"""

import hashlib
import os
import re
import shlex
import subprocess
import sys
import time

import cli

PROG = "differential.py"
HDR = 2     # fuzz/lang/program.h: PROG_HDR_BYTES
OP = 4      # PROG_OP_BYTES
MAX_BATCH = 200
TEXT_MAGIC = b"iovafuzz-program"     # fuzz/lang/text.h
OP_LINE = re.compile(r"^  #(\d+)\s+(.*)$")
SECTION = re.compile(r"^== (.*) \(\d+ bytes\)$")
END = re.compile(r"^(ok  |FAIL) (.*?)(:.*)?$")


class Error(Exception):
    pass


die = cli.die_as(PROG)


def parse_op(text):
    """(request, result, injected) of one trace line; result is None for
    an op without one (cpu_switch, inject, ...)."""
    injected = "failed by injection" in text
    body = re.sub(r"  \(.*\)$", "", text)
    body = re.sub(r"  \(.*?\)(?=  \()", "", body)
    if " = " not in body:
        return body.strip(), None, injected
    req, res = body.split(" = ", 1)
    return req.strip(), res.strip(), injected


def outcome(result):
    if result is None:
        return None
    if result.startswith("["):
        return "ok"
    if result == "fail":
        return "refused"
    return None


def env():
    e = dict(os.environ)
    # A finding ends a replay: no leak report on top of it.
    e.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    return e


def run_traces(cmd, files, timeout):
    """{path: [(request, result, injected), ...]} for every file; a replay
    that stops early (a finding, a sanitizer) is resumed after the file it
    stopped in."""
    traces = {}
    todo = list(files)
    while todo:
        batch = todo[:MAX_BATCH]
        try:
            p = subprocess.run(cmd + ["-v"] + batch, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, env=env(),
                       timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Error(f"{cmd[0]} timed out on {len(batch)} program(s)")
        except OSError as e:
            raise Error(f"{cmd[0]}: {e.strerror}")
        cur = None
        last = None
        for line in p.stdout.decode("utf-8", "replace").splitlines():
            m = SECTION.match(line)
            if m:
                cur = m.group(1)
                last = cur
                traces[cur] = []
                continue
            m = OP_LINE.match(line)
            if m and cur is not None:
                # A finding's report lists the program again, up to the
                # op that failed (whose trace line it replaces): by index.
                ops = traces[cur]
                i = int(m.group(1))
                if i == len(ops):
                    ops.append(parse_op(m.group(2)))
                elif i < len(ops):
                    ops[i] = parse_op(m.group(2))
                continue
            if END.match(line):
                cur = None
        if last is None:
            raise Error(f"{cmd[0]} printed no trace (exit {p.returncode})")
        done = batch.index(last) + 1
        todo = batch[done:] + todo[len(batch):]
    return traces


def first_difference(a, b):
    """The first op where one side satisfied a request and the other
    refused it: (index, request, base result, patched result, direction,
    history) or None.  history is 'same' or the first op whose results
    differ before it."""
    history = "same"
    for i in range(min(len(a), len(b))):
        ra, rb = a[i], b[i]
        oa, ob = outcome(ra[1]), outcome(rb[1])
        if ra[0] == rb[0] and oa and ob and oa != ob:
            direction = "patched-refuses" if ob == "refused" else "base-refuses"
            return (i, ra[0], ra[1], rb[1], direction, history,
                ra[2] or rb[2])
        if history == "same" and (ra[0], ra[1]) != (rb[0], rb[1]):
            history = f"diverged at #{i}"
    return None


def op_name(request):
    return re.split(r"[( ]", request, 1)[0]


def signature(diff):
    return f"DIFFERENTIAL {op_name(diff[1])} {diff[4]}"


def why_not_counted(diff):
    if diff[4] != "patched-refuses":
        return "patched satisfies more"
    if diff[6]:
        return "injected failure"
    if diff[5] != "same":
        return diff[5]
    return ""


class Minimizer:
    """ddmin over whole ops: keep a candidate if it still shows a
    difference with the same signature."""

    def __init__(self, args, base, patched, want, tmp):
        self.args, self.base, self.patched = args, base, patched
        self.want, self.tmp = want, tmp
        self.deadline = time.monotonic() + args.max_seconds
        self.tries = 0

    def shows(self, data):
        if self.tries >= self.args.max_candidates or \
                time.monotonic() > self.deadline:
            return False
        self.tries += 1
        with open(self.tmp, "wb") as f:
            f.write(data)
        a = run_traces(self.base, [self.tmp], self.args.timeout)
        b = run_traces(self.patched, [self.tmp], self.args.timeout)
        d = first_difference(a.get(self.tmp, []), b.get(self.tmp, []))
        return d is not None and signature(d) == self.want

    def reduce(self, data):
        if data.startswith(TEXT_MAGIC):
            return data     # a text program (fuzz/lang/README.md): kept whole
        head = data[:HDR]
        ops = [data[i:i + OP] for i in range(HDR, len(data) - OP + 1, OP)]
        n = 2
        while len(ops) >= 2:
            chunk = max(1, len(ops) // n)
            parts = [ops[i:i + chunk] for i in range(0, len(ops), chunk)]
            for k in range(len(parts)):
                rest = [o for j, p in enumerate(parts) if j != k for o in p]
                if self.shows(head + b"".join(rest)):
                    ops, n = rest, max(n - 1, 2)
                    break
            else:
                if chunk == 1:
                    break
                n = min(len(ops), n * 2)
        return head + b"".join(ops)


def expand(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p)
                    if not f.startswith(".") and
                    os.path.isfile(os.path.join(p, f)))
        elif os.path.isfile(p):
            files.append(p)
        else:
            raise Error(f"no program file or directory {p}")
    # One copy of each program, in a stable order: name order of content.
    seen, out = set(), []
    for f in files:
        with open(f, "rb") as fh:
            h = hashlib.sha1(fh.read()).hexdigest()
        if h not in seen:
            seen.add(h)
            out.append(f)
    return out


def read_known(files):
    known = set()
    for path in files or []:
        try:
            with open(path) as f:
                for line in f:
                    line = line.split("#", 1)[0].strip()
                    if line:
                        known.add(line)
        except OSError as e:
            raise Error(f"--known {path}: {e.strerror}")
    return known


def slug(sig):
    return re.sub(r"[^A-Za-z0-9_.]+", "-", sig).strip("-")


def run(args):
    base = shlex.split(args.base)
    patched = shlex.split(args.patched)
    files = expand(args.paths)
    known = read_known(args.known)
    os.makedirs(args.out, exist_ok=True)
    ta = run_traces(base, files, args.timeout)
    tb = run_traces(patched, files, args.timeout)
    rows = {}
    for f in files:
        d = first_difference(ta.get(f, []), tb.get(f, []))
        if d is None:
            continue
        sig = signature(d)
        if sig in rows:
            rows[sig]["count"] += 1
            continue
        rows[sig] = {"diff": d, "file": f, "count": 1}
    rc = counted = 0
    tmp = os.path.join(args.out, ".candidate")
    with open(os.path.join(args.out, "differential.tsv"), "w") as tsv:
        for sig in sorted(rows):
            r = rows[sig]
            with open(r["file"], "rb") as fh:
                data = fh.read()
            small = Minimizer(args, base, patched, sig, tmp).reduce(data)
            mpath = os.path.join(args.out, slug(sig) + ".min")
            with open(mpath, "wb") as fh:
                fh.write(small)
            # The minimized program's own first difference.
            a = run_traces(base, [mpath], args.timeout)[mpath]
            b = run_traces(patched, [mpath], args.timeout)[mpath]
            d = first_difference(a, b) or r["diff"]
            why = why_not_counted(d)
            state = "known" if sig in known else ("counted" if not why
                                                 else "shown")
            if state == "counted":
                counted += 1
                rc = 1
            tsv.write("\t".join([sig, str(r["count"]), state, why or "-",
                                 f"#{d[0]}", d[1], d[2], d[3],
                                 r["file"], mpath]) + "\n")
            print(f"{sig}\t{r['count']} program(s)\t{state}"
                  f"{' (' + why + ')' if why else ''}\n"
                  f"  #{d[0]} {d[1]}: base = {d[2]}, patched = {d[3]}\n"
                  f"  program: {r['file']}\n  minimized: {mpath}")
    if os.path.exists(tmp):
        os.remove(tmp)
    print(f"differential: {len(files)} program(s), {len(rows)} distinct "
          f"difference(s), {counted} from the same history")
    return rc


Parser = cli.parser_class(die)


def main(argv):
    p = Parser(prog=PROG)
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--base", required=True)
    r.add_argument("--patched", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--known", action="append")
    r.add_argument("--max-seconds", type=float, default=600,
                   help="a guard against a hang; --max-candidates bounds it")
    r.add_argument("--max-candidates", type=int, default=400)
    r.add_argument("--timeout", type=float, default=300)
    r.add_argument("paths", nargs="+")
    args = p.parse_args(argv)
    try:
        return run(args)
    except Error as e:
        die(str(e))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
