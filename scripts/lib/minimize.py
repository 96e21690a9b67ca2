# SPDX-License-Identifier: GPL-2.0-only
"""Minimizing an input while it keeps its signature: ddmin over its ops,
then simpler argument values through the text form (findings.py,
repro.py)."""

import os
import re
import subprocess
import tempfile
import time

import cli
from signature import read_bytes, replay_signature, symptom, write_bytes

die = cli.die_as("findings.py")


# --- minimizing ------------------------------------------------------------

class Budget(Exception):
    pass


class Minimizer:
    """ddmin over the ops of an input; a candidate is interesting iff its
    replay gives the wanted signature, by the same symptom (a sanitizer
    report stays one: signature.symptom()).  The candidate count bounds
    it (the result is then a function of the input); the wall clock is a
    safety cap only."""

    def __init__(self, cmd, tree, want, header, op_size, max_candidates,
                 max_seconds, timeout, tmpdir, want_symptom=None):
        self.cmd, self.tree, self.want = cmd, tree, want
        self.want_symptom = want_symptom
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
        sig, out = replay_signature(self.cmd, self.path, self.tree,
                                    self.timeout)
        self.seen[data] = sig == self.want and \
            symptom(out) == self.want_symptom
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

# Simpler values of a text program's arguments (fuzz/lang/README.md), in the
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
