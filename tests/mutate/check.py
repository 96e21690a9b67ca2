#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/mutate's own test: runs it on sample.c with sample_kunit.c
(--standalone, the kunit suite) and checks report.json against
expected.txt: exactly those survivors, exactly those mutants dropped as
equivalent and as duplicates (of exactly those), exactly those figures,
and every kill a KUnit case that failed, but for exactly the hangs
expected.txt lists, ended by the bound.

  check.py --mutate scripts/mutate --dir tests/mutate --out DIR
  check.py --errors --mutate scripts/mutate --dir tests/mutate --out DIR
      the error paths instead: each is exit 2 and one "mutate: " line
  check.py --listing FILE --mutate scripts/mutate --dir tests/mutate
           --out DIR
      --list on FILE instead: exactly the lines of FILE's .expected
  check.py --reach --mutate scripts/mutate --dir tests/mutate --out DIR
      --file lib/maple_tree.c without --function on the small tree
      reach/maple instead: exactly the functions of reach.expected
  check.py --fuzz-case TREE --mutate scripts/mutate --dir tests/mutate
           --out DIR
      kunit and fuzz:10 on private_find_iova of the 6.12 tree TREE
      instead: exactly the mutants of fuzz_case.expected are killed by
      the fuzzer and not by kunit, each with a KUnit case (scripts/repro)
      that fails on it and passes on the tree

The sample run also checks report.html: every survivor's entry, its line
highlighted and escaped, and the same bytes rendered again from
report.json (report_html.py).

Exit status: 0 as expected, 1 not (saying what differs)."""
import argparse
import html
import html.parser
import fcntl
import json
import os
import re
import subprocess
import sys


def key(m):
    return f"{m['file']}:{m['line']}:{m['col']} {m['op']} " \
           f"'{' '.join(m['orig'].split())}' -> " \
           f"'{' '.join(m['repl'].split())}'"


def read_expected(path):
    """{"survived": set, "equivalent": set, "duplicate": {key: of-key},
    "figures": {name: int}} from expected.txt."""
    exp = {"survived": set(), "equivalent": set(), "duplicate": {},
           "timeout": set(), "figures": {}}
    with open(path) as f:
        for ln in f:
            ln = ln.split(" #", 1)[0].rstrip()
            if not ln or ln.startswith("#"):
                continue
            kind, rest = ln.split(" ", 1)
            if kind == "figures":
                for kv in rest.split():
                    k, v = kv.split("=")
                    exp["figures"][k] = int(v)
            elif kind == "duplicate":
                a, b = rest.split(" of ")
                exp["duplicate"][a] = b
            else:
                exp[kind].add(rest)
    return exp


def run(cmd, out):
    with open(os.path.join(out, "stderr.txt"), "w") as err:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=err,
                           text=True)
    return p


def check_errors(a):
    bad = 0
    m = [a.mutate]
    sd = ["--standalone", a.dir]
    first = os.path.join(a.dir, "match", "first.patch")
    cases = [
        ("bad option", m + ["--bogus"]),
        ("missing tree", m + ["--kernel-src", os.path.join(a.out, "nope"),
                              "--no-install", "--list"]),
        ("file not in tree", m + sd + ["--file", "nope.c", "--list"]),
        ("function not in file", m + sd + ["--file", "sample.c",
                                           "--function", "nope", "--list"]),
        ("bad suite", m + sd + ["--file", "sample.c", "--suite", "fuzz:x"]),
        ("--sample 0", m + sd + ["--file", "sample.c", "--sample", "0",
                                 "--list"]),
        ("kunit without files", m + sd + ["--file", "sample.c",
                                          "--out", a.out]),
        ("--match with two files", m + sd + ["--file", "sample.c", "--file",
                                              "macros.c", "--match",
                                              first]),
        ("--match patch that does not apply",
         m + sd + ["--file", "sample.c", "--match", first, "--out",
                   a.out]),
        ("iova.c reaching no maple function",
         m + ["--standalone", os.path.join(a.dir, "reach", "rbtree"),
              "--file", "lib/maple_tree.c", "--list", "--out", a.out]),
    ]
    # One run at a time on an --out: this process holds its lock.
    locked = os.path.join(a.out, "locked")
    os.makedirs(locked, exist_ok=True)
    hold = open(os.path.join(locked, ".lock"), "a")
    fcntl.flock(hold, fcntl.LOCK_EX)
    cases.append(("--out in use", m + sd + ["--file", "sample.c", "--list",
                                            "--out", locked]))
    for what, cmd in cases:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        lines = p.stderr.splitlines()
        if p.returncode != 2 or len(lines) != 1 or \
                not lines[0].startswith("mutate: "):
            print(f"{what}: want exit 2 and one 'mutate: ' line, got "
                  f"{p.returncode} and {p.stderr!r}")
            bad = 1
        else:
            print(f"{what}: {lines[0]}")
    return bad


def check_listing(a):
    p = run([a.mutate, "--standalone", a.dir, "--file", a.listing,
             "--list", "--out", a.out], a.out)
    if p.returncode != 0:
        print(f"scripts/mutate --list exited {p.returncode}; stderr in "
              f"{a.out}/stderr.txt")
        return 1
    base = os.path.splitext(a.listing)[0]
    with open(os.path.join(a.dir, base + ".expected")) as f:
        want = [ln.rstrip("\n") for ln in f if not ln.startswith("#")]
    got = p.stdout.splitlines()
    if got == want:
        print(f"as expected: {len(got)} mutants of {a.listing}")
        return 0
    for ln in want:
        if ln not in got:
            print(f"expected, not listed: {ln}")
    for ln in got:
        if ln not in want:
            print(f"listed, not expected: {ln}")
    if sorted(got) == sorted(want):
        print("the same lines in another order")
    return 1


class _Tags(html.parser.HTMLParser):
    """Every element closed in order; every id once."""
    VOID = {"meta", "br", "hr", "img", "input", "link"}

    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.errors = [], set(), []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k == "id":
                if v in self.ids:
                    self.errors.append(f"id {v} twice")
                self.ids.add(v)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> at line {self.getpos()[0]} "
                               f"closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def well_formed(page):
    t = _Tags()
    t.feed(page)
    t.close()
    errs = t.errors + ([f"unclosed {t.stack}"] if t.stack else [])
    for e in errs[:5]:
        print(f"report.html: {e}")
    return 1 if errs else 0


def check_html(a, rep):
    """report.html: every survivor's line highlighted, its source text
    escaped as HTML, its id an anchor; and the same bytes when rendered
    again from report.json."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
        a.mutate)), "lib", "mutate"))
    import report_html
    path = os.path.join(a.out, "report.html")
    if not os.path.isfile(path):
        print("no report.html")
        return 1
    with open(path, encoding="utf-8") as f:
        page = f.read()
    bad = well_formed(page)
    srcs = {}
    for m in rep["mutants"]:
        if m["status"] != "compiled" or \
                any(r["verdict"] != "survived"
                    for r in m["results"].values()):
            continue
        if f'<div class="s" id="{m["id"]}">' not in page:
            print(f"report.html: no survivor entry for {m['id']}")
            bad = 1
        if m["file"] not in srcs:
            with open(os.path.join(a.dir, m["file"])) as f:
                srcs[m["file"]] = f.read().split("\n")
        text = html.escape(srcs[m["file"]][m["line"] - 1], quote=True)
        row = re.search(rf'<tr id="{re.escape(m["file"])}:{m["line"]}" '
                        r'class="sv"><td class="n">\d+</td>'
                        r'<td class="c">(.*)</td></tr>', page)
        if not row:
            print(f"report.html: line {m['file']}:{m['line']} of "
                  f"{m['id']} not highlighted")
            bad = 1
        elif re.sub(r"</?mark>", "", row.group(1)) != text:
            print(f"report.html: line {m['file']}:{m['line']} reads "
                  f"{row.group(1)!r}, not the escaped source")
            bad = 1
    again = os.path.join(a.out, "again.html")
    if report_html.main([a.out, "-o", again]) != 0:
        print("report_html.py does not render report.json again")
        return 1
    with open(again, encoding="utf-8") as f:
        if f.read() != page:
            print(f"report.html rendered again differs: diff {path} "
                  f"{again}")
            bad = 1
    return bad


def check_reach(a):
    """--file lib/maple_tree.c without --function, on the small tree
    reach/maple: exactly the functions reach.expected names are
    mutated, and report them as reached."""
    tree = os.path.join(a.dir, "reach", "maple")
    p = run([a.mutate, "--standalone", tree, "--file", "lib/maple_tree.c",
             "--list", "--out", a.out], a.out)
    if p.returncode != 0:
        print(f"scripts/mutate --list exited {p.returncode}; stderr in "
              f"{a.out}/stderr.txt")
        return 1
    with open(os.path.join(a.dir, "reach.expected")) as f:
        want = [ln.strip() for ln in f
                if ln.strip() and not ln.startswith("#")]
    with open(os.path.join(a.out, "mutants.json")) as f:
        rep = json.load(f)
    got = rep.get("reached", {}).get("lib/maple_tree.c")
    mutated = sorted({m["function"] for m in rep["mutants"]})
    bad = 0
    if got != want:
        print(f"reached: expected {want}, got {got}")
        bad = 1
    if mutated != sorted(want):
        print(f"mutated functions: expected {sorted(want)}, got {mutated}")
        bad = 1
    if not bad:
        print(f"as expected: {len(want)} functions reached, "
              f"{len(rep['mutants'])} mutants of them")
    return bad


def check_fuzz_case(a):
    """On a 6.12 tree: private_find_iova's mutants under kunit and
    fuzz:10; exactly the mutants fuzz_case.expected names are killed by
    the fuzzer and not by kunit, and each has scripts/repro's KUnit case,
    which fails on the mutant and passes on the tree, named in
    report.txt, report.json and report.html."""
    p = run([a.mutate, "--kernel-src", a.kernel_src, "--no-install",
             "--function", "private_find_iova", "--suite", "kunit",
             "--suite", "fuzz:10", "--jobs", "1", "--out", a.out], a.out)
    if p.returncode != 0:
        print(f"scripts/mutate exited {p.returncode}; stderr in "
              f"{a.out}/stderr.txt")
        return 1
    with open(os.path.join(a.dir, "fuzz_case.expected")) as f:
        want = {ln.strip() for ln in f
                if ln.strip() and not ln.startswith("#")}
    with open(os.path.join(a.out, "report.json")) as f:
        rep = json.load(f)
    with open(os.path.join(a.out, "report.html"), encoding="utf-8") as f:
        page = f.read()
    fz = [m for m in rep["mutants"] if m["status"] == "compiled" and
          m["results"]["kunit"]["verdict"] == "survived" and
          m["results"]["fuzz:10"]["verdict"] == "killed"]
    bad = 0
    got = {key(m) for m in fz}
    for k in sorted(want - got):
        print(f"expected killed by fuzz:10 and not kunit, is not: {k}")
        bad = 1
    for k in sorted(got - want):
        print(f"killed by fuzz:10 and not kunit, not expected: {k}")
        bad = 1
    for m in fz:
        r = m.get("repro") or {}
        case = os.path.join(a.out, r.get("kunit", "-"))
        if not os.path.isfile(case) or \
                "KUNIT_CASE(" not in open(case).read():
            print(f"{m['id']}: no KUnit case ({r.get('why', r)})")
            bad = 1
            continue
        if r.get("check") != "fails on the mutant, passes on the tree":
            print(f"{m['id']}: its KUnit case {r.get('check')!r}")
            bad = 1
        if r["kunit"] not in p.stdout:
            print(f"{m['id']}: report.txt does not name {r['kunit']}")
            bad = 1
        if f'href="{r["kunit"]}"' not in page:
            print(f"{m['id']}: report.html does not link {r['kunit']}")
            bad = 1
    if not bad:
        print(f"as expected: {len(fz)} mutants killed by fuzz:10 and not "
              "kunit, each with a KUnit case failing on it and passing "
              "on the tree")
    return bad


def parser():
    """The options every check of tests/mutate takes."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--mutate", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--out", required=True)
    return ap


def main():
    ap = parser()
    ap.add_argument("--errors", action="store_true")
    ap.add_argument("--listing", metavar="FILE")
    ap.add_argument("--reach", action="store_true")
    ap.add_argument("--fuzz-case", metavar="KERNEL_SRC", dest="kernel_src")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.errors:
        return check_errors(a)
    if a.kernel_src:
        return check_fuzz_case(a)
    if a.reach:
        return check_reach(a)
    if a.listing:
        return check_listing(a)
    cmd = [a.mutate, "--standalone", a.dir, "--file", "sample.c",
           "--suite", "kunit", "--kunit-file",
           os.path.join(a.dir, "sample_kunit.c"), "--timeout", "5",
           "--out", a.out]
    p = run(cmd, a.out)
    if p.returncode != 0:
        print(f"scripts/mutate exited {p.returncode}; stderr in "
              f"{a.out}/stderr.txt")
        return 1
    with open(os.path.join(a.out, "report.json")) as f:
        rep = json.load(f)
    exp = read_expected(os.path.join(a.dir, "expected.txt"))
    ms = rep["mutants"]
    by_id = {m["id"]: m for m in ms}
    got = {
        "survived": {key(m) for m in ms if m["status"] == "compiled" and
                     all(r["verdict"] == "survived"
                         for r in m["results"].values())},
        "equivalent": {key(m) for m in ms if m["status"] == "equivalent"},
        "duplicate": {key(m): key(by_id[m["why"].split()[-1]])
                      for m in ms if m["status"] == "duplicate"},
    }
    bad = 0
    for kind in ("survived", "equivalent"):
        for k in sorted(exp[kind] - got[kind]):
            print(f"expected {kind}, is not: {k}")
            bad = 1
        for k in sorted(got[kind] - exp[kind]):
            print(f"{kind}, not expected: {k}")
            bad = 1
    if got["duplicate"] != exp["duplicate"]:
        for k in sorted(set(got["duplicate"]) | set(exp["duplicate"])):
            if got["duplicate"].get(k) != exp["duplicate"].get(k):
                print(f"duplicate {k}: expected of "
                      f"{exp['duplicate'].get(k)}, got of "
                      f"{got['duplicate'].get(k)}")
        bad = 1
    fig = rep["figures"]
    flat = {k: v for k, v in fig.items() if isinstance(v, int)}
    flat["kunit_killed"] = fig["suites"]["kunit"]["killed"]
    flat["kunit_errors"] = fig["suites"]["kunit"]["errors"]
    for k, v in sorted(exp["figures"].items()):
        if flat.get(k) != v:
            print(f"figure {k}: expected {v}, got {flat.get(k)}")
            bad = 1
    # Every kill is a KUnit case that failed, or a hang the bound ended
    # (exactly those expected.txt lists).
    for m in ms:
        r = m["results"].get("kunit")
        if not r or r["verdict"] != "killed":
            continue
        hung = r["detail"].startswith("timeout after ")
        if hung != (key(m) in exp["timeout"]) or \
                (not hung and not r["detail"].startswith("failed: ")):
            want = "a timeout" if key(m) in exp["timeout"] else \
                "a failing case"
            print(f"{key(m)}: killed by {r['detail']!r}, expected {want}")
            bad = 1
    bad |= check_html(a, rep)
    if not bad:
        print(f"as expected: {len(ms)} mutants, "
              f"{len(got['survived'])} survivors, "
              f"{len(got['equivalent'])} equivalent, "
              f"{len(got['duplicate'])} duplicates")
    return bad


if __name__ == "__main__":
    sys.exit(main())
