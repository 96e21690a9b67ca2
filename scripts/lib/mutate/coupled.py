# SPDX-License-Identifier: GPL-2.0-only
"""--order 2: two first-order mutants of one function applied together,
where their edits can meet.  A fault is often two small edits that
cover for each other (a retry that starts one later and a bound one
lower; a comparison moved to the other member together with its
boundary), and a first-order mutant makes one of them only.

Two edits meet when both are in one unit (one statement, or the
condition of an if, while, do or for: operators.py names the unit of
every mutant) or when one is in a unit that writes a local variable the
other's unit reads.  One edit may hold the other when it keeps its own
text (bound's x - 1, negate's !(x)): fls_long(size) - 1 is const's
size - 0 inside bound's fls_long(size - 1) - 1.  Pairs nothing links
are left out: there are too many of them to build, and each is killed
wherever either half is."""
from mutant import Mutant


def _linked(ua, ub, defs, uses):
    if ua is None or ub is None:
        return False
    return ua == ub or bool(defs.get(ua, set()) & uses.get(ub, set())) \
        or bool(defs.get(ub, set()) & uses.get(ua, set()))


def _nested(a, b):
    """(start, end, repl) of edit @b made inside edit @a, which spans it
    and keeps its own text in its replacement (bound's x + 1, negate's
    !(x)), or None."""
    if not (a.start <= b.start and b.end <= a.end) or (a.start, a.end) == \
            (b.start, b.end):
        return None
    k = a.repl.find(a.orig)
    if not a.orig or k < 0:
        return None
    inner = a.orig[:b.start - a.start] + b.repl + a.orig[b.end - a.start:]
    return a.start, a.end, a.repl[:k] + inner + a.repl[k + len(a.orig):]


def _both(text, a, b):
    """(start, end, repl) of edits @a and @b made together (@a starts no
    later), or None when they overlap and neither holds the other."""
    if a.end <= b.start:
        return a.start, b.end, a.repl + text[a.end:b.start] + b.repl
    return _nested(a, b) or _nested(b, a)


def pairs(text, first, where):
    """The second-order mutants of @first (first-order mutants of @text,
    in id order), ids going on from the last; @where holds unit_of (by
    id() of a mutant), defs and uses (by unit), as operators.py found
    them."""
    by_fn = {}
    for m in first:
        by_fn.setdefault(m.function, []).append(m)
    out = []
    n = len(first)
    for ms in by_fn.values():
        ms = sorted(ms, key=lambda m: (m.start, -m.end))
        for i, a in enumerate(ms):
            for b in ms[i + 1:]:
                edit = _both(text, a, b)
                if edit is None or not _linked(
                        where["unit_of"].get(id(a)),
                        where["unit_of"].get(id(b)),
                        where["defs"], where["uses"]):
                    continue
                start, end, repl = edit
                m = Mutant(start, end, text[start:end], repl,
                           f"{a.op}+{b.op}", a.function)
                m.file, m.line, m.col = a.file, a.line, a.col
                m.parts = [[x.line, x.col, x.orig, x.repl] for x in (a, b)]
                out.append(m)
    out.sort(key=lambda m: (m.start, m.end, m.repl))
    for m in out:
        n += 1
        m.id = f"m{n:04d}"
    return out
