# SPDX-License-Identifier: GPL-2.0-only
"""--match PATCH: is a hand-written mutant (a patch of the file under
test, as tests/mutants/ holds) among the generated ones?  It is when a
generated mutant on the lines the patch changes has its object code.

A patch that adds or deletes lines moves every __LINE__ below it (a
WARN_ON's line is an immediate in .text), so here every object, the
patch's and the mutants', is compiled with __LINE__ 0."""
import concurrent.futures
import re
import subprocess

import objects

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@")
LINE_ZERO = ["-D__LINE__=0", "-Wno-builtin-macro-redefined"]


class PatchError(Exception):
    pass


def old_lines(patch):
    """The lines of the original file @patch (its text) deletes, or
    adds text between: [(first, last)...]."""
    out, line, left = [], 0, (0, 0)
    for ln in patch.splitlines():
        h = HUNK.match(ln)
        if h:
            line = int(h.group(1))
            left = (int(h.group(2) or 1), int(h.group(3) or 1))
            continue
        if left == (0, 0):
            continue
        if ln.startswith("-"):
            out.append((line, line))
            line, left = line + 1, (left[0] - 1, left[1])
        elif ln.startswith("+"):
            out.append((line - 1, line))
            left = (left[0], left[1] - 1)
        elif ln.startswith(" ") or ln == "":
            line, left = line + 1, (left[0] - 1, left[1] - 1)
    return out


def check_applies(orig, rel, patches):
    """Raises PatchError for the first of @patches that does not apply
    to file @orig (@rel in the tree)."""
    for path in patches:
        p = subprocess.run(["patch", "-s", "-f", "--dry-run", orig, path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise PatchError(f"{path} does not apply to {rel}")


def patched(ws, mid, patch_path):
    """The file of Workspace @ws with @patch_path applied, as text."""
    orig = ws.write(mid + "-orig", ws.text)
    dest = orig + ".patched"
    p = subprocess.run(["patch", "-s", "-f", "-o", dest, orig, patch_path],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode != 0:
        raise PatchError(f"{patch_path} does not apply to {ws.relpath}")
    with open(dest, encoding="latin-1") as f:
        return f.read()


def run(flags, ws, mutants, patches, jobs, touches):
    """For each patch of @patches, the line saying which of @mutants
    (those @touches says are on its lines) has its object code.  Returns
    (lines, how many patches none has)."""
    flags.extra = LINE_ZERO
    out, missed = [], 0
    for i, path in enumerate(patches):
        with open(path, encoding="latin-1") as f:
            ranges = old_lines(f.read())
        mid = f"match{i + 1}"
        want, err = objects.compile_one(flags, ws, mid,
                                        patched(ws, mid, path))
        if want is None:
            raise PatchError(f"{path} does not compile: {err}")
        near = [m for m in mutants if touches(m, ranges)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            got = list(ex.map(lambda m: objects.compile_one(
                flags, ws, m.id, m.apply(ws.text))[0], near))
        same = [m for m, d in zip(near, got) if d == want]
        name = path
        if same:
            m = same[0]
            out.append(f"{name}: {m.id} {m.file}:{m.line}:{m.col} {m.op} "
                       f"{m.change()}")
        else:
            missed += 1
            out.append(f"{name}: none of the {len(near)} mutants on its "
                       "lines has its object code")
    return out, missed
