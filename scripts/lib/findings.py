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
      An input is first moved into DIR/staging/ (an engine that writes
      the same name again makes a new file), and leaves it only once the
      table counts it: one a killed run left there, or in the engine's
      folder, is an input still to classify.  A libFuzzer artifact whose
      SHA-1 is not the one in its name is incomplete (the engine was
      killed, or the disk was full, while writing it): never a finding;
      it is moved to DIR/incomplete/ with a line on stderr, or, with no
      space left on DIR's disk, it is an error.
  findings.py summary --work DIR [--known FILE]...
      Print DIR/findings.tsv's rows as a table.
  findings.py run --work DIR TEXT
      Set findings.tsv's run line, "# run: TEXT" after the rows: how
      long the run fuzzed, of how long it was given, and how it ended
      (scripts/fuzz keeps it current while it runs, so that a run that
      was killed still says how far it got).

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
import sys
import tempfile
import time

# Also where this file is loaded from elsewhere (tests).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli  # noqa: E402

PROG = "findings.py"

from signature import (  # noqa: E402,F401
    crash_class, first_frame, parse_frame, reached, read_bytes, replace_bytes,
    replay, replay_env, replay_signature, signature, symptom, write_bytes)
from minimize import Minimizer, minimize_program  # noqa: E402,F401


def minimize(args, cmd, path, out_path):
    """Minimize path into out_path; its signature, or None if path
    reproduces no finding (out_path is then not written)."""
    want, out = replay_signature(cmd, path, args.tree, args.timeout)
    if want is None:
        return None
    data = read_bytes(path)
    with tempfile.TemporaryDirectory(prefix="iovafuzz-min.") as tmp:
        m = Minimizer(cmd, args.tree, want, args.header, args.op_size,
                      args.max_candidates, args.max_seconds, args.timeout,
                      tmp, symptom(out))
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
                    # As fuzz/lang/known.c reads it: '#' to the end of the
                    # line is a comment, blanks around are not part of it.
                    line = line.split("#", 1)[0].strip(" \t\r\n")
                    if line:
                        known.add(line)
        except OSError as e:
            die(f"cannot read known-signature file {f}: {e.strerror}")
    return known


# findings.tsv: signature (the cause), count, first-seen, artifact, and
# what reached it: each invariant and op seen, joined by "; "; after the
# rows, scripts/fuzz's run line ("# run: ...", RUN_LINE).
RUN_LINE = "# run: "


def read_lines(work):
    path = os.path.join(work, "findings.tsv")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as e:
        die(f"cannot read {path}: {e}")


def read_table(work):
    table = {}
    for line in read_lines(work):
        fields = line.split("\t")
        if line.startswith("#") or len(fields) not in (4, 5):
            continue
        try:
            ways = fields[4].split("; ") if len(fields) == 5 else []
            table[fields[0]] = [int(fields[1]), int(fields[2]),
                                fields[3], [w for w in ways if w]]
        except ValueError as e:
            die(f"cannot read {os.path.join(work, 'findings.tsv')}: {e}")
    return table


def read_run(work):
    """The run line's text, or None (a table findings.py wrote alone)."""
    for line in read_lines(work):
        if line.startswith(RUN_LINE):
            return line[len(RUN_LINE):]
    return None


def write_table(work, table, run=None):
    """The table and the run line (@run, else the one it has), in place
    at once: a reader sees the old file or the new, never a part."""
    run = read_run(work) if run is None else run
    text = "".join(f"{sig}\t{count}\t{first}\t{artifact}\t"
                   f"{'; '.join(ways)}\n"
                   for sig, (count, first, artifact, ways) in table.items())
    if run is not None:
        text += f"{RUN_LINE}{run}\n"
    write_atomic(os.path.join(work, "findings.tsv"), text)


def write_atomic(path, text):
    replace_bytes(path, text.encode("utf-8"))


def keep_finding(args, sig, path):
    """findings/<slug>/: a copy of the input and its signature, each in
    place at once, before anything that can fail runs on it (the staged
    input goes once the table counts it).  Returns the saved input's
    path."""
    d = os.path.join(args.work, "findings", slug(sig))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    saved = os.path.join(d, os.path.basename(path))
    write_bytes(saved, read_bytes(path))
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
    write_atomic(os.path.join(d, "report.txt"), report)
    return saved


def fallback_signature(path):
    """An input the engine reported that does not replay as a finding is
    still one: name it after the engine's kind of artifact."""
    kind = os.path.basename(path).split("-", 1)[0]
    kind = {"oom": "out-of-memory", "leak": "memory-leak",
            "hang": "timeout"}.get(kind, kind)
    return f"{kind or 'crash'} (not reproducible)"


LIBFUZZER_ARTIFACT = re.compile(r"^[a-z-]+-([0-9a-f]{40})$")


def stage(args, path):
    """The input moved into DIR/staging/: if an engine writes its name
    again meanwhile, that is a new file, not this one rewritten."""
    d = os.path.join(args.work, "staging")
    os.makedirs(d, exist_ok=True)
    staged = os.path.join(d, os.path.basename(path))
    if os.path.dirname(os.path.abspath(path)) != d:
        os.replace(path, staged)
    return staged


def complete(args, path):
    """False for a libFuzzer artifact whose content is not what its name
    says (moved to DIR/incomplete/, with a line); an error when the disk
    is full, as that is why it could not be written."""
    m = LIBFUZZER_ARTIFACT.match(os.path.basename(path))
    data = read_bytes(path)
    if not m or hashlib.sha1(data).hexdigest() == m.group(1):
        return True
    st = os.statvfs(args.work)
    if st.f_bavail * st.f_frsize < 1 << 20:
        die(f"cannot save the finding {os.path.basename(path)}: the "
            f"engine wrote only {len(data)} bytes of it: no space left "
            f"on the device of {args.work}")
    d = os.path.join(args.work, "incomplete")
    os.makedirs(d, exist_ok=True)
    os.replace(path, os.path.join(d, os.path.basename(path)))
    print(f"{PROG}: {os.path.basename(path)} is incomplete (its SHA-1 is "
          f"not its name's: the engine was stopped while writing it), "
          f"not a finding: kept in {d}/", file=sys.stderr)
    return False


def record(args, cmd):
    table = read_table(args.work)
    known = read_known(args.known)
    for path in args.inputs:
        if not os.path.isfile(path):
            die(f"no input {path}")
        seconds = max(0, int(os.path.getmtime(path) - args.start))
        path = stage(args, path)
        if not complete(args, path):
            continue
        sig, out = replay_signature(cmd, path, args.tree, args.timeout)
        sig = sig or fallback_signature(path)
        way = reached(out)
        if sig in table:
            table[sig][0] += 1
            state, artifact = "seen", table[sig][2]
            if way and way not in table[sig][3]:
                table[sig][3].append(way)
            write_table(args.work, table)
            os.unlink(path)
        else:
            artifact = keep_finding(args, sig, path)
            table[sig] = [1, seconds, artifact, [way] if way else []]
            write_table(args.work, table)
            os.unlink(path)
            save_finding(args, cmd, sig, artifact, out)
            state = "new"
        print(f"{state}\t{'known' if sig in known else 'unknown'}\t{sig}\t"
              f"{table[sig][1]}\t{artifact}", flush=True)
    return 0


def read_dropped(work):
    """(count, reached) of each finding a target counted and dropped
    in-process as a repeat (fuzz/iova/go_on.c: DIR/go/dropped)."""
    out = []
    try:
        with open(os.path.join(work, "go", "dropped"),
                  encoding="utf-8") as f:
            for line in f:
                n, _, way = line.rstrip("\n").partition("\t")
                if n.isdigit() and way:
                    out.append((int(n), " ".join(way.split())))
    except OSError:
        pass
    return out


def add_dropped(work, table):
    """The dropped findings, each counted in the first row its reached
    line reached; one no row has (its saved input replayed as another
    finding) is a row of its own, named by that line."""
    for n, way in read_dropped(work):
        row = next((r for r in table.values() if way in r[3]), None)
        if row is None:
            row = table.setdefault(f"{way} (dropped, not replayed)",
                                   [0, 0, "-", [way]])
        row[0] += n


KNOWN_DROPPED = re.compile(r"^iovafuzz: known: (\d+) x (.+)$")


def add_known_dropped(work, table):
    """The known findings a target counted and dropped in-process, as
    each of its processes said at exit (known.h), summed into their
    rows: one never saved is a row of its own, with no input."""
    try:
        with open(os.path.join(work, "libfuzzer.log"), encoding="utf-8",
                  errors="replace") as f:
            for line in f:
                m = KNOWN_DROPPED.match(line.rstrip("\n"))
                if m:
                    row = table.setdefault(m.group(2),
                                           [0, 0, "- (dropped in-process)",
                                            []])
                    row[0] += int(m.group(1))
    except OSError:
        pass


def summary(args):
    table = read_table(args.work)
    add_dropped(args.work, table)
    add_known_dropped(args.work, table)
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


def set_run(args):
    write_table(args.work, read_table(args.work), " ".join(args.text))
    return 0


# --- command line ----------------------------------------------------------

die = cli.die_as(PROG)


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
    s = sub.add_parser("run")
    s.add_argument("--work", required=True)
    s.add_argument("text", nargs="+")
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
    try:
        if args.cmd == "record":
            return record(args, cmd)
        if args.cmd == "run":
            return set_run(args)
    except OSError as e:
        what = f"write {e.filename}" if e.filename else \
            f"record in {args.work}"
        die(f"cannot {what}: {e.strerror or e}")
    return summary(args)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (KeyboardInterrupt, BrokenPipeError):
        sys.exit(2)
    except Exception as e:  # still one line: an error is not a finding
        die(f"internal error: {type(e).__name__}: {e}")
