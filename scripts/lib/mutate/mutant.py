# SPDX-License-Identifier: GPL-2.0-only
"""A mutant: one edit of the file under test (or two, coupled.py), what
it is named by and how the reports show its change."""


class Mutant:
    """One edit: text[start:end] == orig becomes repl."""
    __slots__ = ("id", "file", "line", "col", "start", "end", "orig",
                 "repl", "op", "function", "status", "why", "digest",
                 "results", "repro", "parts")

    def __init__(self, start, end, orig, repl, op, function):
        self.start, self.end = start, end
        self.orig, self.repl = orig, repl
        self.op, self.function = op, function
        self.id = self.file = self.line = self.col = None
        self.status, self.why, self.digest = "generated", "", None
        self.results = {}
        # fuzz_repro.py: {"kunit": the KUnit case, "signature": ...} or
        # {"why": why none}, for a mutant only the fuzzer killed.
        self.repro = None
        # coupled.py: a mutant of two edits lists both, [line, col, orig,
        # repl] each; start..end then spans both.
        self.parts = None

    def change(self):
        """The change as the reports show it: 'orig' -> 'repl', and for
        two edits the second's place and change after the first's."""
        return change_of(self.as_dict())

    def apply(self, text):
        return text[:self.start] + self.repl + text[self.end:]

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


def short(s, width=60):
    """@s on one line, at most @width characters."""
    s = " ".join(s.split())
    return s if len(s) <= width else s[:width - 3] + "..."


def change_of(m):
    """Mutant.change() of a mutant as report.json holds it (a dict)."""
    parts = m.get("parts") or [[m["line"], m["col"], m["orig"], m["repl"]]]
    out = []
    for i, (line, col, orig, repl) in enumerate(parts):
        at = f"{line}:{col} " if i else ""
        out.append(f"{at}'{short(orig)}' -> '{short(repl)}'")
    return " and ".join(out)
