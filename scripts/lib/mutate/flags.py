# SPDX-License-Identifier: GPL-2.0-only
"""How the file under test is compiled: the flags the project builds it
with (cmake/flavours.cmake, cmake/tree.cmake), for the AST dump, for the
object compared between mutants (-O2 as the plain flavour, without -g)
and for the sanitized object a KUnit runner links (-O1, ASan+UBSan, as
the san flavour).

A kernel tree's headers under test are linked into a directory of our
own, as tree.cmake stages them: the tree's include/ is never on the
path.  A file that is not in a kernel tree (--standalone) gets the shim
and the KUnit headers only."""
import os

CLANG = "clang-14"
COMMON = ["-std=gnu11", "-fwrapv", "-fno-strict-aliasing", "-fno-common",
          "-fno-omit-frame-pointer", "-Werror=implicit-function-declaration",
          "-Werror=int-conversion", "-Werror=incompatible-pointer-types",
          "-Werror=implicit-int"]
KERNEL_WARN = ["-Wall", "-Wno-unused-function", "-Wno-sign-compare",
               "-Wno-unused-variable", "-Wno-unused-but-set-variable",
               "-Wno-gnu-variable-sized-type-not-at-end"]
SAN = ["-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
HEADERS = ["iova.h", "maple_tree.h", "rbtree.h", "rbtree_augmented.h",
           "rbtree_types.h"]


class Flags:
    """@top the repository, @root the tree (or the standalone directory),
    @gen a directory of ours for staged headers."""

    def __init__(self, top, root, gen, standalone=False):
        self.top, self.root = top, root
        shim = os.path.join(top, "src", "shim", "include")
        inc = ["-include", os.path.join(shim, "shim", "config.h")]
        if not standalone:
            linux = os.path.join(gen, "include", "linux")
            os.makedirs(linux, exist_ok=True)
            for h in HEADERS:
                src = os.path.join(root, "include", "linux", h)
                dst = os.path.join(linux, h)
                if os.path.lexists(dst):
                    os.unlink(dst)
                if os.path.exists(src):
                    os.symlink(src, dst)
            inc += ["-I" + os.path.join(gen, "include"), "-I" + gen,
                    "-I" + os.path.join(top, "src", "glue")]
        kunit = os.path.join(top, "src", "kunit", "include")
        inc += ["-I" + shim, "-I" + kunit]
        self.includes = inc
        self.defines = [] if standalone else ['-DKBUILD_MODNAME="iova"']
        # match.py: flags every compared object gets.
        self.extra = []

    def _file(self, path, copy_root):
        """Flags for @path, a copy of a file of the tree under
        @copy_root: its own directory's headers come from the tree, and
        __FILE__ reads as in the tree."""
        d = os.path.dirname(os.path.relpath(path, copy_root))
        return ["-iquote", os.path.join(self.root, d),
                f"-fmacro-prefix-map={copy_root}/=",
                f"-fmacro-prefix-map={self.root}/="]

    def ast(self):
        """For clang -ast-dump of the file in place."""
        return (COMMON + self.includes + self.defines +
                ["-Wno-everything", f"-fmacro-prefix-map={self.root}/="])

    def obj(self, path, copy_root, out):
        """-O2 without debug info: the object compared."""
        return ([CLANG, "-c"] + COMMON + KERNEL_WARN + ["-O2"] +
                self.includes + self.defines + self.extra +
                self._file(path, copy_root) + [path, "-o", out])

    def san(self, path, copy_root, out, extra=()):
        """-O1 with ASan and UBSan: the object a KUnit runner links."""
        return ([CLANG, "-c"] + COMMON + KERNEL_WARN + SAN +
                self.includes + self.defines + list(extra) +
                self._file(path, copy_root) + [path, "-o", out])
