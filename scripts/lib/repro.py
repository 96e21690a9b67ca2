#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Reproducers of an iova finding (scripts/repro runs this).

  repro.py --replay BIN --prog BIN --tree DIR [--target iova|maple_contract]
           [--cc FILE] [--out DIR] [--command TEXT] [--max-candidates N]
           [--max-seconds S] [--timeout S] INPUT

Replays INPUT (binary or text) with BIN (the target's replayer, or the
maple_contract fuzz binary), names its finding by signature, minimizes
it (ddmin over ops, then simpler arguments, keeping a change only while
the same signature fires; bounded by --max-candidates replays, the wall
clock only a safety cap), and writes into --out (default INPUT.repro/):
min.bin, min.txt (the text form), report.txt (72 columns, for email;
also printed) and, for iova, repro.c and repro_kunit.c.  --cc is the
tree's compile line (BUILD/repro/ID.cc), for the report's compiler and
flags; --command the tree options to print in the repro commands.
Exit 0 ok, 1 INPUT reproduces no finding, 2 usage or I/O error (one
line), or the minimized input no longer giving INPUT's signature.
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import textwrap

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli  # noqa: E402
import findings  # noqa: E402
import repro_c  # noqa: E402
import repro_trace  # noqa: E402
import repro_upstream  # noqa: E402
import repro_upstream_maple  # noqa: E402

PROG = "repro"
WIDTH = 72
TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
UNDER_TEST = ["drivers/iommu/iova.c", "include/linux/iova.h",
              "lib/rbtree.c", "include/linux/rbtree.h",
              "include/linux/rbtree_augmented.h",
              "include/linux/rbtree_types.h", "lib/maple_tree.c",
              "include/linux/maple_tree.h"]


die = cli.die_as(PROG)


def run(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              errors="replace", **kw)
    except OSError as e:
        die(f"cannot run {cmd[0]}: {e.strerror}")


# --- the program and its text form ----------------------------------------

def to_text(prog, path):
    r = run(prog_cmd(prog) + ["to-text", path])
    if r.returncode:
        die(r.stderr.strip().replace("iovafuzz_prog: ", "", 1))
    return r.stdout.splitlines()


def prog_cmd(prog):
    return [prog] if isinstance(prog, str) else list(prog)


def to_bin(prog, path, out):
    r = run(prog_cmd(prog) + ["to-bin", path, out])
    if r.returncode:
        die(r.stderr.strip().replace("iovafuzz_prog: ", "", 1))


def op_lines(text):
    """(line, kind-name, times) per program op of a text program: a
    fused "; fail(...)" line is the inject op, then the op."""
    ops = []
    for i, line in enumerate(text[2:], 2):
        code = line.split("#", 1)[0]
        name = re.match(r"\s*(?:\w+\s*=\s*)?(\w+)\(", code).group(1)
        if " ; fail(" in code:
            ops.append((i, "inject", 1))
        times = re.search(r"times=(\d+)", code)
        ops.append((i, name, int(times.group(1)) if times else 1))
    return ops


def assign(recs, text):
    """Each record's program line (rec.line), following how the runner
    steps: one record per op, a repeat as many as it runs, an allocation
    retried after an injected failure one more; the final drain has
    none.  Also rec.glob, which the trace does not print."""
    ops = op_lines(text)
    j, prev = 0, None
    steps = []
    for line, name, times in ops:
        if name == "repeat":
            if prev is not None:
                steps += [prev] * times
            continue
        prev = line
        steps.append(line)
    for rec in recs:
        if rec.retry and j > 0:
            rec.line = steps[j - 1]
        elif j < len(steps):
            rec.line = steps[j]
            j += 1
        else:
            rec.line = None
        rec.glob = rec.line is not None and "global=1" in text[rec.line]
    return steps[j] if j < len(steps) else None


# --- the crashing op, which the trace does not show -------------------------

def static_limit(expr, dom):
    shift = dom["granule"].bit_length() - 1
    dma32 = 1 << (32 - shift)
    start = dom["start_pfn"]
    m = re.fullmatch(r"(dma32|start)([+-])(\d+)", expr)
    if m:
        base = dma32 if m.group(1) == "dma32" else start
        n = int(m.group(3))
        return base + n if m.group(2) == "+" else base - n
    m = re.fullmatch(r"mask\((\d+)\)", expr)
    return (1 << (int(m.group(1)) - shift)) - 1 if m else None


def crash_record(line, index, dom):
    """The op a sanitizer (or a kernel BUG) stopped in, if its arguments
    need no run-time state (an allocation under a fixed limit, a
    re-init)."""
    m = re.match(r"\s*reinit_domain\((?:fail=(\d+))?(?:, )?(shared=1)?\)",
                 line)
    if m:
        shared = ", shared" if m.group(2) else ""
        rec = repro_trace.Rec(repro_trace.REC.match(
            f"  #{index}   put_iova_domain+init({m.group(1) or 0}{shared})"))
        rec.glob = False
        rec.crashed = True
        return rec
    m = re.match(r"\s*(?:\w+\s*=\s*)?(alloc_iova(?:_fast)?)\(size=(\d+), "
                 r"limit=([^,]+), (aligned|flush)=(\d)\)", line)
    if not m:
        return None
    limit = static_limit(m.group(3), dom)
    if limit is None:
        return None
    if m.group(1) == "alloc_iova":
        args = f"size={m.group(2)}, limit=0x{limit:x}, " + \
            ("aligned" if m.group(5) == "1" else "unaligned")
    else:
        args = f"size={m.group(2)}, limit=0x{limit:x}, flush={m.group(5)}"
    rec = repro_trace.Rec(repro_trace.REC.match(
        f"  #{index}   {m.group(1)}({args})"))
    rec.glob = False
    rec.crashed = True
    return rec


def dom_from_text(text):
    d = dict(re.findall(r"(\w+)=([\w:]+)", text[1]))
    granule = int(d["granule"])
    shift = granule.bit_length() - 1
    dma32 = 1 << (32 - shift)
    mode, arg = d["start"].split(":")
    arg = int(arg)
    start = {"low": 1 + arg, "below32x8": dma32 - 8 * (arg + 1),
             "below32": dma32 - 2 - arg, "above32": dma32 + arg}[mode]
    return {"granule": granule, "start_pfn": start, "cpus": int(d["cpus"]),
            "rcaches": d["rcaches"] == "1", "dma32": dma32}


# --- the report --------------------------------------------------------------

def kv(key, val, width=12):
    """key: value, the value wrapped under itself at 72 columns."""
    lead = f"{key + ':':<{width}}"
    return textwrap.wrap(val, WIDTH, initial_indent=lead,
                         subsequent_indent=" " * width,
                         break_on_hyphens=False, break_long_words=True) \
        or [lead.rstrip()]


def wrap_line(line, indent="    "):
    if len(line) <= WIDTH:
        return [line]
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent,
                         break_on_hyphens=False)


def file_hashes(tree):
    out = []
    for f in UNDER_TEST:
        p = os.path.join(tree, f)
        if os.path.isfile(p):
            with open(p, "rb") as fh:
                out.append((f, hashlib.sha256(fh.read()).hexdigest()))
    return out


def kernel_version(tree):
    mk = os.path.join(tree, "Makefile")
    v = {}
    try:
        with open(mk, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"^(VERSION|PATCHLEVEL|SUBLEVEL)\s*=\s*(\d+)",
                             line)
                if m:
                    v[m.group(1)] = m.group(2)
    except OSError:
        pass
    return ".".join(v[k] for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL")
                    if k in v) or "unknown"


def harness_version():
    r = run(["git", "-C", TOP, "describe", "--always", "--dirty"])
    return r.stdout.strip() or "unknown"


def compiler(cc):
    """(compiler version, flags) from a tree's compile line (.cc)."""
    if not cc or not os.path.isfile(cc):
        return "unknown", ""
    with open(cc, encoding="utf-8") as f:
        line = [x for x in f if x.startswith("exec ")][0].split()
    ver = run([line[1], "--version"]).stdout.splitlines()
    flags = [x for x in line[2:] if x.startswith(("-f", "-O", "-std", "-g"))]
    return (ver[0] if ver else line[1]), " ".join(flags)


def annotate(text, recs):
    """The text program with what each op gave, from its records."""
    by_line = {}
    for rec in recs:
        if rec.line is not None:
            by_line.setdefault(rec.line, []).append(rec)
    out = []
    names = {}
    n = 0
    for i, line in enumerate(text):
        if i < 2:
            out.append(line)
            continue
        rs = by_line.get(i, [])
        notes = []
        for rec in rs:
            if rec.lo is not None and rec.kind in ("alloc_iova",
                                                   "alloc_iova_fast",
                                                   "reserve_iova"):
                names[rec.lo] = f"r{n}"
                n += 1
        first = rs[0] if rs else None
        if first is not None:
            notes.append(f"#{first.index}" +
                         (f"-#{rs[-1].index}" if len(rs) > 1 else ""))
            if first.kind in ("free_iova", "__free_iova", "free_iova_fast",
                              "find_iova") and first.nums:
                pfn = first.nums[0]
                for lo, name in names.items():
                    if lo <= pfn and (first.hi is None or pfn <= first.hi):
                        if lo == first.lo:
                            notes.append(name)
                notes.append(first.text.split("(", 1)[1].rstrip(")")
                             if "(" in first.text else "")
            if first.result:
                notes.append(first.result.lstrip("= "))
            if getattr(first, "crashed", False):
                notes.append("the sanitizer stopped the run here")
            if first.injected:
                notes.append(f"{first.injected} failed by injection")
            if len(rs) > 1:
                last = rs[-1]
                notes.append(f"last {last.result.lstrip('= ')}"
                             if last.result else f"x{len(rs)}")
        name = ""
        if first is not None and first.lo is not None and \
                first.kind in ("alloc_iova", "alloc_iova_fast",
                               "reserve_iova") and len(rs) == 1:
            name = names[first.lo] + " = "
        note = "  # " + ", ".join(x for x in notes if x) if notes else ""
        full = name + line + note
        if len(full) > WIDTH - 2 and note:
            out.append(name + line)
            out += textwrap.wrap(note.strip(), WIDTH - 2,
                                 initial_indent="      ",
                                 subsequent_indent="        ",
                                 break_on_hyphens=False)
        else:
            out.append(full)
    return out


def where(recs):
    """A sanitizer's report has no op: the one it stopped in, or after."""
    if not recs:
        return ""
    if getattr(recs[-1], "crashed", False):
        return f" in op #{recs[-1].index}"
    return f" after op #{recs[-1].index}"


def report(args, sig, out, text, recs, cmdline):
    lines = out.splitlines()
    keys = repro_trace.keys(lines)
    title = repro_trace.title(lines) or f"iovafuzz: {sig}" + where(recs)
    m = re.match(r"^(iovafuzz: .*? in op #\d+): (.*)$", title)
    head, detail = (m.group(1), m.group(2)) if m else (title, "")
    ver = kernel_version(args.tree)
    cc, flags = compiler(args.cc)
    rep = [head, ""]
    rep += kv("signature", sig)
    rch = findings.reached(out)
    if rch and rch != sig:
        rep += kv("reached", rch)
    rep += kv("kernel", f"{ver}" + (f" ({keys['tree'].split('(')[-1]}"
                                     if "tree" in keys else ""))
    rep += kv("harness", f"iovafuzz {harness_version()}")
    rep += kv("compiler", cc)
    rep += kv("flags", flags)
    if args.target == "maple_contract":
        rep += kv("tree", "MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN")
    else:
        rep += kv("domain", keys.get("domain", text[1]))
    if "checks" in keys:
        rep += kv("checks", keys["checks"])
    nhead = 1 if args.target == "maple_contract" else 2
    rep += kv("ops", f"{len(text) - nhead} in the program" +
              (f", {len(recs)} run" if recs else ""))
    rep.append("")
    rep.append("files under test (sha256):")
    for f, h in file_hashes(args.tree):
        rep.append(f"  {f}")
        rep.append(f"    {h}")
    rep += ["", "program (text form; # the ops run and what they gave):"]
    if args.target == "maple_contract":
        rep += ["  " + x for x in text[:1]]
        rep += ["  " + y for x in maple_program(lines) for y in
                wrap_line(x, "        ")]
    else:
        rep += ["  " + x for x in annotate(text, recs)]
    rep += ["", "expected vs actual:"]
    if not detail and args.target == "maple_contract":
        detail = sig.replace("MAPLE_CONTRACT ", "", 1)
    if detail:
        rep += wrap_line("  " + detail)
    else:
        rep.append("  the sanitizer stopped the run (below)")
    dump = repro_trace.dump(lines) or maple_model(lines)
    if dump:
        rep += ["", "tree and model around the range:"]
        rep += ["  " + x for x in dump]
    san = repro_trace.sanitizer(lines, args.tree)
    if san:
        rep += ["", "sanitizer report (kernel frames):"]
        for x in san:
            rep += wrap_line("  " + x.strip() if not x.startswith("    ")
                             else x, "      ")
    rep += ["", "reproduce:"]
    for c in cmdline:
        rep += wrap_line("  " + c, "      ")
    return "\n".join(x.rstrip() for x in rep) + "\n"


def maple_program(lines):
    """The maple_contract report's program: its ops as text, with what
    each touched."""
    out, on = [], False
    for line in lines:
        if line == "program:":
            on = True
            continue
        if on and not line.startswith("  #"):
            break
        m = re.match(r"^  (#\d+)\s+(.*?)(?:  # (.*))?$", line) if on else None
        if m:
            out.append(f"{m.group(2)}  # {m.group(1)}" +
                       (f", {m.group(3)}" if m.group(3) else ""))
    return out


def maple_model(lines):
    out, on = [], False
    for line in lines:
        if line == "model:":
            on = True
        elif on and not line.startswith("  "):
            break
        if on:
            out.append(line)
    return out


# --- main --------------------------------------------------------------------

def parse(argv):
    p = findings.Parser(prog=PROG, description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--replay", required=True)
    p.add_argument("--prog", required=True)
    p.add_argument("--tree", required=True)
    p.add_argument("--cc")
    p.add_argument("--target", default="iova",
                   choices=["iova", "maple_contract"])
    p.add_argument("--out")
    p.add_argument("--command", default="")
    p.add_argument("--max-candidates", type=int, default=2000)
    p.add_argument("--max-seconds", type=float, default=50)
    p.add_argument("--timeout", type=float, default=20)
    p.add_argument("input")
    return p.parse_args(argv)


def publish(rep, out_dir, got, want):
    """The report to report.txt and stdout; exit status 2 if the minimized
    input no longer gives the finding it was minimized for."""
    with open(os.path.join(out_dir, "report.txt"), "w") as f:
        f.write(rep)
    sys.stdout.write(rep)
    if got != want:
        print(f"{PROG}: the minimized input gives '{got}', not '{want}'",
              file=sys.stderr)
        return 2
    return 0


def main(argv):
    args = parse(argv)
    if not os.path.isfile(args.input):
        die(f"no input {args.input}")
    out_dir = args.out or args.input + ".repro"
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        die(f"cannot create {out_dir}: {e.strerror}")
    cmd = [args.replay]
    maple = args.target == "maple_contract"
    prog = [args.prog, "--target", args.target]
    with tempfile.TemporaryDirectory(prefix="iovafuzz-repro.") as tmp:
        src = os.path.join(tmp, "input.bin")
        to_bin(prog, args.input, src)
        want, out = findings.replay_signature(cmd, src, args.tree,
                                              args.timeout)
        if want is None:
            print(f"{PROG}: {args.input} reproduces no finding",
                  file=sys.stderr)
            return 1
        m = findings.Minimizer(cmd, args.tree, want, 0 if maple else 2, 4,
                               args.max_candidates, args.max_seconds,
                               args.timeout, tmp, findings.symptom(out))
        small = findings.minimize_program(m, findings.read_bytes(src),
                                          prog)
    binp = os.path.join(out_dir, "min.bin")
    txtp = os.path.join(out_dir, "min.txt")
    findings.write_bytes(binp, small)
    text = to_text(prog, binp)
    # -u: the report says whether the failing request passes unaligned.
    got, out = findings.replay_signature(cmd + ([] if maple else ["-u"]),
                                         binp, args.tree, args.timeout)
    if maple:
        return finish_maple(args, want, got, out, text, binp, txtp, out_dir)
    trace, _, _ = findings.replay(cmd + ["-v"], binp, args.timeout)
    recs = repro_trace.records(out.splitlines())
    if not recs or "program:" not in out:
        recs = repro_trace.records(trace.splitlines())
    nxt = assign(recs, text)
    dom = dom_from_text(text)
    if "program:" not in out and nxt is not None:
        extra = crash_record(text[nxt], len(recs), dom)
        if extra:
            extra.line = nxt
            recs.append(extra)
    rch = findings.reached(out) or want
    name = "iovafuzz_" + re.sub(r"[^a-z0-9]+", "_", rch.lower()).strip("_")
    build = (f" *   scripts/repro --build-c repro.c {args.command}\n"
             " * or, in a build directory: sh repro/<tree-id>.cc repro.c "
             "-o repro\n *   ./repro   (exit 1: the contract broke)")
    kbuild = " *   scripts/kunit [--kernel-src DIR] repro_kunit.c"
    with open(os.path.join(out_dir, "repro.c"), "w") as f:
        f.write(repro_c.c_file(recs, want, dom, build, rch))
    with open(os.path.join(out_dir, "repro_kunit.c"), "w") as f:
        f.write(repro_c.kunit_file(recs, want, dom, name, kbuild, rch))
    with open(txtp, "w") as f:
        f.write("# " + want + "\n")
        f.write("\n".join(text) + "\n")
    up = write_upstream(args, want, out, text, recs, dom, cmd + [binp],
                        out_dir)
    tree_opt = " ".join(args.command.split()[:2])
    cdir = os.path.join(out_dir, "repro")
    cmdline = [f"scripts/repro {args.command}{txtp}".replace("  ", " "),
               f"{os.path.basename(args.replay)} -v {txtp}",
               f"scripts/repro --build-c {cdir}.c {args.command}&& {cdir}"
               .replace("  ", " "),
               f"scripts/kunit {tree_opt} {cdir}_kunit.c".replace("  ", " ")]
    if up:
        cmdline.append(f"scripts/kunit --uml {tree_opt} {up}"
                       .replace("  ", " "))
    return publish(report(args, got or want, out, text, recs, cmdline),
                   out_dir, got, want)


def injected(replay, timeout):
    """{op: [ordinal, ...]}: which non-sleeping allocation of each op the
    harness failed (IOVAFUZZ_FAIL_LOG, src/shim/inject.c)."""
    env = dict(findings.replay_env(), IOVAFUZZ_FAIL_LOG="1")
    try:
        p = subprocess.run(replay, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        die(f"cannot replay {replay[-1]}: {e}")
    fails = {}
    for m in re.finditer(r"^iovafuzz-fail: op (\d+) allocation (\d+)$",
                         p.stderr.decode(errors="replace"), re.M):
        fails.setdefault(int(m.group(1)), []).append(int(m.group(2)))
    return fails


def write_upstream(args, sig, out, text, recs, dom, replay, out_dir):
    """upstream/0001-*.patch, the finding as a test patch for its tree;
    its path, or None (one line saying why the kernel form cannot)."""
    title = repro_trace.title(out.splitlines()) or f"iovafuzz: {sig}"
    what = textwrap.wrap(title.replace("iovafuzz: ", "", 1), 68)
    return write_patch(out_dir, lambda: repro_upstream.patch(
        recs, sig, dom, args.tree, kernel_version(args.tree), text, what,
        injected(replay, args.timeout), findings.reached(out)))


def write_patch(out_dir, make):
    """upstream/NAME from make() -> (NAME, text); its path, or None (one
    line saying why the kernel form cannot say it)."""
    try:
        name, mbox = make()
    except repro_upstream.Unwritable as e:
        print(f"{PROG}: no upstream test patch: {e}", file=sys.stderr)
        return None
    d = os.path.join(out_dir, "upstream")
    os.makedirs(d, exist_ok=True)
    for old in os.listdir(d):
        os.remove(os.path.join(d, old))
    path = os.path.join(d, name)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(mbox)
    return path


def finish_maple(args, want, got, out, text, binp, txtp, out_dir):
    """maple_contract: the report and the text program (no C file: the
    target checks the maple tree, not an API a caller uses)."""
    with open(txtp, "w") as f:
        f.write("# " + want + "\n")
        f.write("\n".join(text) + "\n")
    cmdline = [f"scripts/repro --target maple_contract {args.command}{txtp}"
               .replace("  ", " "),
               f"{os.path.basename(args.replay)} {txtp}"]
    up = write_patch(out_dir, lambda: repro_upstream_maple.patch(
        want, args.tree, kernel_version(args.tree), text,
        textwrap.wrap(want, 68)))
    if up:
        cmdline.append(f"scripts/kunit --uml {up}")
    return publish(report(args, got or want, out, text, [], cmdline),
                   out_dir, got, want)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (KeyboardInterrupt, BrokenPipeError):
        sys.exit(2)
