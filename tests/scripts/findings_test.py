#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of scripts/lib/findings.py: signatures of canned reports,
signature-keeping minimization, the findings table.

  findings_test.py FINDINGS_PY
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
FAKE = [sys.executable, os.path.join(HERE, "fake_replay.py")]
TREE = "/src/linux-test"   # the tree the canned reports were made in
TOOL = None
findings = None


def canned(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return f.read()


def slurp(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def run(*args):
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True,
                          text=True)


def program(*ops):
    return b"\x01\x00" + b"".join(ops)


FILL = [bytes([i, 1, 2, 3]) for i in range(20)]
A, B, C, D = b"\xaa" * 4, b"\xbb" * 4, b"\xcc" * 4, b"\xdd" * 4


class Signature(unittest.TestCase):
    def sig(self, name):
        return findings.signature(canned(name), TREE)

    def test_asan_kernel_frame_in_freed_by(self):
        # No kernel frame where the access happened: the free names it.
        self.assertEqual(self.sig("asan-uaf-freed-by.txt"),
                         "heap-use-after-free mas_free")

    def test_ubsan_check_and_frame(self):
        self.assertEqual(self.sig("ubsan-index.txt"),
                         "out-of-bounds-index iova_magazine_pop")

    def test_signature_line_wins(self):
        self.assertEqual(self.sig("signature-line.txt"),
                         "COMPLETE alloc_iova aligned")

    def test_kernel_bug(self):
        self.assertEqual(self.sig("bug.txt"), "BUG iova_magazine_push")

    def test_libfuzzer_timeout(self):
        self.assertEqual(self.sig("libfuzzer-timeout.txt"),
                         "timeout __alloc_and_insert_iova_range")

    def test_leak(self):
        self.assertEqual(self.sig("lsan.txt"),
                         "memory-leak iova_magazine_alloc")

    def test_no_kernel_frame_first_non_runtime(self):
        self.assertEqual(self.sig("deadly-no-kernel.txt"),
                         "deadly-signal LLVMFuzzerTestOneInput")

    def test_other_tree_no_kernel_frames(self):
        # Frames under another tree are not kernel frames of this one:
        # the first frame outside the runtimes names it.
        self.assertEqual(findings.signature(canned("asan-uaf-freed-by.txt"),
                                            "/src/other"),
                         "heap-use-after-free walk_node")

    def test_cli(self):
        r = run("signature", "--tree", TREE,
                os.path.join(DATA, "asan-uaf-freed-by.txt"))
        self.assertEqual((r.returncode, r.stdout),
                         (0, "heap-use-after-free mas_free\n"))
        r = run("signature", os.path.join(DATA, "pass.txt"))
        self.assertEqual((r.returncode, r.stdout), (1, ""))
        r = run("signature", "/nonexistent/output")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
        r = run("frobnicate")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)


class Minimize(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def path(self, name):
        return os.path.join(self.tmp.name, name)

    def minimize(self, data, *extra):
        src, out = self.path("in"), self.path("out")
        with open(src, "wb") as f:
            f.write(data)
        r = run("minimize", "--header", "2", "--op-size", "4", *extra,
                "-o", out, src, "--", *FAKE)
        small = slurp(out, "rb") if os.path.exists(out) else None
        return r, small

    def test_keeps_the_signature(self):
        # ONLY_A (ops A alone) is smaller, but another finding.
        data = program(*FILL[:5], A, *FILL[5:12], A, *FILL[12:], B, FILL[0])
        r, small = self.minimize(data)
        self.assertEqual((r.returncode, r.stdout), (0, "PAIR\n"), r.stderr)
        self.assertEqual(small, program(A, B))

    def test_deterministic(self):
        data = program(*FILL[:7], A, *FILL[7:], B, *FILL)
        first = self.minimize(data)[1]
        self.assertEqual(self.minimize(data)[1], first)

    def test_bounded_by_candidates(self):
        data = program(*FILL, A, *FILL, B, *FILL)
        r, small = self.minimize(data, "--max-candidates", "10")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertLess(len(small), len(data))
        self.assertGreater(len(small), len(program(A, B)))
        with open(self.path("check"), "wb") as f:
            f.write(small)
        out = subprocess.run(FAKE + [self.path("check")],
                             capture_output=True, text=True).stdout
        self.assertIn("signature: PAIR", out)

    def test_hanging_candidates_are_not_the_finding(self):
        r, small = self.minimize(program(A, D, C, B), "--timeout", "1")
        self.assertEqual((r.returncode, r.stdout), (0, "PAIR\n"), r.stderr)
        self.assertEqual(small, program(A, B))

    def test_a_hang_is_a_timeout(self):
        r, small = self.minimize(program(FILL[0], C, FILL[1]),
                                 "--timeout", "1")
        self.assertEqual((r.returncode, r.stdout), (0, "timeout\n"))
        self.assertEqual(small, program(C))

    def test_no_finding(self):
        r, small = self.minimize(program(*FILL))
        self.assertEqual((r.returncode, small), (1, None))


class Record(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.work = os.path.join(self.tmp.name, "work")
        os.makedirs(os.path.join(self.work, "incoming"))

    def artifact(self, name, data):
        p = os.path.join(self.work, "incoming", name)
        with open(p, "wb") as f:
            f.write(data)
        return p

    def known(self, *lines):
        p = os.path.join(self.tmp.name, "known.txt")
        with open(p, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
        return p

    def record(self, *inputs):
        return run("record", "--work", self.work, "--header", "2",
                   "--start", "0", *inputs, "--", *FAKE)

    def test_table_and_saved_finding(self):
        a = self.artifact("crash-1", program(*FILL[:3], A, FILL[3], B))
        b = self.artifact("crash-2", program(A, *FILL[:2], B))
        c = self.artifact("crash-3", program(A, *FILL[:2]))
        r = self.record(a, b, c)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [line.split("\t") for line in r.stdout.splitlines()]
        self.assertEqual([(x[0], x[1], x[2]) for x in lines],
                         [("new", "unknown", "PAIR"),
                          ("seen", "unknown", "PAIR"),
                          ("new", "unknown", "ONLY_A")])
        saved = lines[0][4]
        d = os.path.dirname(saved)
        self.assertEqual(sorted(os.listdir(d)),
                         ["crash-1", "crash-1.min", "report.txt",
                          "signature"])
        self.assertEqual(slurp(os.path.join(d, "signature")), "PAIR\n")
        self.assertEqual(slurp(saved + ".min", "rb"), program(A, B))
        self.assertIn("signature: PAIR",
                      slurp(os.path.join(d, "report.txt")))
        self.assertEqual(os.listdir(os.path.join(self.work, "incoming")), [])
        table = slurp(os.path.join(self.work, "findings.tsv"))
        rows = [row.split("\t") for row in table.splitlines()]
        self.assertEqual([(row[0], row[1]) for row in rows],
                         [("PAIR", "2"), ("ONLY_A", "1")])
        self.assertEqual(rows[0][3], saved)

    def test_saved_before_minimizing(self):
        # A replayer that works once, then cannot be run: the finding
        # and its signature are in place before minimization fails.
        once = os.path.join(self.tmp.name, "once.sh")
        with open(once, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\nrm -f \"$0\"\nexec " +
                    " ".join(FAKE) + " \"$@\"\n")
        os.chmod(once, 0o755)
        a = self.artifact("crash-1", program(A, FILL[0], B))
        r = run("record", "--work", self.work, "--header", "2",
                "--start", "0", a, "--", once)
        self.assertEqual(r.returncode, 2, r.stdout)
        table = slurp(os.path.join(self.work, "findings.tsv"))
        sig, _, _, saved = table.splitlines()[0].split("\t")[:4]
        self.assertEqual(sig, "PAIR")
        self.assertEqual(slurp(saved, "rb"), program(A, FILL[0], B))
        self.assertEqual(
            slurp(os.path.join(os.path.dirname(saved), "signature")),
            "PAIR\n")

    def test_summary_known(self):
        self.record(self.artifact("crash-1", program(A, B)))
        r = run("summary", "--work", self.work)
        self.assertEqual(r.returncode, 1)
        self.assertIn("PAIR", r.stdout)
        k = self.known("# accepted by the maintainer", "PAIR  # see bug 1")
        r = run("summary", "--work", self.work, "--known", k)
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertRegex(r.stdout, r"PAIR +1 +\d+s +yes ")

    def test_not_reproducible_is_still_a_finding(self):
        r = self.record(self.artifact("timeout-9", program(*FILL[:2])))
        self.assertEqual(r.stdout.split("\t")[:3],
                         ["new", "unknown", "timeout (not reproducible)"])


def main():
    global TOOL, findings
    TOOL = os.path.abspath(sys.argv.pop(1))
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    spec = importlib.util.spec_from_file_location("findings", TOOL)
    findings = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(findings)
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
