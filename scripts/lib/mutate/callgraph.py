# SPDX-License-Identifier: GPL-2.0-only
"""Which functions of a callee file does a caller file reach?  From
clang's AST dumps of both (clang_ast.py), not from a list: scripts/mutate
--file lib/maple_tree.c without --function mutates the maple tree
functions the tree's own drivers/iommu/iova.c reaches.

A function refers to another when its body holds a DeclRefExpr of it: a
call, also one a macro expands to (mas_for_each() is mas_find()), or
its address taken (a callback).  In the caller's translation unit the
roots are the functions defined in the caller file; what they refer to
is followed through every body that unit defines (the static inlines
of the headers: mas_set() is __mas_set_range()), and stops at a
declaration without a body (mas_find(), defined in the callee).  Those
names are the roots in the callee's translation unit, followed the same
way through its bodies (its own static functions, the headers' inlines
calling back into it).  The answer is the reached functions defined in
the callee file, in file order."""
import sys

import clang_ast


def _refs(body):
    """The names of the functions @body refers to."""
    out = set()
    stack = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(n)
            continue
        if not isinstance(n, dict):
            continue
        if n.get("kind") == "DeclRefExpr":
            d = n.get("referencedDecl") or {}
            if d.get("kind") == "FunctionDecl" and d.get("name"):
                out.add(d["name"])
        inner = n.get("inner")
        if inner:
            stack.append(inner)
    return out


def graph(root):
    """{name: names it refers to} for every function the translation
    unit @root defines (a body), whichever file the body is in."""
    g = {}
    for n in root.get("inner", []):
        if n.get("kind") != "FunctionDecl" or not n.get("name"):
            continue
        body = [c for c in n.get("inner", [])
                if c.get("kind") == "CompoundStmt"]
        if body:
            g.setdefault(n["name"], set()).update(_refs(body[-1]))
    return g


def closure(g, roots):
    """Every name reached from @roots through graph @g (the roots
    included); a name @g has no body for is reached and not followed."""
    seen = set()
    stack = sorted(roots)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(sorted(g.get(name, set()) - seen))
    return seen


def reachable(caller_root, caller_src, callee_root, callee_src):
    """The names of the functions defined in Source @callee_src that the
    functions defined in Source @caller_src reach, in file order."""
    mine = [f["name"] for f, _ in clang_ast.functions(caller_root,
                                                       caller_src)]
    called = closure(graph(caller_root), mine)
    g = graph(callee_root)
    defined = [f["name"] for f, _ in clang_ast.functions(callee_root,
                                                         callee_src)]
    reached = closure(g, called)
    return [n for n in defined if n in reached]


def load(clang, flags, path):
    """(root, Source) of @path."""
    with open(path, encoding="latin-1") as f:
        src = clang_ast.Source(path, f.read())
    return clang_ast.read(clang_ast.dump(clang, flags, path)), src


if __name__ == "__main__":
    # Debugging aid: callgraph.py CALLER CALLEE [clang flags...]
    from flags import CLANG
    caller = load(CLANG, sys.argv[3:], sys.argv[1])
    callee = load(CLANG, sys.argv[3:], sys.argv[2])
    print("\n".join(reachable(*caller, *callee)))
