# SPDX-License-Identifier: GPL-2.0-only
"""The kunit suite on a kernel tree: scripts/kunit's runner
(src/kunit/kunit.cmake: the KUnit files against the tree's iova.c,
rbtree and maple tree, ASan+UBSan), built once and relinked for each
mutant (relink.py).

The KUnit files are scripts/kunit's default set (corpus/kunit/*.c and
the tree's drivers/iommu/iova-kunit.c), or --kunit-file FILEs.  A
mutant is killed when the runner exits non-zero (a case failed,
crashed, leaked or warned) or outlives the bound."""
import glob
import os

from kunit_standalone import kunit_verdict


def default_files(top, root):
    cases = os.environ.get("IOVAFUZZ_KUNIT_CASES") or \
        os.path.join(top, "corpus", "kunit")
    files = sorted(glob.glob(os.path.join(cases, "*.c")))
    own = os.path.join(root, "drivers", "iommu", "iova-kunit.c")
    if os.path.isfile(own):
        files.append(own)
    return files


class Suite:
    name = "kunit"

    def __init__(self, build, rel, ws, timeout):
        self.ws, self.timeout = ws, timeout
        self.relinker = build.target(f"iovafuzz_kunit_{build.id}",
                                     f"iovafuzz_kunit_kernel_{build.id}",
                                     rel)

    def run(self, mid, text):
        mroot = self.ws.root(mid)
        path = self.ws.write(mid, text)
        exe = os.path.join(mroot, "kunit_tree_runner")
        why = self.relinker.build(mroot, path, exe)
        if why:
            return "error", why
        return kunit_verdict(exe, os.path.join(mroot, "kunit.log"),
                             self.timeout)
