# SPDX-License-Identifier: GPL-2.0-only
"""The little lexing mutation needs on top of the AST: skipping blanks
and comments, balanced brackets, the end of a statement, line and column
of an offset.  Strings and character literals are stepped over whole.
The text is the file's bytes decoded as latin-1, so that offsets are the
byte offsets clang gives."""

OPEN = {"(": ")", "[": "]", "{": "}"}
CLOSE = {")", "]", "}"}


def skip_blank(text, i, end=None):
    """The offset of the first character at or after @i that is neither
    white space nor inside a comment."""
    end = len(text) if end is None else end
    while i < end:
        if text[i].isspace():
            i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = end if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = end if j < 0 else j + 1
        else:
            break
    return i


def _skip_quoted(text, i):
    """@i at a quote: the offset after the literal it opens."""
    q = text[i]
    i += 1
    while i < len(text) and text[i] != q:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def scan(text, i, end):
    """Yields (offset, char) of the significant characters in [i, end):
    comments dropped, a string or character literal as its quote."""
    while i < end:
        j = skip_blank(text, i, end)
        if j >= end:
            return
        c = text[j]
        if c in "\"'":
            yield j, c
            i = _skip_quoted(text, j)
        else:
            yield j, c
            i = j + 1


def balanced(text, i, end):
    """True if [i, end) closes every bracket it opens, in order, and
    closes none it did not open."""
    stack = []
    for _, c in scan(text, i, end):
        if c in OPEN:
            stack.append(OPEN[c])
        elif c in CLOSE:
            if not stack or stack.pop() != c:
                return False
    return not stack


def match(text, i):
    """@i at an opening bracket: the offset of its closing one, or -1."""
    stack = []
    for j, c in scan(text, i, len(text)):
        if c in OPEN:
            stack.append(OPEN[c])
        elif c in CLOSE:
            if not stack or stack.pop() != c:
                return -1
            if not stack:
                return j
    return -1


def statement_end(text, i):
    """The offset of the ';' ending the expression statement that starts
    at @i (outside any bracket), or -1."""
    depth = 0
    for j, c in scan(text, i, len(text)):
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
            if depth < 0:
                return -1
        elif c == ";" and depth == 0:
            return j
    return -1


def only_token(text, i, end):
    """The one token in [i, end) (blanks and comments around it), as
    (offset, text), or None if there are none or several.  Tokens here
    are operators: a run of punctuation with no blank inside."""
    a = skip_blank(text, i, end)
    if a >= end:
        return None
    b = a
    while b < end and not text[b].isspace() and not text.startswith(
            "/*", b) and not text.startswith("//", b):
        b += 1
    if skip_blank(text, b, end) != end:
        return None
    return a, text[a:b]


def identifier_at(text, i):
    """The identifier starting at @i, or ""."""
    j = i
    while j < len(text) and (text[j].isalnum() or text[j] == "_"):
        j += 1
    if j == i or text[i].isdigit():
        return ""
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
        return ""
    return text[i:j]


class Lines:
    """Line and column (1-based, columns in bytes) of offsets."""

    def __init__(self, text):
        self.starts = [0]
        for i, c in enumerate(text):
            if c == "\n":
                self.starts.append(i + 1)

    def at(self, offset):
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.starts[lo] + 1
