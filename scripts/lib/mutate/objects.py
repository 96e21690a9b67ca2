# SPDX-License-Identifier: GPL-2.0-only
"""What cannot count is dropped: each mutant's file is compiled alone to
an object (-O2, the tree's flags, no debug info); one that does not
compile is "uncompilable", one whose object is the original's is
"equivalent", one whose object another mutant already has is
"duplicate" (of the first, in id order); the rest are "compiled".

Objects are compared by their normalized dump (normalize()): the code
disassembled with its relocations by symbol name, and the contents of
every other section that holds code or data.  Left out are what only
names the build: the file's name, the symbol table, .comment, notes and
.llvm_addrsig.  A mutant edits its line in place (a dropped statement
keeps its line breaks), so __LINE__ in a WARN_ON, which is in .text as
an immediate, moves for no mutant; without -g no line or column is in
the object at all."""
import concurrent.futures
import hashlib
import os
import shutil
import subprocess

OBJDUMP = "llvm-objdump-14"
SKIP = (".comment", ".note", ".llvm_addrsig", ".symtab", ".strtab",
        ".shstrtab", ".rela", ".eh_frame")


def normalize(obj):
    """The normalized dump of object @obj, as text: one llvm-objdump run
    prints the sections' contents, then the relocations, then the code."""
    p = subprocess.run([OBJDUMP, "-s", "-r", "-d", "--no-show-raw-insn",
                        "--no-leading-addr", obj], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True, check=True)
    out = []
    keep = True
    for ln in p.stdout.splitlines():
        if "file format" in ln:
            continue
        if ln.startswith("Contents of section "):
            name = ln[len("Contents of section "):].rstrip(":")
            # .text comes disassembled, with its relocations, below.
            keep = not name.startswith((".text",) + SKIP)
        elif ln.startswith("RELOCATION RECORDS FOR ["):
            keep = ".text" not in ln and ".eh_frame" not in ln
        elif ln.startswith("Disassembly of section "):
            keep = True
        if keep:
            out.append(ln)
    return "\n".join(out) + "\n"


def digest(obj):
    return hashlib.sha256(normalize(obj).encode()).hexdigest()


def first_error(stderr):
    for ln in stderr.splitlines():
        if "error:" in ln:
            return ln.split("error:", 1)[1].strip()
    return (stderr.strip().splitlines() or ["failed"])[-1]


class Workspace:
    """Mutated copies of the file, one directory a mutant: @work/ID/REL.
    The copy's path is mapped back to the tree's in __FILE__ (flags.py)."""

    def __init__(self, work, relpath, text):
        self.work, self.relpath, self.text = work, relpath, text

    def root(self, mid):
        return os.path.join(self.work, mid)

    def write(self, mid, text):
        path = os.path.join(self.root(mid), self.relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="latin-1") as f:
            f.write(text)
        return path

    def clean(self, mid):
        shutil.rmtree(self.root(mid), ignore_errors=True)


def compile_one(flags, ws, mid, text):
    """(digest, None) of @text compiled as mutant @mid, or (None, the
    compiler's first error)."""
    path = ws.write(mid, text)
    obj = os.path.join(ws.root(mid), "o2.o")
    p = subprocess.run(flags.obj(path, ws.root(mid), obj),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0:
        return None, first_error(p.stderr)
    return digest(obj), None


def classify(flags, ws, mutants, jobs, progress):
    """Sets every mutant's status ("uncompilable", "equivalent",
    "duplicate", "compiled") and why (the compiler's first error, the
    mutant it duplicates).  Returns the original's digest."""
    orig, err = compile_one(flags, ws, "orig", ws.text)
    if orig is None:
        raise RuntimeError(f"the unmutated {ws.relpath} does not compile: "
                           f"{err}")
    seen = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(compile_one, flags, ws, m.id, m.apply(ws.text))
                for m in mutants]
        for i, (m, fut) in enumerate(zip(mutants, futs)):
            d, err = fut.result()
            m.digest = d
            if d is None:
                m.status, m.why = "uncompilable", err
            elif d == orig:
                m.status, m.why = "equivalent", "object code identical"
            elif d in seen:
                m.status, m.why = "duplicate", f"same object code as {seen[d]}"
            else:
                seen[d] = m.id
                m.status, m.why = "compiled", ""
            progress(i + 1, len(mutants))
    return orig
