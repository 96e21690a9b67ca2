#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""ktap_check.py --parser DIR --expect STATUS COUNTS -- COMMAND...

Runs COMMAND (scripts/kunit) and parses its stdout with kunit.py's own
KTAP parser (tools/testing/kunit/kunit_parser.py of the tree, DIR), the
way `kunit.py parse` does.  Exit 0 if the parser reports no errors, the
run's status is STATUS (SUCCESS, FAILURE, ...) and its counts are COUNTS
("passed=9 failed=0 skipped=4 crashed=0"); else 1 with what differed.
"""
import argparse
import contextlib
import io
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parser", required=True)
    ap.add_argument("--expect", nargs=2, required=True,
                    metavar=("STATUS", "COUNTS"))
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    sys.path.insert(0, args.parser)
    import kunit_parser  # the tree's, not ours

    out = subprocess.run(cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    with contextlib.redirect_stdout(io.StringIO()) as shown:
        test = kunit_parser.parse_run_tests(out.splitlines(keepends=True))
    c = test.counts
    got = (f"passed={c.passed} failed={c.failed} skipped={c.skipped} "
           f"crashed={c.crashed}")
    status = test.status.name
    print(f"kunit_parser: {status} {got} errors={c.errors}")
    want_status, want_counts = args.expect
    if c.errors or status != want_status or got != want_counts:
        print(f"expected: {want_status} {want_counts} errors=0")
        print(shown.getvalue(), end="")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
