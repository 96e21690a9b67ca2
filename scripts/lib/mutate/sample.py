# SPDX-License-Identifier: GPL-2.0-only
"""--sample N: a seeded random sample of the generated mutants, for a
file whose every mutant would take hours (the 3117 of the maple tree
functions iova.c reaches).  Mutant sampling estimates the score; the
report gives each score's 95% interval (Wilson's), so a sampled figure
is never read as a measured one.  Ids stay those of the full run."""
import math
import random


def choose(mutants, n, seed):
    """@n of @mutants, the same ones for the same seed, in id order."""
    if n >= len(mutants):
        return list(mutants)
    keep = set(random.Random(seed).sample(range(len(mutants)), n))
    return [m for i, m in enumerate(mutants) if i in keep]


def interval(k, n, z=1.96):
    """Wilson's 95% interval of a proportion @k of @n."""
    if not n:
        return None
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return round(max(0.0, c - h), 4), round(min(1.0, c + h), 4)
