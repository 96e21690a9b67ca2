# SPDX-License-Identifier: GPL-2.0-only
"""scripts/mutate: the command line, and a run from end to end:
mutants generated from the AST (operators.py), dropped where they cannot
count (objects.py), each suite run on the rest (in parallel over
--jobs, each run bounded), the report written (report.py)."""
import argparse
import concurrent.futures
import fcntl
import hashlib
import os
import subprocess
import sys

import callgraph
import clang_ast
import cli
import eta
import fuzz_repro
import kunit_standalone
import kunit_tree
import match
import objects
import operators
import relink
import report
import report_html
import sample
import tree_suites
from flags import CLANG, Flags

PROG = "mutate"
IOVA_C = "drivers/iommu/iova.c"
MAPLE_C = "lib/maple_tree.c"
die = cli.die_as(PROG)
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

USAGE = """\
scripts/mutate [--kernel-src DIR | --kernel V | --standalone DIR]
               [--file PATH]... [--function NAME]... [--lines PATCH]...
               [--operator NAME]...
               [--suite SUITE]... [--kunit-file FILE]... [--jobs N]
               [--timeout S] [--out DIR] [--order N] [--list]
               [--sample N [--seed S]] [--match PATCH...] [--no-install]"""

DESCRIPTION = """\
Mutation adequacy: which changes to the code under test does no test
notice?  Mutants come from clang's AST of each --file (operators: rel,
arith, const, negate, cond, bound, drop_operand, drop_call, drop_assign,
swap, gfp; with --order 2 also pairs of them whose edits meet, in one
statement or through a variable one writes and the other reads); those
that do
not compile, whose object code is the original's (equivalent) or
another mutant's (duplicate) are dropped; each suite runs on the rest.
Writes report.txt, report.json and report.html to --out and prints
report.txt.
Exit status: 0 done, 1 a --match PATCH no mutant matches, 2 usage,
setup or build error (one line)."""

EPILOG = """\
suites:
  kunit          KUnit files in userspace (src/kunit), as scripts/kunit
                 runs them: on a tree, its default set (corpus/kunit/*.c,
                 the tree's iova-kunit.c) or the --kunit-file FILEs, the
                 runner built once and relinked per mutant; with
                 --standalone, the --kunit-file FILEs linked with the
                 mutated file.  A case failing, crashing, leaking or
                 warning kills; so does hitting --timeout
  contract       the maple tree contract tests (maple_contract): a broken
                 contract kills (for lib/maple_tree.c mutants)
  fuzz:SECONDS   the iova fuzz target for SECONDS from corpus/seeds/iova:
                 a finding kills
  all            kunit, contract and fuzz:60
Binaries of a tree are built once (one core) in OUT/build and only the
mutated file's glue compiled again and relinked per mutant.  With kunit
and fuzz:SECONDS, each mutant the fuzzer kills and kunit does not gets
scripts/repro's KUnit case in OUT/work/ID/repro/.
--file lib/maple_tree.c without --function: the functions of it the
tree's drivers/iommu/iova.c reaches, from both files' ASTs.
report.html is rendered again by scripts/lib/mutate/report_html.py OUT.
See docs/mutate.md."""


def parse(argv):
    p = cli.parser_class(die)(
        prog=PROG, usage=USAGE, description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--kernel-src", metavar="DIR",
                   help="any kernel tree, full or sparse")
    g.add_argument("--kernel", metavar="V",
                   help="Debian's linux-source-V tree (default 6.12)")
    g.add_argument("--standalone", metavar="DIR",
                   help="a directory of C files that is no kernel tree: "
                   "each --file is compiled with the shim's headers only")
    p.add_argument("--file", action="append", metavar="PATH",
                   help="the file to mutate, relative to the tree "
                   "(default drivers/iommu/iova.c); repeatable")
    p.add_argument("--function", action="append", metavar="NAME",
                   help="only the functions NAME; repeatable (default "
                   "for lib/maple_tree.c: those iova.c reaches)")
    p.add_argument("--lines", action="append", metavar="PATCH",
                   help="a patch or mbox (a series: repeat it, in order): "
                   "applied to a copy of the tree, which is mutated on "
                   "the lines the series adds or changes only")
    p.add_argument("--suite", action="append", metavar="SUITE",
                   help="kunit, contract, fuzz:SECONDS or all; "
                   "repeatable (default kunit)")
    p.add_argument("--kunit-file", action="append", metavar="FILE",
                   help="a KUnit file for the kunit suite; repeatable")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="mutants compiled and run at once (default 1)")
    p.add_argument("--timeout", type=float, default=60, metavar="S",
                   help="bound on one suite's run on one mutant, in "
                   "seconds (default 60); a run that hits it kills")
    p.add_argument("--out", metavar="DIR",
                   help="where mutants, logs and the report go "
                   "(default $IOVAFUZZ_BUILD/mutate-IDENT, IOVAFUZZ_BUILD "
                   "defaulting to build/)")
    p.add_argument("--operator", action="append", metavar="NAME",
                   choices=operators.ORDER,
                   help="only mutants of these operators (a pair: of two "
                   "of them); repeatable")
    p.add_argument("--order", type=int, default=1, choices=(1, 2),
                   metavar="N", help="1 (default): one edit a mutant; 2: "
                   "also two edits that meet (docs/mutate.md)")
    p.add_argument("--match", action="extend", nargs="+", metavar="PATCH",
                   help="name the generated mutant (--order 2 for two "
                   "edits) with the object code of each PATCH, a mutant "
                   "of the one --file written by hand; no suite runs")
    p.add_argument("--sample", type=int, metavar="N",
                   help="only N of the generated mutants, chosen at "
                   "random by --seed: scores are estimates, each with "
                   "its 95%% interval")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="the seed of --sample (default 1)")
    p.add_argument("--list", action="store_true",
                   help="only list the mutants, dropped ones included: "
                   "objects compiled, no suite run")
    p.add_argument("--no-install", action="store_true",
                   help="do not install missing packages with apt-get")
    a = p.parse_args(argv)
    if a.jobs < 1:
        die(f"--jobs wants a positive number, got {a.jobs}")
    if a.sample is not None and a.sample < 1:
        die(f"--sample wants a positive number, got {a.sample}")
    if a.sample is not None and a.match:
        die("--sample and --match do not go together")
    if a.timeout <= 0:
        die(f"--timeout wants a positive number, got {a.timeout:g}")
    a.suites = []
    for s in a.suite or ["kunit"]:
        for one in s.split(","):
            if one == "all":
                a.suites += ["kunit", "contract", "fuzz:60"]
            elif one in ("kunit", "contract"):
                a.suites.append(one)
            elif one.startswith("fuzz:") and one[5:].isdigit() and \
                    int(one[5:]) > 0:
                a.suites.append(one)
            else:
                die(f"unknown suite '{one}' (kunit, contract, "
                    "fuzz:SECONDS, all)")
    a.suites = list(dict.fromkeys(a.suites))
    if a.match and len(a.file or [None]) != 1:
        die("--match wants one --file")
    for f in a.match or []:
        if not os.path.isfile(f):
            die(f"no patch {f}")
    return a


def tree_of(a):
    """(name, root, version, ident, standalone) of the tree under
    test."""
    if a.standalone:
        root = os.path.abspath(a.standalone)
        if not os.path.isdir(root):
            die(f"no directory {a.standalone}")
        return "standalone", root, "", "standalone", True
    cmd = [os.path.join(TOP, "scripts", "setup")]
    if a.kernel_src:
        cmd += ["--kernel-src", a.kernel_src]
    elif a.kernel:
        cmd += ["--kernel", a.kernel]
    if a.no_install:
        cmd.append("--no-install")
    env = dict(os.environ, IOVAFUZZ_PROG=PROG)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, env=env, text=True)
    if p.returncode != 0:
        sys.exit(2)
    lines = p.stdout.strip().splitlines()
    if len(lines) != 1 or len(lines[0].split()) != 5:
        die("one tree at a time: unset KERNEL_SRC or drop --kernel")
    _, name, root, version, ident = lines[0].split()
    return name, root, version, ident, False


def files_of(a):
    files = a.file or ([] if a.standalone else ["drivers/iommu/iova.c"])
    if not files:
        die("--standalone needs --file")
    return files


def apply_series(a, root, out):
    """--lines: the series applied to a copy of the tree at @root, as
    scripts/premerge applies it (premerge_series.py).  Returns the copy
    and {file: [(first, last)...]}, the lines the series added or
    changed."""
    series = os.path.join(TOP, "scripts", "lib", "premerge_series.py")
    dest = os.path.join(out, "patched")
    for f in a.lines:
        if not os.path.isfile(f):
            die(f"no patch {f}")
    steps = [["apply", "--base", root, "--dest", dest, "--save",
              os.path.join(out, "series")] + a.lines,
             ["changed", "--base", root, "--patched", dest] + files_of(a)]
    res = []
    for step in steps:
        p = subprocess.run([sys.executable, series] + step,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        if p.returncode != 0:
            err = (p.stderr.strip().splitlines() or ["failed"])[-1]
            die(err.split(": ", 1)[-1] if err.startswith("premerge: ")
                else err)
        res.append(p.stdout)
    ranges = {}
    for ln in res[1].splitlines():
        rel, span = ln.split("\t")
        first, last = span.split("-")
        ranges.setdefault(rel, []).append((int(first), int(last)))
    if not ranges:
        die(f"the series changes no line of {', '.join(files_of(a))}")
    return dest, ranges


def touches(m, ranges):
    """Does every edit of mutant @m touch a line of @ranges?"""
    for line, _, orig, _ in m.parts or [[m.line, m.col, m.orig, None]]:
        last = line + orig.count("\n")
        if not any(a <= last and line <= b for a, b in ranges):
            return False
    return True


def parsed(fl, root, rel):
    """(AST root, Source) of file @rel of the tree at @root."""
    path = os.path.join(root, rel)
    if os.path.isabs(rel) or not os.path.isfile(path):
        die(f"no file {rel} in {root}")
    try:
        return callgraph.load(CLANG, fl.ast(), path)
    except clang_ast.AstError as e:
        die(f"{rel} does not compile: {e}")


def maple_default(fl, root, tree, ast, src):
    """--file lib/maple_tree.c without --function: the functions of it
    that the tree's drivers/iommu/iova.c reaches (callgraph.py)."""
    if not os.path.isfile(os.path.join(root, IOVA_C)):
        die(f"no {IOVA_C} in {root} to tell which functions of "
            f"{MAPLE_C} it calls: give --function NAME")
    names = callgraph.reachable(*parsed(fl, root, IOVA_C), ast, src)
    if not names:
        die(f"{IOVA_C} of {tree} reaches no function of {MAPLE_C} (it "
            "uses no maple tree): give --function NAME")
    print(f"{PROG}: {MAPLE_C}: the {len(names)} functions {IOVA_C} "
          "reaches", file=sys.stderr)
    return names


def mutants_of(a, fl, root, tree, ranges=None):
    """Every mutant of every --file (with --lines, those on the lines the
    series added or changed), ids in file order; and {file: functions}
    for the files whose functions were chosen by default."""
    files = files_of(a)
    out, found, chosen = [], set(), {}
    for rel in files:
        ast, src = parsed(fl, root, rel)
        want = set(a.function or [])
        if rel == MAPLE_C and not want:
            chosen[rel] = maple_default(fl, root, tree, ast, src)
            want = set(chosen[rel])
        fns = clang_ast.functions(ast, src, want)
        found |= {fn.get("name") for fn, _ in fns}
        for m in operators.generate(src, fns, rel, a.order):
            if a.operator and not set(m.op.split("+")) <= set(a.operator):
                continue
            if ranges is None or touches(m, ranges.get(rel, [])):
                out.append((m, src.text))
    missing = [f for f in a.function or [] if f not in found]
    if missing:
        die(f"no function {missing[0]} defined in {', '.join(files)}")
    # Pairs last: a mutant's id is the same with --order 2 as without.
    out.sort(key=lambda t: t[0].parts is not None)
    for i, (m, _) in enumerate(out):
        m.id = f"m{i + 1:04d}"
    return out, chosen


def run_suite(name, suite, live, jobs, texts):
    prog = eta.Progress(PROG, f"suite {name}")
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(suite.run, m.id, m.apply(texts[m.file]))
                for m in live]
        for i, (m, fut) in enumerate(zip(live, futs)):
            m.results[name] = fut.result()
            prog(i + 1, len(live))


def lock_out(out):
    """One run at a time on @out (its work/ and reports); the lock goes
    with the process, so a run that was killed leaves it free."""
    global _lock
    _lock = open(os.path.join(out, ".lock"), "a")
    try:
        fcntl.flock(_lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        die(f"another scripts/mutate is using {out}: wait for it, or give "
            f"--out")


def main(argv):
    a = parse(argv)
    name, root, version, ident, standalone = tree_of(a)
    base = os.environ.get("IOVAFUZZ_BUILD") or os.path.join(TOP, "build")
    out = os.path.abspath(a.out or os.path.join(base, f"mutate-{ident}"))
    os.makedirs(out, exist_ok=True)
    lock_out(out)
    ranges = None
    if a.lines:
        if standalone:
            die("--lines needs a kernel tree, not --standalone")
        root, ranges = apply_series(a, root, out)
        name += "-patched"
    if not a.list and not a.match:
        check_suites(a, root, version, standalone)
    if a.match:
        rel = files_of(a)[0]
        if not os.path.isfile(os.path.join(root, rel)):
            die(f"no file {rel} in {root}")
        try:
            match.check_applies(os.path.join(root, rel), rel, a.match)
        except match.PatchError as e:
            die(str(e))
    fl = Flags(TOP, root, os.path.join(out, "gen"), standalone)
    pairs, chosen = mutants_of(a, fl, root, name, ranges)
    texts = {m.file: t for m, t in pairs}
    mutants = [m for m, _ in pairs]
    generated = len(mutants)
    if a.sample is not None:
        mutants = sample.choose(mutants, a.sample, a.seed)
    # One workspace per file: mutants of several files live side by side.
    spaces = {rel: objects.Workspace(os.path.join(out, "work"), rel, t)
              for rel, t in texts.items()}
    some = "" if a.sample is None else \
        f" (a sample of {generated}, seed {a.seed})"
    print(f"{PROG}: {len(mutants)} mutants{some} of {', '.join(texts)}",
          file=sys.stderr)
    if a.match:
        return match_patches(a, fl, spaces, mutants)
    for rel, ws in spaces.items():
        mine = [m for m in mutants if m.file == rel]
        try:
            objects.classify(fl, ws, mine, a.jobs,
                             eta.Progress(PROG, f"compile {rel}"))
        except RuntimeError as e:
            die(str(e))
    meta = {"tree": name, "root": root, "files": list(texts),
            "functions": a.function or [], "reached": chosen,
            "suites": [] if a.list else a.suites,
            "sample": None if a.sample is None else
            {"of": generated, "n": len(mutants), "seed": a.seed},
            "sha256": {rel: hashlib.sha256(t.encode("latin-1")).hexdigest()
                       for rel, t in texts.items()}}
    if a.list:
        print("\n".join(report.listing(mutants)))
        report.write_json(os.path.join(out, "mutants.json"), meta, mutants,
                          [])
        return 0
    live = [m for m in mutants if m.status == "compiled"]
    maker = Suites(a, fl, out, (name, root, version, standalone))
    maker.spaces = spaces
    for s in a.suites:
        for rel, ws in spaces.items():
            suite = maker.make(s, ws, rel)
            base_v, why = suite.run("base", texts[rel])
            if base_v != "survived":
                die(f"suite {s} does not pass on the unmutated {rel}: "
                    f"{why or base_v}")
            run_suite(s, suite, [m for m in live if m.file == rel], a.jobs,
                      texts)
    if "kunit" in a.suites and any(s.startswith("fuzz:")
                                   for s in a.suites):
        fuzz_cases(a, maker, report.fuzz_only(mutants), texts, out)
    report.write_json(os.path.join(out, "report.json"), meta, mutants,
                      a.suites)
    txt = report.text(meta, mutants, a.suites)
    with open(os.path.join(out, "report.txt.tmp"), "w") as f:
        f.write(txt)
    os.replace(os.path.join(out, "report.txt.tmp"),
               os.path.join(out, "report.txt"))
    try:
        report_html.write(out)
    except report_html.RenderError as e:
        die(str(e))
    sys.stdout.write(txt)
    return 0


def match_patches(a, fl, spaces, mutants):
    """--match: one line a patch, naming its generated mutant."""
    try:
        lines, missed = match.run(fl, *spaces.values(), mutants, a.match,
                                  a.jobs, touches)
    except match.PatchError as e:
        die(str(e))
    print("\n".join(lines))
    return 1 if missed else 0


def fuzz_cases(a, maker, mutants, texts, out):
    """For each mutant the fuzzer killed and the kunit suite let live,
    scripts/repro's minimized reproducer as a KUnit case
    (OUT/work/ID/repro/repro_kunit.c): the case the tree's suite lacks."""
    if not mutants:
        return
    prog = eta.Progress(PROG, "KUnit cases of fuzz kills")
    for i, m in enumerate(mutants):
        try:
            maker.repro(m.file).run(m, m.apply(texts[m.file]))
        except relink.SetupError as e:
            m.repro = {"why": str(e)}
        prog(i + 1, len(mutants))


def check_suites(a, root, version, standalone):
    """What can be told before anything is compiled: bad input to the
    suites is one line, at once."""
    for s in a.suites:
        if standalone and s != "kunit":
            die(f"suite {s} needs a kernel tree, not --standalone")
        if s == "kunit" and not kunit_files(a, root, standalone):
            if standalone:
                die("--suite kunit with --standalone needs --kunit-file")
            die(f"nothing to run: no corpus/kunit/*.c and no "
                f"drivers/iommu/iova-kunit.c in {root}")


def kunit_files(a, root, standalone):
    files = []
    for f in a.kunit_file or []:
        if not os.path.isfile(f):
            die(f"no KUnit file {f}")
        files.append(os.path.abspath(f))
    if files or standalone:
        return files
    return kunit_tree.default_files(TOP, root)


class Suites:
    """Makes the suite objects, the tree's build shared by them."""

    def __init__(self, a, fl, out, tree):
        self.a, self.fl, self.out = a, fl, out
        self.name, self.root, self.version, self.standalone = tree
        self._build = None
        self._repro = {}
        self.spaces = {}

    def build(self):
        if self._build is None:
            files = kunit_files(self.a, self.root, False)
            self._build = relink.Build(TOP, self.name, self.root,
                                       os.path.join(self.out, "build"),
                                       files)
        return self._build

    def repro(self, rel):
        """The maker of KUnit cases from fuzz kills of file @rel."""
        if rel not in self._repro:
            self._repro[rel] = fuzz_repro.Repro(
                self.build(), rel, self.spaces[rel], self.root, TOP,
                self.out)
        return self._repro[rel]

    def make(self, s, ws, rel):
        a = self.a
        try:
            if self.standalone:
                if s != "kunit":
                    die(f"suite {s} needs a kernel tree, not --standalone")
                files = kunit_files(a, self.root, True)
                if not files:
                    die("--suite kunit with --standalone needs "
                        "--kunit-file")
                return kunit_standalone.Suite(
                    self.fl, ws, files,
                    os.path.join(self.out, "kunit-runtime"), a.timeout,
                    os.path.dirname(os.path.join(self.root, rel)))
            known = tree_suites.known_file(TOP, self.version)
            if s == "kunit":
                if not kunit_files(a, self.root, False):
                    die(f"nothing to run: no corpus/kunit/*.c and no "
                        f"drivers/iommu/iova-kunit.c in {self.root}")
                return kunit_tree.Suite(self.build(), rel, ws, a.timeout)
            if s == "contract":
                return tree_suites.Contract(self.build(), rel, ws,
                                            a.timeout, known)
            return tree_suites.Fuzz(self.build(), rel, ws,
                                    int(s.split(":")[1]), TOP, known)
        except relink.SetupError as e:
            die(str(e))
