#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make_long.py IN OUT N -- REPLAYER...: a long input (at least N ops)
with IN's signature: IN's ops with find_iova() misses between them and
random ops after them, seeded by the input, so the same IN always gives
the same OUT.  Exit 0 written, 1 no seed of 64 kept the signature."""
import os
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts", "lib"))
import findings  # noqa: E402


def main(argv):
    i = argv.index("--")
    src, dst, n = argv[0], argv[1], int(argv[2])
    cmd = argv[i + 1:]
    data = findings.read_bytes(src)
    want, _ = findings.replay_signature(cmd, src, None, 30)
    head, body = data[:2], data[2:]
    ops = [body[k:k + 4] for k in range(0, len(body) - len(body) % 4, 4)]
    for seed in range(64):
        rnd = random.Random(data + bytes([seed]))
        out = []
        for op in ops:
            # find_iova(gap=K, off=B): a pfn nobody owns; changes nothing
            for _ in range(rnd.randrange(0, 4)):
                out.append(bytes([20, rnd.randrange(256),
                                  rnd.randrange(256), 2]))
            out.append(op)
        while len(out) < n:
            out.append(bytes(rnd.randrange(256) for _ in range(4)))
        findings.write_bytes(dst, head + b"".join(out))
        got, _ = findings.replay_signature(cmd, dst, None, 30)
        if got == want:
            print(f"{len(out)} ops, {want}")
            return 0
    print(f"no long input keeps '{want}'", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
