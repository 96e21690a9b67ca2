# SPDX-License-Identifier: GPL-2.0-only
"""Incremental builds of a tree's binaries for mutants: the project is
configured once for the unmutated tree in one build directory (the
KUnit runner on, mutants, port and variants off, compile commands
exported) and each binary a suite needs is built there once, on one
core.  For a mutant, only the glue file that includes the mutated file
(src/glue/*_glue.c) is compiled again, by the command cmake wrote for
that binary's kernel library, with a tree_config.h of the mutant's own
that names the mutated file; the binary is then linked again by its
link.txt, the new object in place of (or, where the glue is in an
archive, before) the old one."""
import json
import os
import shlex
import subprocess

# The glue file that includes each file under test, and the macro of
# tree_config.h naming it (cmake/tree_config.h.in).
GLUE = {"drivers/iommu/iova.c": ("iova_glue.c", "IOVAFUZZ_IOVA_C"),
        "lib/rbtree.c": ("rbtree_glue.c", "IOVAFUZZ_RBTREE_C"),
        "lib/maple_tree.c": ("maple_glue.c", "IOVAFUZZ_MAPLE_TREE_C")}


class SetupError(Exception):
    """The suite cannot run at all (one line)."""


def first_error(out):
    for ln in out.splitlines():
        if "error:" in ln or "Error" in ln:
            return ln.strip()
    return (out.strip().splitlines() or ["failed"])[-1]


def _run(cmd, cwd=None, log=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if log:
        with open(log, "a") as f:
            f.write(p.stdout)
    return p.returncode, p.stdout


def tree_id(name):
    return "".join(c if c.isalnum() or c == "_" else "_" for c in name)


class Build:
    """The build directory @build of tree @name at @root, configured
    once (with @kunit_files for the KUnit runner)."""

    def __init__(self, top, name, root, build, kunit_files):
        self.top, self.name, self.root, self.dir = top, name, root, build
        self.id = tree_id(name)
        self.log = os.path.join(build, "build.log")
        os.makedirs(build, exist_ok=True)
        stamp = os.path.join(build, ".mutate-config")
        want = f"{name}={root}|" + ";".join(kunit_files)
        if os.path.isfile(stamp) and open(stamp).read() == want:
            return
        open(self.log, "w").close()
        rc, out = _run(["cmake", "-S", top, "-B", build,
                        f"-DIOVAFUZZ_TREES={name}={root}",
                        "-DIOVAFUZZ_MUTANTS=OFF", "-DIOVAFUZZ_PORT=OFF",
                        "-DIOVAFUZZ_VARIANTS=OFF", "-DIOVAFUZZ_KUNIT=ON",
                        "-DIOVAFUZZ_KUNIT_FILES=" + ";".join(kunit_files),
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"], log=self.log)
        if rc != 0:
            raise SetupError(f"cmake does not configure the tree: "
                             f"{first_error(out)} (log: {self.log})")
        with open(stamp, "w") as f:
            f.write(want)

    def make(self, target):
        """Builds @target (once: cmake builds what is out of date)."""
        rc, out = _run(["cmake", "--build", self.dir, "-j", "1",
                        "--target", target], log=self.log)
        if rc != 0:
            raise SetupError(f"{target} does not build: "
                             f"{first_error(out)} (log: {self.log})")

    def target(self, target, kernel_lib, rel):
        """Builds @target once; a Relinker of it for file @rel, whose
        glue is compiled as for library @kernel_lib."""
        self.make(target)
        return Relinker(self, target, kernel_lib, rel)


class Relinker:
    def __init__(self, build, target, kernel_lib, rel):
        if rel not in GLUE:
            raise SetupError(f"only {', '.join(GLUE)} can be rebuilt "
                             f"for a mutant, not {rel}")
        glue, self.macro = GLUE[rel]
        self.orig_path = os.path.join(build.root, rel)
        with open(os.path.join(build.dir, "compile_commands.json")) as f:
            cc = json.load(f)
        mark = f"/{kernel_lib}.dir/"
        hit = [e for e in cc if e["file"].endswith("/src/glue/" + glue) and
               mark in e.get("output", e["command"])]
        if len(hit) != 1:
            raise SetupError(f"no compile command for {glue} of "
                             f"{kernel_lib} in {build.dir}")
        self.cwd = hit[0]["directory"]
        self.cc = shlex.split(hit[0]["command"])
        self.glue_obj = self.cc[self.cc.index("-o") + 1]
        with open(os.path.join(build.dir, "CMakeFiles", target + ".dir",
                               "link.txt")) as f:
            self.link = shlex.split(f.read().strip())
        self.in_link = any(t.endswith(self.glue_obj) for t in self.link)
        self.archive = f"lib{kernel_lib}.a"
        if not self.in_link and \
                not any(t.endswith(self.archive) for t in self.link):
            raise SetupError(f"{glue}'s object is not in the link of "
                             f"{target}")
        with open(os.path.join(build.dir, "trees", build.id,
                               "tree_config.h")) as f:
            self.config = f.read()
        if f'"{self.orig_path}"' not in self.config:
            raise SetupError(f"tree_config.h does not name {self.orig_path}")

    def build(self, mroot, path, exe):
        """The binary for the mutated file at @path (in directory @mroot)
        as @exe: None, or why it could not be built."""
        cfg = self.config.replace(f'"{self.orig_path}"', f'"{path}"')
        with open(os.path.join(mroot, "tree_config.h"), "w") as f:
            f.write(cfg)
        obj = exe + ".glue.o"
        cc = list(self.cc)
        cc[cc.index("-o") + 1] = obj
        # "tree_config.h" is a quoted include: -iquote comes before every
        # -I.  The mutant's own quoted includes come from the tree;
        # __FILE__ reads as in the tree.
        cc[1:1] = ["-iquote", mroot, "-iquote",
                   os.path.dirname(self.orig_path),
                   f"-fmacro-prefix-map={mroot}/="]
        rc, out = _run(cc, cwd=self.cwd)
        if rc != 0:
            return "does not compile: " + first_error(out)
        link, placed = [], False
        for t in self.link:
            if self.in_link and t.endswith(self.glue_obj):
                t = obj
            elif not self.in_link and not placed and \
                    t.endswith(self.archive):
                # Defined first, the archive's own copy is never pulled.
                link.append(obj)
                placed = True
            link.append(t)
        link[link.index("-o") + 1] = exe
        rc, out = _run(link, cwd=self.cwd)
        if rc != 0:
            return "does not link: " + first_error(out)
        return None
