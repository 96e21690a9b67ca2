#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Writes the system_heap seed inputs (format: fuzz/heap/heap_prog.h).

  tests/heap/make_seeds.py OUTDIR

Each seed is a small program that reaches one part of the heap: exact
chunk mixes, failures at each order and on each error path, aging.
"""
import os
import sys


def pages_of(cls, v):
    if cls == 0:
        return 1 + v % 64
    if cls == 1:
        return 16 * (1 + v % 32) + (v >> 5) % 16
    if cls == 2:
        return 256 * (1 + v % 16) + (v >> 4) % 256
    return 1 + v * 8191 // 65535


def alloc(pages):
    for cls in range(4):
        for v in range(65536):
            if pages_of(cls, v) == pages:
                return bytes([cls << 3, v >> 8, v & 255])
    raise ValueError(f"no encoding for {pages} pages")


def header(blocks=8, age=(0, 0, 0, 0), shuffle=0, noreclaim=0, reclaim=0,
           seed=1):
    return bytes([blocks - 4, *age,
                  shuffle | noreclaim << 1 | reclaim << 4,
                  seed >> 8, seed & 255])


free = lambda i: bytes([2, i, 0])
inject = lambda a, b: bytes([3, a, b])
page_nth = lambda n: bytes([4 | 8, n - 1, 0])
kmalloc_nth = lambda n: bytes([4, 0, n - 1])
signal = lambda n: bytes([5, n - 1, 0])
other_take = lambda order, n: bytes([6, order << 1 | 1, n - 1])
other_give = lambda i: bytes([6, 0, i])
importer = lambda i: bytes([7, i, 0])
vmap = lambda i: bytes([7, i, 1])

MIX = [273, 1, 16, 17, 256, 257, 1024, 300, 4096]

SEEDS = {
    "mix-pristine": header() + b"".join(alloc(p) for p in MIX) +
    importer(0) + vmap(1) + free(0) + free(3) + alloc(512) + free(1),
    "mix-aged": header(blocks=16, age=(0, 128, 64, 32), shuffle=1) +
    b"".join(alloc(p) for p in MIX) + free(2) + alloc(2048),
    "high-order-fails": header(blocks=8, noreclaim=3) +
    b"".join(alloc(p) for p in (273, 1024, 529, 4096)) + importer(1),
    "page-fail-each": header() + b"".join(
        page_nth(n) + alloc(273) for n in (1, 2, 3, 4, 6)),
    "kmalloc-fail-each": header() + b"".join(
        kmalloc_nth(n) + alloc(273) for n in (1, 2, 3, 4)) +
    alloc(20) + kmalloc_nth(1) + importer(0) + kmalloc_nth(2) + importer(0) +
    kmalloc_nth(1) + vmap(0),
    "signal-each": header() + b"".join(
        signal(n) + alloc(273) for n in (1, 2, 3)),
    "exhausted": header(blocks=4) + alloc(4096) + alloc(8191) + alloc(3) +
    free(0) + alloc(8191),
    "others-age": header(blocks=8, shuffle=1) + other_take(0, 16) +
    other_take(8, 4) + alloc(1024) + other_give(3) + other_take(4, 8) +
    alloc(300) + other_give(0) + free(0) + alloc(600),
    "reclaim-fails": header(blocks=8, noreclaim=2, reclaim=2, seed=7) +
    b"".join(alloc(p) for p in (64, 273, 1, 2048, 100)) + inject(255, 255) +
    alloc(17) + inject(0, 0) + alloc(17),
}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_seeds.py OUTDIR")
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(sys.argv[1], name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
