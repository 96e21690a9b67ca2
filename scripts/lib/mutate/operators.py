# SPDX-License-Identifier: GPL-2.0-only
"""Mutants of one file, from its AST (ast.py): each is a byte-range edit
of the file, on one spot the AST names.  A spot whose text comes from a
macro's body is skipped, never guessed; a spot written in a macro's
arguments is the file's own text and counts.

Operators (the name each mutant carries):
  rel       a relational operator to its boundary, its negation and its
            mirror (< to <=, >= and >); == and != to each other
  arith     + and -, << and >>, & and |, * and /, && and ||, and the
            compound assignments alike
  const     an integer literal N to N+1 and N-1 (0 to 1 only)
  negate    the condition of an if, while, do, for or ?: as !(...)
  cond      the condition of an if dropped: 1 (its branch always taken)
            and 0 (never)
  bound     an integer value an assignment or an initializer stores (a
            variable, a member, a call's result) one more and one less:
            x + 1, x - 1
  drop_operand  one operand of && or || removed, the other kept
  drop_call a call made as a statement, removed (its ';' is left)
  drop_assign an assignment, compound assignment, ++ or -- made as a
            statement, removed
  swap      a function, macro or member to its neighbour (rb_next and
            rb_prev, min and max, pfn_lo and pfn_hi, ...)
  gfp       GFP_ATOMIC, GFP_KERNEL and GFP_NOWAIT to each other
"""
import re

from lex import (Lines, balanced, identifier_at, match, only_token, scan,
                 skip_blank, statement_end)
import coupled
from clang_ast import node_range
from mutant import Mutant

REL = {
    "<": ["<=", ">=", ">"], "<=": ["<", ">", ">="],
    ">": [">=", "<=", "<"], ">=": [">", "<", "<="],
    "==": ["!="], "!=": ["=="],
}
ARITH = {
    "+": ["-"], "-": ["+"], "<<": [">>"], ">>": ["<<"], "&": ["|"],
    "|": ["&"], "*": ["/"], "/": ["*"], "&&": ["||"], "||": ["&&"],
    "+=": ["-="], "-=": ["+="], "<<=": [">>="], ">>=": ["<<="],
    "&=": ["|="], "|=": ["&="],
}
PAIRS = [("rb_next", "rb_prev"), ("rb_first", "rb_last"),
         ("mas_next", "mas_prev"), ("mas_find", "mas_find_rev"),
         ("mas_next_range", "mas_prev_range"),
         ("mas_empty_area", "mas_empty_area_rev"),
         ("min", "max"), ("min_t", "max_t"), ("min_not_zero", "max"),
         ("lower_32_bits", "upper_32_bits"), ("round_up", "round_down"),
         ("ALIGN", "ALIGN_DOWN"), ("rb_left", "rb_right"),
         ("pfn_lo", "pfn_hi"), ("list_first_entry", "list_last_entry"),
         ("list_next_entry", "list_prev_entry")]
SWAP = {}
for _a, _b in PAIRS:
    SWAP.setdefault(_a, _b)
    SWAP.setdefault(_b, _a)
GFP = {"GFP_ATOMIC": ["GFP_KERNEL", "GFP_NOWAIT"],
       "GFP_KERNEL": ["GFP_ATOMIC", "GFP_NOWAIT"],
       "GFP_NOWAIT": ["GFP_ATOMIC", "GFP_KERNEL"]}
# The order of operators at one spot, for duplicates by text.
ORDER = ["rel", "arith", "const", "negate", "cond", "bound", "drop_operand",
         "drop_call", "drop_assign", "swap", "gfp"]
STMT_PARENTS = ("CompoundStmt", "IfStmt", "CaseStmt", "DefaultStmt",
                "LabelStmt")
# What holds statements: a child of one that is none of them is a unit,
# one statement or one condition (coupled.py pairs mutants by unit).
CONTAINERS = STMT_PARENTS + ("WhileStmt", "DoStmt", "ForStmt", "SwitchStmt")
# What "bound" may add one to and take one from without parentheses.
POSTFIX = ("DeclRefExpr", "MemberExpr", "CallExpr", "ArraySubscriptExpr",
           "ParenExpr")
INT_WORDS = {"unsigned", "signed", "char", "short", "int", "long"}
INT = re.compile(r"^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$")


class _Gen:
    def __init__(self, src, function):
        self.src, self.text, self.fn = src, src.text, function
        self.out = []
        # For coupled.py: the unit each mutant is in, and the local
        # variables each unit writes and reads.
        self.unit, self.unit_of = None, {}
        self.defs, self.uses = {}, {}

    def add(self, start, end, repl, op, unit=None):
        orig = self.text[start:end]
        if orig != repl:
            m = Mutant(start, end, orig, repl, op, self.fn)
            self.unit_of[id(m)] = self.unit if unit is None else unit
            self.out.append(m)

    def tok(self, loc, want=None):
        """The written token at Loc @loc (its text equal to @want when
        given), as (start, end), or None."""
        if loc is None or not loc.written:
            return None
        s, e = loc.offset, loc.end
        if want is not None and self.text[s:e] != want:
            return None
        return s, e

    def extent(self, node):
        """[start, end) of @node when both its ends are written in the
        file and the text between is balanced, else None."""
        b, e = node_range(node, self.src)
        if b is None or e is None or not b.written or not e.written:
            return None
        if e.end <= b.offset or not balanced(self.text, b.offset, e.end):
            return None
        return b.offset, e.end

    def after(self, loc):
        """The offset just after the text Loc @loc ends: its token, or,
        for a macro invocation, the invocation (its name, and its
        arguments in parentheses)."""
        if loc.written:
            return loc.end
        span = self.src.args(loc.offset)
        if span:
            return span[1] + 1
        return loc.offset + len(identifier_at(self.text, loc.offset))

    def operator(self, node, op):
        """The offset of binary @node's operator token @op, or None.  An
        operand may be a macro invocation (x < PAGE_SIZE): the text
        between the operands is still the file's, and must be the
        operator alone."""
        kids = [k for k in node.get("inner", []) if k]
        if len(kids) != 2:
            return None
        _, le = node_range(kids[0], self.src)
        rb, _ = node_range(kids[1], self.src)
        if le is None or rb is None:
            return None
        t = only_token(self.text, self.after(le), rb.offset)
        if t is None or t[1] != op:
            return None
        return t[0]

    def binary(self, node):
        op = node.get("opcode")
        table = REL if op in REL else ARITH if op in ARITH else None
        if table is None:
            return
        at = self.operator(node, op)
        if at is None:
            return
        name = "rel" if table is REL else "arith"
        for r in table[op]:
            self.add(at, at + len(op), r, name)
        if op in ("&&", "||"):
            self.drop_operand(node)

    def drop_operand(self, node):
        """a && b (or ||) to b, and to a: the operand that stays binds
        at least as tightly as the operator did, so no parentheses are
        needed; the removed text leaves its line breaks."""
        kids = [self.extent(k) for k in node.get("inner", []) if k]
        if len(kids) != 2 or None in kids:
            return
        (la, lz), (ra, rz) = kids
        for a, z in ((la, ra), (lz, rz)):
            self.add(a, z, "\n" * self.text.count("\n", a, z),
                     "drop_operand")

    def literal(self, node):
        b, e = node_range(node, self.src)
        if b is None or b.offset != getattr(e, "offset", None):
            return
        t = self.tok(b)
        if t is None:
            return
        m = INT.match(self.text[t[0]:t[1]])
        if m is None:
            return
        digits, suffix = m.groups()
        val = int(digits, 0)
        for v in (val + 1, val - 1):
            if v < 0:
                continue
            if digits.lower().startswith("0x"):
                s = f"0x{v:x}"
            elif digits != "0" and digits.startswith("0"):
                s = f"0{v:o}"
            else:
                s = str(v)
            self.add(t[0], t[1], s + suffix, "const")

    def paren(self, node, keyword):
        """[start, end) of the condition in the parentheses after
        @node's @keyword, or None."""
        b, _ = node_range(node, self.src)
        if self.tok(b, keyword) is None:
            return None
        p = skip_blank(self.text, b.end)
        if p >= len(self.text) or self.text[p] != "(":
            return None
        q = match(self.text, p)
        if q < 0:
            return None
        a, z = skip_blank(self.text, p + 1), q
        while z > a and self.text[z - 1].isspace():
            z -= 1
        return a, z

    def negate_paren(self, node, keyword):
        span = self.paren(node, keyword)
        if span is not None:
            a, z = span
            self.add(a, z, "!(" + self.text[a:z] + ")", "negate")

    def cond(self, node):
        """An if's condition dropped: taken always, and never."""
        span = self.paren(node, "if")
        if span is not None:
            for v in ("1", "0"):
                self.add(span[0], span[1], v, "cond")

    def bound(self, value):
        """@value, an integer an assignment or an initializer stores, one
        more and one less."""
        val = value
        while val.get("kind") == "ImplicitCastExpr" and val.get("inner"):
            val = val["inner"][0]
        t = value.get("type") or {}
        words = t.get("desugaredQualType", t.get("qualType", "")).split()
        if val.get("kind") not in POSTFIX or not words or \
                not set(words) <= INT_WORDS:
            return
        ext = self.extent(value)
        if ext is not None:
            for d in (" + 1", " - 1"):
                self.add(ext[0], ext[1], self.text[ext[0]:ext[1]] + d,
                         "bound")

    def negate_node(self, cond):
        ext = self.extent(cond) if cond else None
        if ext is not None:
            self.add(ext[0], ext[1], "!(" + self.text[ext[0]:ext[1]] + ")",
                     "negate")

    def drop(self, node, parent, op):
        """@node, a statement of @parent, removed up to (not including)
        its ';'.  A statement that is a macro invocation counts only where
        its parent is written in the file (not a statement inside a
        macro's own body)."""
        b, _ = node_range(node, self.src)
        pb, _ = node_range(parent, self.src)
        if b is None or pb is None or not pb.written:
            return
        if b.kind == "macro" and not identifier_at(self.text, b.offset):
            return
        semi = statement_end(self.text, b.offset)
        if semi < 0 or not balanced(self.text, b.offset, semi):
            return
        ext = self.extent(node)
        if ext is not None and skip_blank(self.text, ext[1]) != semi:
            return
        # Its line breaks stay: no line below it moves (__LINE__ in a
        # WARN_ON, say, must not make the object differ).
        self.add(b.offset, semi, "\n" * self.text.count(
            "\n", b.offset, semi), op)

    def ident(self, loc, name, table, op):
        t = self.tok(loc, name) if loc is not None and loc.written else None
        if t is None and loc is not None and loc.kind == "macro":
            if identifier_at(self.text, loc.offset) == name:
                t = (loc.offset, loc.offset + len(name))
        if t is None or name not in table:
            return
        for r in table[name] if isinstance(table[name], list) else \
                [table[name]]:
            self.add(t[0], t[1], r, op)

    def macros(self, node):
        """Macro invocations any of @node's locations expand from: the
        invocation itself, or, for a token a macro body gave an outer
        macro's arguments, the macro names written in those arguments."""
        r = node.get("range") or {}
        for which in ("begin", "end"):
            loc = r.get(which) or {}
            ex = loc.get("expansionLoc")
            if not ex or ex.get("_file") != self.src.path:
                continue
            at = ex["offset"]
            if ex.get("isMacroArgExpansion"):
                span = self.src.args(at)
                if span is None or span in self.seen_span:
                    continue
                self.seen_span.add(span)
                for i, c in scan(self.text, span[0] + 1, span[1]):
                    name = identifier_at(self.text, i)
                    if name in GFP or (name in SWAP and self.src.args(i)):
                        self.seen_macro.setdefault((i, name), self.unit)
                continue
            name = identifier_at(self.text, at)
            if name in SWAP or name in GFP:
                self.seen_macro.setdefault((at, name), self.unit)

    def track(self, node, pnode, index):
        """Units, and what each writes and reads (coupled.py)."""
        kind = node.get("kind")
        if pnode.get("kind") in CONTAINERS and kind not in CONTAINERS:
            self.unit = node.get("id")
        if kind == "DeclRefExpr":
            ref = node.get("referencedDecl") or {}
            if ref.get("kind") in ("VarDecl", "ParmVarDecl") and not (
                    pnode.get("opcode") == "=" and index == 0):
                self.uses.setdefault(self.unit, set()).add(ref.get("name"))
        written = None
        if kind in ("BinaryOperator", "CompoundAssignOperator") and (
                kind != "BinaryOperator" or node.get("opcode") == "="):
            written = (node.get("inner") or [{}])[0]
        elif kind == "UnaryOperator" and node.get("opcode") in ("++", "--"):
            written = (node.get("inner") or [{}])[0]
        if written and written.get("kind") == "DeclRefExpr":
            name = (written.get("referencedDecl") or {}).get("name")
            self.defs.setdefault(self.unit, set()).add(name)
        elif kind == "VarDecl" and node.get("init"):
            self.defs.setdefault(self.unit, set()).add(node.get("name"))

    def walk(self, node, pnode, index):
        kind = node.get("kind")
        kids = node.get("inner", [])
        parent = pnode.get("kind")
        unit = self.unit
        self.track(node, pnode, index)
        if kind in ("IfStmt", "WhileStmt", "DoStmt", "ForStmt") and kids:
            # Mutants of its condition are the condition's unit's.
            c = kids[-1] if kind == "DoStmt" else \
                kids[2] if kind == "ForStmt" and len(kids) == 5 else kids[0]
            self.unit = (c or {}).get("id")
        if kind in ("BinaryOperator", "CompoundAssignOperator"):
            self.binary(node)
            if kind == "CompoundAssignOperator" or node.get("opcode") == "=":
                if len(kids) == 2:
                    self.bound(kids[1])
                if parent in STMT_PARENTS and \
                        index >= self._first[parent]:
                    self.drop(node, pnode, "drop_assign")
        elif kind == "UnaryOperator" and node.get("opcode") in ("++", "--"):
            if parent in STMT_PARENTS and index >= self._first[parent]:
                self.drop(node, pnode, "drop_assign")
        elif kind == "IntegerLiteral":
            self.literal(node)
        elif kind == "VarDecl" and node.get("init") and kids:
            self.bound(kids[-1])
        elif kind == "IfStmt":
            self.negate_paren(node, "if")
            self.cond(node)
        elif kind == "WhileStmt":
            self.negate_paren(node, "while")
        elif kind in ("DoStmt", "ConditionalOperator"):
            cond = kids[-1] if kind == "DoStmt" else kids[0]
            self.negate_node(cond)
        elif kind == "ForStmt" and len(kids) == 5:
            self.negate_node(kids[2])
        elif kind == "CallExpr":
            if parent in STMT_PARENTS and index >= self._first[parent]:
                self.drop(node, pnode, "drop_call")
        elif kind == "DeclRefExpr":
            ref = node.get("referencedDecl") or {}
            if ref.get("kind") == "FunctionDecl":
                b, _ = node_range(node, self.src)
                self.ident(b, ref.get("name"), SWAP, "swap")
        elif kind == "MemberExpr":
            _, e = node_range(node, self.src)
            self.ident(e, node.get("name"), SWAP, "swap")
        self.macros(node)
        for i, k in enumerate(kids):
            if k:
                self.walk(k, node, i)
        self.unit = unit

    # The first child of a statement parent that is a statement of it
    # (an if's condition is not).
    _first = {"CompoundStmt": 0, "IfStmt": 1, "CaseStmt": 1,
              "DefaultStmt": 0, "LabelStmt": 0}


def generate(src, funcs, relpath, order=1):
    """Every mutant of the functions @funcs ((FunctionDecl, body) pairs
    of clang_ast.functions()) of clang_ast.Source @src, in a
    deterministic order, with duplicate edits dropped, ids m0001... ;
    with @order 2, coupled.py's pairs of them after."""
    found = []
    where = {"unit_of": {}, "defs": {}, "uses": {}}
    for fn, body in funcs:
        g = _Gen(src, fn.get("name"))
        g.seen_macro = {}
        g.seen_span = set()
        g.walk(body, fn, 0)
        for (off, name), unit in sorted(g.seen_macro.items()):
            t = (off, off + len(name))
            if name in GFP:
                for r in GFP[name]:
                    g.add(t[0], t[1], r, "gfp", unit)
            elif src.args(off):
                g.add(t[0], t[1], SWAP[name], "swap", unit)
        found.extend(g.out)
        for k in where:
            where[k].update(getattr(g, k))
    found.sort(key=lambda m: (m.start, m.end, ORDER.index(m.op), m.repl))
    lines = Lines(src.text)
    seen = set()
    out = []
    for m in found:
        k = (m.start, m.end, m.repl)
        if k in seen:
            continue
        seen.add(k)
        m.file = relpath
        m.line, m.col = lines.at(m.start)
        m.id = f"m{len(out) + 1:04d}"
        out.append(m)
    if order > 1:
        out += coupled.pairs(src.text, out, where)
    return out
