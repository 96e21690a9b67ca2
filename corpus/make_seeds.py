#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Writes the seed corpus for the iova target (corpus/seeds/iova/).

Each seed is a program in the op language of fuzz/lang/program.h: a two-byte
domain header, then four bytes per op.  Seeds are small, readable here,
and start the fuzzer in the states that matter: a full 32-bit window,
fragmentation, fast-path churn across CPUs, reservations, depot traffic,
and injected allocation failures.  Re-run after changing the language.
"""
import os
import sys

# First opcode byte of each op kind in fuzz/lang/decode.c's kind_table.
ALLOC, REPEAT, ALLOC_FAST, FREE, FREE_PTR, FREE_FAST = 0, 5, 6, 11, 14, 16
FIND, FREE_UNKNOWN, RESERVE, CPU_SWITCH, CPU_OFFLINE = 20, 22, 23, 24, 25
CPU_ONLINE, RUN_WORK, FLUSH, INJECT, DRAIN, REINIT = 26, 27, 28, 29, 30, 0xff

LIMIT_32BIT, LIMIT_TINY, LIMIT_HIGH = 0, 1, 3


def header(cpus=1, rcaches=True, granule_shift=12, start_mode=0, start_arg=0):
    h0 = (cpus - 1) | (0 if rcaches else 8) | ((12 - granule_shift) << 4)
    return bytes([h0, start_mode | (start_arg << 2)])


def op(kind, a=0, b=0, c=0):
    return bytes([kind, a, b, c])


def size(n):
    """Size byte for 1..64 pages."""
    assert 1 <= n <= 64
    return n - 1


def repeat(op_bytes, n):
    """op_bytes, then OP_REPEAT running it n - 1 more times."""
    assert 2 <= n <= 513
    return op_bytes + op(REPEAT, (n - 2) & 255, (n - 2) >> 8)


def alloc(n, limit=LIMIT_32BIT, aligned=False):
    return op(ALLOC, size(n), limit, int(aligned))


def alloc_fast(n, limit=LIMIT_32BIT, flush=True):
    return op(ALLOC_FAST, size(n), limit, int(flush))


def seeds():
    s = {}
    # A 32-page window just below 4 GiB, filled, holed and refilled.
    p = header(start_mode=2, start_arg=30)
    p += repeat(alloc(1), 34)
    p += op(FREE, 3) + op(FREE, 9) + alloc(2) + alloc(1) + alloc(1)
    p += op(FREE_PTR, 0) + alloc(1, aligned=True) + alloc(4)
    s["fill-32bit"] = p
    # Fragmentation in 128 pages below 4 GiB: mixed sizes, aligned.
    p = header(start_mode=1, start_arg=15)
    for n in (1, 3, 8, 2, 5, 7, 4, 6, 1, 16, 9, 3):
        p += alloc(n, aligned=n % 2 == 0)
    p += op(FREE, 1) + op(FREE, 3) + op(FREE, 5) + alloc(16, aligned=True)
    p += alloc(24) + alloc(2, aligned=True) + op(FIND, 2) + op(FIND, 1, 7, 2)
    s["fragmentation"] = p
    # Fast path on four CPUs, a CPU going away and coming back.
    p = header(cpus=4)
    for cpu in range(4):
        p += op(CPU_SWITCH, cpu)
        p += b"".join(alloc_fast(n) for n in (1, 3, 4, 7, 16, 32))
        p += b"".join(op(FREE_FAST, i) for i in (0, 2, 4))
    p += op(CPU_OFFLINE, 1) + op(CPU_SWITCH, 2) + alloc_fast(3)
    p += op(CPU_ONLINE, 1) + op(CPU_SWITCH, 1) + alloc_fast(3)
    p += op(FLUSH, 2, 0, 0) + op(FLUSH, 0, 0, 1) + op(RUN_WORK)
    s["fast-churn-cpus"] = p
    # Depot traffic: enough order-0 frees to push magazines to the depot.
    p = header(cpus=2)
    p += repeat(alloc_fast(1), 400) + repeat(op(FREE_FAST, 0), 400)
    p += op(RUN_WORK) + op(RUN_WORK) + op(CPU_SWITCH, 1)
    p += repeat(alloc_fast(1), 140)
    s["depot"] = p
    # Free space that only the depot holds: 300 order-0 ranges freed on
    # CPU 0 (one magazine goes to the depot), its own magazines emptied
    # again, the rest of a 512-page window filled; a flushing fast
    # allocation on CPU 1 must then get the depot's space back.
    p = header(cpus=2, start_mode=1, start_arg=63)
    p += repeat(alloc_fast(1), 300) + repeat(op(FREE_FAST, 0), 300)
    p += repeat(alloc_fast(1), 173) + repeat(alloc(1), 212)
    p += op(CPU_SWITCH, 1) + alloc_fast(2)
    s["depot-flush"] = p
    # Reservations at domain set-up, overlapping and straddling.
    p = header(start_mode=1, start_arg=31)
    p += op(RESERVE, 2, 15, 0) + op(RESERVE, 5, 40, 0)
    p += op(RESERVE, 0, 7, 3) + op(RESERVE, 1, 3, 1)
    p += b"".join(alloc(n) for n in (8, 8, 32, 64, 3))
    p += op(FIND, 0, 0, 1) + op(FREE_UNKNOWN, 0, 5) + op(FREE, 0)
    s["reserve-at-init"] = p
    # Injected failures: every non-sleeping allocation of one op, by
    # class (magazines), and the N-th from now.
    p = header(cpus=2)
    p += op(INJECT, 1) + alloc(4) + alloc(4)
    p += repeat(alloc_fast(2), 260)
    p += op(INJECT, 2, 3) + repeat(op(FREE_FAST, 0), 260)
    p += op(INJECT, 0, 1) + alloc_fast(5) + op(INJECT, 1) + op(RESERVE, 9, 9, 2)
    s["inject"] = p
    # Erases that cannot get memory: on a maple-tree domain they leave
    # IOVA_DEFERRED markers, which later allocations, a drain and the end
    # of the program must clear.  Many small ranges make node rebalancing
    # (and so allocation) likely on erase.
    p = header(cpus=2)
    p += repeat(alloc(1), 300)
    for k in range(0, 120, 3):
        p += op(INJECT, 1) + op(FREE, k)
    p += op(FIND, 0, 0, 1) + op(FIND, 1, 0, 1) + op(FREE_UNKNOWN, 0, 0, 1)
    p += alloc(2)
    p += op(INJECT, 1) + alloc(1) + op(DRAIN) + repeat(alloc(1), 40)
    s["deferred"] = p
    # A full 64-page window whose frees and refills run with maple-node
    # allocations failing: erases that need a node leave markers, the
    # drains before each allocation fail, the free space is used up, and
    # only markers are left where a new range could go.
    p = header(start_mode=2, start_arg=62)
    p += repeat(alloc(1), 64)
    for k in range(0, 60, 2):
        p += op(INJECT, 2, 1) + op(FREE, k)
    for _ in range(40):
        p += op(INJECT, 2, 1) + alloc(1)
    p += op(DRAIN) + alloc(1)
    s["deferred-full"] = p
    # Limits above 4 GiB and the 32-bit hint after a failure.
    p = header(start_mode=2, start_arg=6)
    p += alloc(4) + alloc(4) + alloc(4) + alloc(8, LIMIT_HIGH)
    p += alloc(2) + alloc(1) + op(FREE, 0) + alloc(2) + alloc(1, 0x06)
    p += op(REINIT) + alloc(1)
    s["max32-hint"] = p
    return s


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "seeds", "iova")
    os.makedirs(out, exist_ok=True)
    for name, data in sorted(seeds().items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
