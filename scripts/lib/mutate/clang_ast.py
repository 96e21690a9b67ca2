# SPDX-License-Identifier: GPL-2.0-only
"""The file under test as clang sees it: clang's own JSON AST dump
(clang -Xclang -ast-dump=json -fsyntax-only), with every source location
resolved to a byte offset in that file, or to nothing.

The dump writes a location's file (and line) only when it differs from
the location written before it, in document order; read() walks the
dump in that order and gives every bare location a "_file" key.
"""
import json
import subprocess
import sys

from lex import identifier_at, match, skip_blank


class AstError(Exception):
    """The front end refused the file (the message is its first error)."""


def dump(clang, flags, path):
    """The JSON AST of @path compiled with @flags (a list)."""
    cmd = [clang, "-Xclang", "-ast-dump=json", "-fsyntax-only"] + flags
    cmd.append(path)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0:
        first = next((ln for ln in p.stderr.splitlines() if "error:" in ln),
                     p.stderr.strip().splitlines()[-1:] or ["?"])
        if isinstance(first, list):
            first = first[0]
        raise AstError(first.strip())
    return p.stdout


def _annotate(root):
    """Gives every bare location dict its file, in document order.
    Iterative: a deep AST must not hit Python's recursion limit."""
    cur = None
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, list):
            stack.extend(reversed(obj))
            continue
        if not isinstance(obj, dict):
            continue
        if "offset" in obj and "tokLen" in obj:
            if "file" in obj:
                cur = obj["file"]
            obj["_file"] = cur
            # includedFrom names the includer: it is not a location.
            continue
        stack.extend(reversed([v for k, v in obj.items()
                               if isinstance(v, (dict, list))]))


def read(text):
    """The dump @text parsed, locations annotated."""
    root = json.loads(text)
    _annotate(root)
    return root


class Loc:
    """A token of the main file: kind is "plain" (written in the file and
    compiled as written), "arg" (written in the file, inside a macro
    invocation's arguments) or "macro" (from a macro's body: offset is the
    macro invocation's name in the file); offset and toklen are bytes."""
    __slots__ = ("kind", "offset", "toklen")

    def __init__(self, kind, offset, toklen):
        self.kind = kind
        self.offset = offset
        self.toklen = toklen

    @property
    def end(self):
        return self.offset + self.toklen

    @property
    def written(self):
        """Its text is in the file where it is compiled from."""
        return self.kind in ("plain", "arg")


class Source:
    """The file under test: its path as the dump names it, its text."""

    def __init__(self, path, text):
        self.path, self.text = path, text
        self._args = {}

    def args(self, offset):
        """(open, close) parentheses of the macro invocation whose name
        is at @offset, or None for an object-like one."""
        if offset not in self._args:
            name = identifier_at(self.text, offset)
            p = skip_blank(self.text, offset + len(name))
            span = None
            if name and p < len(self.text) and self.text[p] == "(":
                q = match(self.text, p)
                span = (p, q) if q > 0 else None
            self._args[offset] = span
        return self._args[offset]


def resolve(loc, src):
    """The Loc of dump location @loc in Source @src, or None.  A token
    counts as written in a macro's arguments only if its spelling lies
    between the parentheses of the invocation it expands from: the dump
    also says "isMacroArgExpansion" for a token of a macro's body that
    reached the outer macro through an argument."""
    if not loc:
        return None
    if "offset" in loc:
        if loc.get("_file") == src.path:
            return Loc("plain", loc["offset"], loc["tokLen"])
        return None
    sp = loc.get("spellingLoc") or {}
    ex = loc.get("expansionLoc") or {}
    if ex.get("_file") != src.path or "offset" not in ex:
        return None
    if ex.get("isMacroArgExpansion") and sp.get("_file") == src.path:
        span = src.args(ex["offset"])
        if span and span[0] < sp["offset"] < span[1]:
            return Loc("arg", sp["offset"], sp["tokLen"])
    return Loc("macro", ex["offset"], ex["tokLen"])


def node_range(node, src):
    """(begin Loc, end Loc) of @node in Source @src; either may be
    None."""
    r = node.get("range") or {}
    return resolve(r.get("begin"), src), resolve(r.get("end"), src)


def functions(root, src, names=None):
    """The function definitions of Source @src (top-level FunctionDecls
    whose body is written in it), restricted to @names when given, in
    file order, as (FunctionDecl, body) pairs."""
    out = []
    for n in root.get("inner", []):
        if n.get("kind") != "FunctionDecl":
            continue
        if names and n.get("name") not in names:
            continue
        body = [c for c in n.get("inner", [])
                if c.get("kind") == "CompoundStmt"]
        if not body:
            continue
        b, e = node_range(body[-1], src)
        if b is None or e is None or b.kind != "plain" or e.kind != "plain":
            continue
        out.append((b.offset, n, body[-1]))
    out.sort(key=lambda t: t[0])
    return [(n, body) for _, n, body in out]


if __name__ == "__main__":
    # Debugging aid: the functions a dump defines in a file.
    r = read(sys.stdin.read())
    with open(sys.argv[1], encoding="latin-1") as f:
        s = Source(sys.argv[1], f.read())
    for f, _ in functions(r, s):
        print(f["name"])
