# SPDX-License-Identifier: GPL-2.0-only
"""A finding of the maple_contract target as a test patch for its tree
(scripts/repro --target maple_contract writes upstream/0001-*.patch): a
KUnit file of its own under lib/ that drives the maple tree the way the
IOMMU's IOVA allocator does (MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN
under a spinlock, GFP_ATOMIC stores, mas_empty_area_rev()), with what
the program expects stated as KUNIT_EXPECT_*.  The gaps are worked out
here from the program, as the target's model works them out.
"""

import re

import repro_upstream as up

KCONFIG = """config MAPLE_TREE_IOMMU_KUNIT_TEST
	tristate "KUnit tests of the maple tree as the IOVA allocator uses it" if !KUNIT_ALL_TESTS
	depends on KUNIT
	default KUNIT_ALL_TESTS
	help
	  KUnit tests of the maple tree API the IOMMU's IOVA allocator
	  relies on: the reverse gap search, GFP_ATOMIC stores under an
	  external lock, erases that may fail only with -ENOMEM.

	  If unsure, say N.

"""

HELPERS = r"""
static int maple_iommu_entry;	/* what an IOVA is, to the tree */

struct maple_iommu {
	struct maple_tree mt;
	spinlock_t lock;
};

/* A tree as the IOVA allocator keeps one. */
static struct maple_iommu *maple_iommu_tree(struct kunit *test)
{
	struct maple_iommu *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	spin_lock_init(&t->lock);
	mt_init_flags(&t->mt, MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);
	mt_set_external_lock(&t->mt, &t->lock);
	return t;
}

/* Store @entry over [lo, hi] with GFP_ATOMIC, under the lock. */
static int maple_iommu_store(struct maple_iommu *t, unsigned long lo,
			     unsigned long hi, void *entry)
{
	MA_STATE(mas, &t->mt, lo, hi);
	int ret;

	spin_lock(&t->lock);
	ret = mas_store_gfp(&mas, entry, GFP_ATOMIC);
	spin_unlock(&t->lock);
	return ret;
}

/*
 * mas_empty_area_rev(@min, @max, @size) finds the highest gap, at @want
 * (none when @want is ULONG_MAX), and an entry stored there sticks.
 */
static void maple_iommu_insert(struct kunit *test, struct maple_iommu *t,
			       unsigned long min, unsigned long max,
			       unsigned long size, unsigned long want)
{
	MA_STATE(mas, &t->mt, 0, 0);
	int ret;

	spin_lock(&t->lock);
	ret = mas_empty_area_rev(&mas, min, max, size);
	spin_unlock(&t->lock);
	if (want == ULONG_MAX) {
		KUNIT_EXPECT_NE(test, ret, 0);
		return;
	}
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "no gap of %lu in [%#lx, %#lx]",
			    size, min, max);
	KUNIT_EXPECT_EQ(test, mas.index, want);
	KUNIT_EXPECT_EQ(test, mas.last, want + size - 1);
	KUNIT_ASSERT_EQ(test, maple_iommu_store(t, want, want + size - 1,
						&maple_iommu_entry), 0);
	KUNIT_EXPECT_PTR_EQ(test, mtree_load(&t->mt, want), &maple_iommu_entry);
}

/*
 * mas_preallocate() for storing @entry over [first, last], its @nth
 * non-sleeping allocation failing, then mas_destroy(): the tree is as it
 * was, at both ends.
 */
static void maple_iommu_prealloc(struct kunit *test, struct maple_iommu *t,
				 unsigned long first, unsigned long last,
				 void *entry, unsigned int nth)
{
	void *lo = mtree_load(&t->mt, first), *hi = mtree_load(&t->mt, last);
	MA_STATE(mas, &t->mt, first, last);

	current->fail_nth = nth;
	spin_lock(&t->lock);
	if (!mas_preallocate(&mas, entry, GFP_ATOMIC))
		mas_destroy(&mas);
	spin_unlock(&t->lock);
	current->fail_nth = 0;
	KUNIT_EXPECT_PTR_EQ(test, mtree_load(&t->mt, first), lo);
	KUNIT_EXPECT_PTR_EQ(test, mtree_load(&t->mt, last), hi);
}

static void maple_iommu_destroy(struct maple_iommu *t)
{
	spin_lock(&t->lock);
	__mt_destroy(&t->mt);
	spin_unlock(&t->lock);
}
"""

OP = re.compile(r"^\s*(\w+)\(([^)]*)\)\s*(?:;\s*fail\(([^)]*)\))?")


def args_of(text):
    out = {}
    for k, v in (x.split("=", 1) for x in text.split(",") if "=" in x):
        try:
            out[k.strip()] = int(v.strip(), 0)
        except ValueError:
            out[k.strip()] = v.strip()
    return out


def highest_fit(entries, lo, hi, size):
    """The start of the highest [start, start + size - 1] within [lo, hi]
    that overlaps no entry (disjoint (lo, hi) pairs); None if none."""
    if size == 0 or hi < lo or hi - lo < size - 1:
        return None
    top = hi
    for elo, ehi in sorted(entries, key=lambda e: e[1], reverse=True):
        if elo > top:
            continue
        if ehi < top and top - ehi >= size and top - size + 1 >= lo:
            return top - size + 1
        if elo <= lo:
            return None
        top = min(top, elo - 1)
    return top - size + 1 if top - lo >= size - 1 else None


def body(program):
    """The case's statements for a maple_contract text program."""
    entries, out = [], []
    for li, line in enumerate(program):
        code = line.split("#", 1)[0].strip()
        m = OP.match(code)
        if not m or m.group(1) == "iovafuzz":
            continue
        op, a, fail = m.group(1), args_of(m.group(2)), m.group(3)
        out.append(f"/* {code} */")
        if op == "insert":
            lo = highest_fit(entries, a["min"], a["max"], a["size"])
            want = "ULONG_MAX" if lo is None else f"{lo:#x}"
            out.append(f"maple_iommu_insert(test, t, {a['min']:#x}, "
                       f"{a['max']:#x}, {a['size']}, {want});")
            if lo is not None:
                entries.append((lo, lo + a["size"] - 1))
                entries.sort()
        elif op in ("erase", "overwrite"):
            if not entries:
                continue
            lo, hi = entries[a["entry"] % len(entries)]
            if op == "overwrite":
                out += ["current->fail_nth = 1;\t/* it must not allocate */",
                        f"KUNIT_EXPECT_EQ(test, maple_iommu_store(t, {lo:#x}, "
                        f"{hi:#x}, &t->lock), 0);",
                        f"KUNIT_EXPECT_EQ(test, maple_iommu_store(t, {lo:#x}, "
                        f"{hi:#x}, &maple_iommu_entry), 0);",
                        "current->fail_nth = 0;"]
                continue
            if fail:
                # Every allocation failing is fail_nth's first one here;
                # either outcome keeps the contract, so what follows
                # cannot know the tree.
                if any(OP.match(x.split("#", 1)[0].strip()) for x in
                       program[li + 1:]):
                    raise up.Unwritable(f"'{code}' may or may not erase: "
                                        "the ops after it have no tree to "
                                        "expect")
                out += ["current->fail_nth = 1;",
                        f"ret = maple_iommu_store(t, {lo:#x}, {hi:#x}, NULL);",
                        "current->fail_nth = 0;",
                        "KUNIT_EXPECT_TRUE(test, ret == 0 || ret == -ENOMEM);",
                        f"KUNIT_EXPECT_PTR_EQ(test, mtree_load(&t->mt, {lo:#x}),",
                        "\t\t    ret ? (void *)&maple_iommu_entry : NULL);"]
                continue
            out.append(f"KUNIT_EXPECT_EQ(test, maple_iommu_store(t, {lo:#x}, "
                       f"{hi:#x}, NULL), 0);")
            out.append(f"KUNIT_EXPECT_NULL(test, mtree_load(&t->mt, {lo:#x}));")
            entries.remove((lo, hi))
        elif op == "mas_preallocate":
            entry = "&maple_iommu_entry" if a.get("store") == "entry" else "NULL"
            nth = args_of(fail or "").get("nth", 0)
            out.append(f"maple_iommu_prealloc(test, t, {a['first']:#x}, "
                       f"{a['last']:#x}, {entry}, {nth});")
        else:
            raise up.Unwritable(f"'{code}': {op} has no kernel form here")
    return out


def case_function(name, program):
    stmts = body(program)
    lines = [f"static void {name}(struct kunit *test)", "{",
             "\tstruct maple_iommu *t = maple_iommu_tree(test);"]
    if any("ret = " in x for x in stmts):
        lines.append("\tint ret;")
    lines += [""] + ["\t" + x for x in stmts]
    lines += ["\tmaple_iommu_destroy(t);", "}"]
    return "\n".join(lines) + "\n"


def helpers_for(case):
    """HELPERS without maple_iommu_insert() when the case inserts
    nothing: a static function nothing calls is a warning in a kernel."""
    out = HELPERS
    if "maple_iommu_insert(" not in case:
        out = re.sub(r"\n/\*\n \* mas_empty_area_rev\(.*?\n}\n", "\n", out,
                     flags=re.S)
    if "maple_iommu_prealloc(" not in case:
        out = re.sub(r"\n/\*\n \* mas_preallocate\(.*?\n}\n", "\n", out,
                     flags=re.S)
    return out


def new_file(name, case):
    return ("// SPDX-License-Identifier: GPL-2.0-only\n/*\n"
            " * KUnit tests of the maple tree as the IOMMU's IOVA allocator\n"
            " * uses it: an MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN tree\n"
            " * under a spinlock, GFP_ATOMIC stores, the reverse gap search.\n"
            " */\n"
            "#include <kunit/test.h>\n#include <linux/maple_tree.h>\n"
            "#include <linux/sched.h>\n#include <linux/spinlock.h>\n"
            + helpers_for(case) + "\n" + case + "\n"
            "static struct kunit_case maple_iommu_cases[] = {\n"
            f"\tKUNIT_CASE({name}),\n\t{{}}\n}};\n\n"
            "static struct kunit_suite maple_iommu_suite = {\n"
            "\t.name = \"maple-tree-iommu\",\n"
            "\t.test_cases = maple_iommu_cases,\n};\n\n"
            "kunit_test_suite(maple_iommu_suite);\n\n"
            "MODULE_DESCRIPTION(\"KUnit tests of the maple tree as the IOVA "
            "allocator uses it\");\nMODULE_LICENSE(\"GPL\");\n")


def with_kconfig(text):
    m = re.search(r"^config TEST_MAPLE_TREE\n(?:\t.*\n|\n)*?(?=\S|\Z)", text,
                  re.M)
    if not m:
        raise up.Unwritable("lib/Kconfig.debug has no TEST_MAPLE_TREE entry")
    return text[:m.end()] + KCONFIG + text[m.end():]


def with_makefile(text):
    m = re.search(r"^obj-\$\(CONFIG_TEST_MAPLE_TREE\) \+= test_maple_tree\.o\n",
                  text, re.M)
    if not m:
        raise up.Unwritable("lib/Makefile does not build test_maple_tree.o")
    return text[:m.end()] + \
        "obj-$(CONFIG_MAPLE_TREE_IOMMU_KUNIT_TEST) += maple_tree_iommu_kunit.o\n" \
        + text[m.end():]


def patch(sig, tree, version, program, what):
    """(file name, mbox text) of the test patch for this finding."""
    name = "maple_iommu_" + re.sub(r"[^a-z0-9]+", "_", " ".join(
        sig.split()[1:3]).lower()).strip("_")[:40]
    case = case_function(name, program)
    kconfig = up.read(tree, "lib/Kconfig.debug")
    makefile = up.read(tree, "lib/Makefile")
    if kconfig is None or makefile is None:
        raise up.Unwritable("the tree has no lib/Kconfig.debug or lib/Makefile "
                            "to add the test to")
    files = [("lib/maple_tree_iommu.kunitconfig", None,
              up.kunitconfig("MAPLE_TREE_IOMMU_KUNIT_TEST")),
             ("lib/Kconfig.debug", kconfig, with_kconfig(kconfig)),
             ("lib/Makefile", makefile, with_makefile(makefile)),
             ("lib/maple_tree_iommu_kunit.c", None, new_file(name, case))]
    subject = "maple_tree: add a KUnit test: " + \
        re.sub(r"^MAPLE_CONTRACT ", "", sig)
    paras = [up.textwrap.fill(
        f"iovafuzz found the maple tree on {version} breaking a promise the "
        f"IOMMU's IOVA allocator relies on: {sig}.  This test reproduces "
        "it with the maple tree API and KUnit alone: it fails on this tree "
        "and passes once the bug is fixed.", 72),
        "What went wrong:\n" + "\n".join(f"  {x}" for x in what),
        "The program it was found with (iovafuzz text form):\n" +
        "\n".join(f"  {x}" for x in program),
        "Run it with:\n  ./tools/testing/kunit/kunit.py run --arch=um \\\n"
        "      --kunitconfig=lib/maple_tree_iommu.kunitconfig"]
    fname = f"0001-maple_tree-add-a-KUnit-test-for-{up.slug(sig)}.patch"
    return fname, up.mail(sig, subject, "\n\n".join(paras) + "\n", files)
