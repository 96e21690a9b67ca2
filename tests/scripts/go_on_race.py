#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""go_on.py's chains and the inputs that end a process while they are
read in (issue 33's first fault): an input every chain crashes on is
left out once for all of them, and no chain takes the input another
left out for an engine error.  Run against a fake libFuzzer
(fake_libfuzzer.py) so that the race happens on every run."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
GO_ON = os.path.join(HERE, "..", "..", "scripts", "lib", "go_on.py")
# Not in tests/go_on/: every file there is an input of go_on.* tests.
FAKE = os.path.join(HERE, "fake_libfuzzer.py")


class ReadInCrash(unittest.TestCase):
    def run_go_on(self, seeds, jobs):
        with tempfile.TemporaryDirectory() as tmp:
            s = os.path.join(tmp, "given")
            corpus = os.path.join(tmp, "corpus")
            art = os.path.join(tmp, "art")
            for d in (s, corpus, art):
                os.makedirs(d)
            for name, data in seeds.items():
                with open(os.path.join(s, name), "wb") as f:
                    f.write(data)
            barrier = os.path.join(tmp, "barrier")
            os.makedirs(barrier)
            env = dict(os.environ, FAKE_LOG=os.path.join(tmp, "log"),
                       FAKE_BARRIER=f"{barrier}:{jobs}")
            p = subprocess.run(
                [sys.executable, GO_ON, "--work", tmp, "--runs", "20",
                 "--jobs", str(jobs), "--", FAKE,
                 f"-artifact_prefix={art}/", corpus, s],
                capture_output=True, text=True, env=env, timeout=60)
            with open(os.path.join(tmp, "log"), encoding="utf-8") as f:
                log = f.read().splitlines()
            return p.returncode, p.stdout + p.stderr, log, \
                sorted(os.listdir(art))

    def test_every_chain_crashes_on_one_seed(self):
        rc, out, log, art = self.run_go_on(
            {"a": b"ops", "b": b"CRASH one", "c": b"more ops"}, 2)
        self.assertEqual(rc, 0, out)
        # Both chains' first processes read all three and ended on b;
        # each chain's next one read the two others and ran.
        self.assertEqual(log.count("seed 1 read 3"), 1, log)
        self.assertEqual(log.count("seed 1001 read 3"), 1, log)
        self.assertIn("seed 2 read 2", log)
        self.assertIn("seed 1002 read 2", log)
        self.assertEqual(len(art), 1)

    def test_every_seed_crashes(self):
        seeds = {f"s{k}": b"CRASH %d" % k for k in range(3)}
        for jobs in (1, 2):
            rc, out, log, art = self.run_go_on(seeds, jobs)
            self.assertEqual(rc, 0, out)
            self.assertIn("seed 4 read 0", log)
            self.assertEqual(len(art), 3)

    def test_engine_error_still_one(self):
        """A process that ends without an artifact is an engine error,
        with two chains as with one."""
        for jobs in (1, 2):
            with tempfile.TemporaryDirectory() as tmp:
                p = subprocess.run(
                    [sys.executable, GO_ON, "--work", tmp, "--runs", "4",
                     "--jobs", str(jobs), "--", "false", tmp],
                    capture_output=True, text=True, timeout=60)
                self.assertEqual(p.returncode, 1, p.stdout + p.stderr)


if __name__ == "__main__":
    unittest.main()
