# SPDX-License-Identifier: GPL-2.0-only
"""A finding of the iova target as a test patch for the tree it came from
(scripts/repro writes upstream/0001-*.patch): a KUnit case in the form
of a tree's own drivers/iommu/iova-kunit.c that uses the kernel API and
KUnit alone, in a `git format-patch` mbox that `git am` and `patch -p1`
apply.  Injected allocation failures become the kernel's own fault
injection (current->fail_nth, CONFIG_FAILSLAB); what the kernel form
cannot say (more than one CPU, a CPU going offline, the harness's own
delayed work) is named in the mail, or the patch is not written.
"""

import difflib
import os
import re
import textwrap

import repro_c

KCONFIG = """config IOMMU_IOVA_KUNIT_TEST
	tristate "KUnit tests for the IOVA allocator" if !KUNIT_ALL_TESTS
	depends on KUNIT
	select IOMMU_IOVA
	default KUNIT_ALL_TESTS
	help
	  KUnit tests of what a caller of the IOVA allocator can observe:
	  ranges of the size asked, within the limit, aligned when asked,
	  overlapping nothing held, and requests that must not fail.

	  If unsure, say N.

"""

def kunitconfig(option):
    """A .kunitconfig for the test @option, with fault injection."""
    return (f"CONFIG_KUNIT=y\nCONFIG_{option}=y\nCONFIG_DEBUG_KERNEL=y\n"
            "CONFIG_FAULT_INJECTION=y\nCONFIG_FAILSLAB=y\n")

# The helpers every generated case uses: kernel API and KUnit only.
HELPERS = r"""
/*
 * A range the test holds (hi < lo: none) and the struct iova behind it.
 * The checks expect rather than assert once the domain is up, so that a
 * failing case still puts it (and its CPU hotplug instance) away.
 */
struct iova_test_held {
	struct iova *iova;
	unsigned long lo, hi;
};

/*
 * What a caller can check of the range it got, held[n]: @size pages, at
 * or above the domain's start, at or below @limit, aligned to @size's
 * power of two when asked, overlapping nothing it holds.
 */
static void iova_test_check(struct kunit *test, struct iova_domain *iovad,
			    struct iova_test_held *held, int n,
			    unsigned long size, unsigned long limit,
			    bool aligned)
{
	unsigned long mask = aligned ? roundup_pow_of_two(size) - 1 : 0;
	struct iova_test_held *h = &held[n];
	int i;

	KUNIT_EXPECT_EQ(test, h->hi - h->lo + 1, size);
	KUNIT_EXPECT_GE(test, h->lo, iovad->start_pfn);
	KUNIT_EXPECT_LE(test, h->hi, limit);
	KUNIT_EXPECT_EQ_MSG(test, h->lo & mask, 0UL,
			    "[%#lx-%#lx] not aligned to %lu pages", h->lo,
			    h->hi, mask + 1);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE_MSG(test, held[i].hi < held[i].lo ||
				      h->hi < held[i].lo || h->lo > held[i].hi,
				      "[%#lx-%#lx] overlaps [%#lx-%#lx], held",
				      h->lo, h->hi, held[i].lo, held[i].hi);
}

/* held[n].iova came from alloc_iova() or reserve_iova(). */
static void iova_test_got(struct kunit *test, struct iova_domain *iovad,
			  struct iova_test_held *held, int n,
			  unsigned long size, unsigned long limit, bool aligned)
{
	struct iova *iova = held[n].iova;

	held[n].lo = iova ? iova->pfn_lo : 1;
	held[n].hi = iova ? iova->pfn_hi : 0;
	if (iova && size)
		iova_test_check(test, iovad, held, n, size, limit, aligned);
}

/* held[n].lo came from alloc_iova_fast(): find_iova() shows its range. */
static void iova_test_got_fast(struct kunit *test,
			       struct iova_domain *iovad,
			       struct iova_test_held *held, int n,
			       unsigned long size, unsigned long limit)
{
	if (!held[n].lo) {
		held[n].lo = 1;
		return;
	}
	held[n].iova = find_iova(iovad, held[n].lo);
	KUNIT_EXPECT_NOT_NULL(test, held[n].iova);
	if (!held[n].iova)
		return;
	held[n].hi = held[n].iova->pfn_hi;
	iova_test_check(test, iovad, held, n, size, limit, true);
}

/* held[n] was freed: find_iova() no longer shows it. */
static void iova_test_gone(struct kunit *test, struct iova_domain *iovad,
			   struct iova_test_held *held, int n)
{
	KUNIT_EXPECT_NULL(test, find_iova(iovad, held[n].lo));
	held[n].hi = 0;
	held[n].lo = 1;
}

/* A domain as a driver sets one up, range caches unless @rcaches. */
static struct iova_domain *iova_test_domain(struct kunit *test,
					    unsigned long granule,
					    unsigned long start_pfn,
					    bool rcaches)
{
	struct iova_domain *iovad = kunit_kzalloc(test, sizeof(*iovad),
						  GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, iovad);
	KUNIT_ASSERT_EQ(test, iova_cache_get(), 0);
	init_iova_domain(iovad, granule, start_pfn);
	if (rcaches)
		KUNIT_ASSERT_EQ(test, iova_domain_init_rcaches(iovad), 0);
	return iovad;
}

/* The domain away, and the cache reference iova_test_domain() took. */
static void iova_test_put(struct iova_domain *iovad)
{
	put_iova_domain(iovad);
	iova_cache_put();
}
"""


PHRASES = {
    "COMPLETE": "a request {f}() must not fail",
    "ALIGN": "the alignment of {f}()",
    "SIZE": "the size of what {f}() gives",
    "BOUNDS": "the bounds of what {f}() gives",
    "NO_OVERLAP": "overlapping ranges from {f}()",
    "FIND_FREE": "find_iova() after {f}()",
    "TREE_EQUALS_MODEL": "what {f}() leaves behind",
    "NO_LEAK": "a leak in {f}()",
    "IOVA_HANDLE": "the struct iova {f}() returns",
    "WARN": "the WARN in {f}()",
    "MAPLE_CONTRACT": "{f}",
}


def phrase(reached):
    """What the test is about, for a subject line: the invariant and the
    op that reached it (the report's reached: line) in words."""
    words = reached.split()
    inv, f = words[0], words[1] if len(words) > 1 else "the allocator"
    f = f.rstrip("()")
    return PHRASES.get(inv, inv.lower().replace("_", " ") + " in {f}()") \
        .format(f=f)


HELPER_NAME = re.compile(r"(?:struct (iova_test_held) \{|\b(iova_test_\w+)\()")


def helper_parts():
    """[(name, text)] of HELPERS, a comment and a definition each."""
    out = []
    for part in re.split(r"\n(?=/\*)", HELPERS.strip("\n")):
        m = HELPER_NAME.search(part.split("*/", 1)[-1])
        out.append((m.group(1) or m.group(2), part.strip("\n")))
    return out


def helpers_for(text, have=""):
    """The helpers @text calls and what they call, in HELPERS' order, but
    for those @have defines already: a static function nothing calls is
    a warning in a kernel build."""
    parts = helper_parts()
    want = set(re.findall(r"\b(iova_test_\w+)\(", text)) | \
        {"iova_test_held"}
    for _ in parts:
        for name, part in parts:
            if name in want:
                want |= set(re.findall(r"\b(iova_test_\w+)\(",
                                       part.split("*/", 1)[-1]))
    keep = [part for name, part in parts if name in want and
            not re.search(r"(?:struct |\b)" + name + r"(?: \{|\()", have)]
    return "".join("\n" + part + "\n" for part in keep)


def slug(reached):
    return re.sub(r"[^a-z0-9]+", "-",
                  phrase(reached).lower()).strip("-")[:48]


def c_name(reached):
    words = reached.split()
    base = "_".join(words[:2]).lower()
    return "iova_test_" + re.sub(r"[^a-z0-9]+", "_", base).strip("_")[:40]


class Unwritable(Exception):
    """The program says what the kernel form cannot."""


class KGen(repro_c.Gen):
    """The statements of a case, kernel API and KUnit only; held[K] is
    the K-th result.  The loop detection is repro_c.Gen's."""

    def __init__(self, recs, sig, dom, fails, cache_orders, reached=""):
        super().__init__(recs, sig, dom, reached)
        self.fails = fails		# op index -> [ordinal, ...]
        self.cache_orders = cache_orders
        self.notes = []
        self.fail_nth = None

    def fast_size(self, size):
        if self.cache_orders and size < 1 << (self.cache_orders - 1):
            return repro_c.pow2(size)
        return size

    def must(self, i, rec):
        return self.expect_alloc(i, rec)

    def op_alloc(self, i, rec):
        size, limit = rec.nums[0], rec.nums[1]
        k = self.result(rec)
        self.recs_lohi[k] = (rec.lo, rec.hi) if rec.lo is not None else \
            (1, 0)
        if rec.kind == "alloc_iova":
            aligned = "true" if rec.flag else "false"
            self.emit(f"held[@{k}@].iova = alloc_iova(iovad, {size}, "
                      f"{limit:#x}, {aligned});")
            if self.must(i, rec):
                self.emit(f"KUNIT_EXPECT_NOT_NULL(test, held[@{k}@].iova);")
            self.emit(f"iova_test_got(test, iovad, held, @{k}@, {size}, "
                      f"{limit:#x}, {aligned});")
            return
        flush = "true" if len(rec.nums) > 2 and rec.nums[2] else "false"
        self.fast(f"held[@{k}@].lo = alloc_iova_fast(iovad, {size}, "
                  f"{limit:#x}, {flush});")
        if self.must(i, rec):
            self.emit(f"KUNIT_EXPECT_NE(test, held[@{k}@].lo, 0UL);")
        self.emit(f"iova_test_got_fast(test, iovad, held, @{k}@, "
                  f"{self.fast_size(size)}, {limit:#x});")

    def op_free(self, rec):
        pfn = rec.nums[0]
        k, off = self.owner(pfn)
        if k is None:
            if rec.kind == "free_iova_fast":
                self.fast(f"free_iova_fast(iovad, {pfn:#x}, {rec.nums[1]});")
            elif rec.kind == "free_iova":
                self.emit(f"free_iova(iovad, {pfn:#x});")
            return
        at = f"held[@{k}@].lo" + (f" + {off}" if off else "")
        if rec.kind == "free_iova":
            self.emit(f"free_iova(iovad, {at});")
        elif rec.kind == "__free_iova":
            self.emit(f"__free_iova(iovad, held[@{k}@].iova);")
        else:
            self.fast(f"free_iova_fast(iovad, held[@{k}@].lo, "
                      f"{rec.nums[1]});")
        del self.held[self.recs_lohi[k][0]]
        if rec.kind == "free_iova_fast":
            self.emit(f"held[@{k}@].hi = 0;\t/* cached, not held */")
        else:
            self.emit(f"iova_test_gone(test, iovad, held, @{k}@);")

    def op_find(self, rec):
        k, off = self.owner(rec.nums[0])
        if k is not None:
            at = f"held[@{k}@].lo" + (f" + {off}" if off else "")
            self.emit(f"KUNIT_EXPECT_PTR_EQ(test, find_iova(iovad, {at}), "
                      f"held[@{k}@].iova);")

    def op_reserve(self, rec):
        if rec.skipped:
            return
        lo, hi = rec.nums[0], rec.nums[1]
        k = self.result(rec)
        self.recs_lohi[k] = (lo, hi)
        self.emit(f"held[@{k}@].iova = reserve_iova(iovad, {lo:#x}, "
                  f"{hi:#x});")
        self.emit(f"KUNIT_EXPECT_NOT_NULL(test, held[@{k}@].iova);")
        self.emit(f"held[@{k}@].lo = {lo:#x};")
        self.emit(f"held[@{k}@].hi = {hi:#x};")

    def op_inject(self, rec):
        """The kernel's fault injection is set at the op that failed."""

    def skipped(self):
        """A skipped op is no statement."""

    def op_env(self, rec):
        n = rec.nums[0] if rec.nums else 0
        if rec.kind == "cpu_switch" and n == 0:
            return
        if rec.kind in ("cpu_switch", "cpu_offline", "cpu_online"):
            raise Unwritable(f"op #{rec.index} ({rec.text}) needs more "
                             "than one CPU, or a CPU going offline")
        if rec.kind == "run_delayed_work":
            self.notes.append(f"op #{rec.index} (run_delayed_work) is "
                              "left to the kernel's own workqueue")
        elif rec.kind == "flush_rcache" and not rec.skipped:
            if rec.glob:
                raise Unwritable(f"op #{rec.index} flushes the global "
                                 "depot, which no kernel API does alone")
            self.emit(f"free_cpu_cached_iovas({n}, iovad);")
        elif rec.kind == "drain_deferred":
            self.emit("iova_drain_deferred(iovad);")
        elif rec.kind.startswith("put_iova_domain"):
            if rec.nums and rec.nums[0]:
                raise Unwritable(f"op #{rec.index} fails a GFP_KERNEL "
                                 "allocation of iova_cache_get() or "
                                 "iova_domain_init_rcaches(), which "
                                 "fail_nth skips while failslab's "
                                 "ignore-gfp-wait is Y (its default)")
            shared = "shared" in rec.args
            if shared:
                # Another user of the caches, as dma-iommu from boot.
                self.emit("KUNIT_ASSERT_EQ(test, iova_cache_get(), 0);")
            self.emit("iova_test_put(iovad);")
            self.emit(f"iovad = {domain_call(self.dom)};")
            if shared:
                self.emit("iova_cache_put();")
            self.held = {}

    def record(self, i, rec):
        ords = self.fails.get(rec.index) if not rec.retry else None
        if ords:
            self.emit(f"current->fail_nth = {ords[0]};")
            if len(ords) > 1:
                self.notes.append(
                    f"op #{rec.index}: the harness failed {len(ords)} of "
                    "its allocations, fail_nth fails the first only")
        call = len(self.out) + 1	# the op's call, after fail_nth
        self.dispatch(i, rec)
        if ords:
            self.out.insert(call, "current->fail_nth = 0;")

    def one(self, rec, lines):
        if not lines:
            return []
        head = [f"/* #{rec.index}: {rec.text} */"] if not rec.retry else \
            ["/* the retry, without fault injection */"]
        return head + [re.sub(r"@(\d+)@", r"\1", x) for x in lines]

    def loop_head(self, index, name):
        """A loop's ops say what they are in the comment above it."""
        return []


# Findings a kernel reports in its log, never as a failing KUnit case;
# the case fails under scripts/kunit, whose shim records them.
KERNEL_LOG_ONLY = {
    "MIGHT_SLEEP": "a sleep in atomic context: a kernel built with "
    "CONFIG_DEBUG_ATOMIC_SLEEP=y prints \"BUG: sleeping function called "
    "from invalid context\" during the case, which KUnit does not count "
    "as a failure",
    "NO_LEAK": "a leak, which kmemleak (CONFIG_DEBUG_KMEMLEAK=y) "
    "reports for lost objects; a kmem_cache left behind stays in "
    "/proc/slabinfo",
}


def case_function(name, recs, sig, dom, fails, cache_orders, reached=""):
    """The case's C text and the notes for the mail."""
    g = KGen(recs, sig, dom, fails, cache_orders, reached)
    body = g.body()
    if dom["cpus"] > 1:
        g.notes.append(f"the program ran on {dom['cpus']} CPUs; the "
                       "kernel form runs on the CPU the test runs on")
    lines = [f"static void {name}(struct kunit *test)", "{",
             "\tstruct iova_test_held *held = kunit_kcalloc(test, "
             f"{max(g.nres, 1)}, sizeof(*held),",
             "\t\t\t\t\t\t      GFP_KERNEL);",
             "\tstruct iova_domain *iovad;"]
    if repro_c.uses_loop(body):
        lines.append("\tint i;")
    lines += ["", "\tKUNIT_ASSERT_NOT_NULL(test, held);",
              f"\tiovad = {domain_call(dom)};"]
    lines += ["\t" + x for x in body]
    lines += ["\tiova_test_put(iovad);", "}"]
    return "\n".join(lines) + "\n", g.notes


def domain_call(dom):
    return (f"iova_test_domain(test, {dom['granule']}, "
            f"{dom['start_pfn']:#x}, {'true' if dom['rcaches'] else 'false'})")


def new_file(name, case, dom):
    return ("// SPDX-License-Identifier: GPL-2.0-only\n/*\n"
            " * KUnit tests of the IOVA allocator: what a caller of the API\n"
            " * can observe.\n */\n"
            "#include <kunit/test.h>\n#include <linux/iova.h>\n"
            "#include <linux/log2.h>\n#include <linux/sched.h>\n"
            + helpers_for(case) + "\n" + case + "\n"
            "static struct kunit_case iova_test_cases[] = {\n"
            f"\tKUNIT_CASE({name}),\n\t{{}}\n}};\n\n"
            "static struct kunit_suite iova_test_suite = {\n"
            "\t.name = \"iova\",\n\t.test_cases = iova_test_cases,\n};\n\n"
            "kunit_test_suite(iova_test_suite);\n\n"
            "MODULE_DESCRIPTION(\"KUnit tests for the IOVA allocator\");\n"
            "MODULE_LICENSE(\"GPL\");\n")


def add_to_file(text, name, case, dom):
    """The case added to a tree's own iova-kunit.c: the helpers it needs
    that the file lacks and the case before its case array (below what
    the file defines), the case in the array, the headers they use."""
    m = re.search(r"^static struct kunit_case \w+\[\] = \{$", text, re.M)
    end = re.compile(r"^\s*\{\s*\},?\s*$", re.M).search(text, m.end()) \
        if m else None
    if not end:
        raise Unwritable("the tree's iova-kunit.c has no kunit_case array")
    out = text[:m.start()] + helpers_for(case, text).lstrip("\n") + "\n" + \
        case + "\n" + text[m.start():end.start()] + \
        f"\tKUNIT_CASE({name}),\n" + text[end.start():]
    incs = list(re.finditer(r"^#include .*\n", out, re.M))
    at = incs[-1].end() if incs else 0
    need = "".join(f"#include {h}\n" for h in ("<linux/log2.h>",
                                                "<linux/sched.h>")
                   if h not in out)
    return out[:at] + need + out[at:]


def with_kconfig(text):
    """drivers/iommu/Kconfig with the test's entry after IOMMU_IOVA's."""
    m = re.search(r"^config IOMMU_IOVA\n(?:\t.*\n|\n)*?(?=\S|\Z)", text, re.M)
    if not m:
        raise Unwritable("drivers/iommu/Kconfig has no IOMMU_IOVA entry")
    return text[:m.end()] + KCONFIG + text[m.end():]


def with_makefile(text):
    m = re.search(r"^obj-\$\(CONFIG_IOMMU_IOVA\) \+= iova\.o\n", text, re.M)
    if not m:
        raise Unwritable("drivers/iommu/Makefile does not build iova.o")
    return text[:m.end()] + \
        "obj-$(CONFIG_IOMMU_IOVA_KUNIT_TEST) += iova-kunit.o\n" + \
        text[m.end():]


def diff(path, old, new):
    """A git diff of one file (old None: a new file)."""
    a = [] if old is None else old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    head = f"diff --git a/{path} b/{path}\n"
    if old is None:
        head += "new file mode 100644\n"
    body = difflib.unified_diff(a, b, "/dev/null" if old is None else
                                f"a/{path}", f"b/{path}", n=3)
    lines = list(body)
    # difflib's header lines carry no dates with empty dates; fix hunks
    # of a new file to git's "@@ -0,0 +1,N @@".
    return head + "".join(lines)


def diffstat(files):
    """git's diffstat of the files: name | changes +++---, totals."""
    rows, plus_all, minus_all = [], 0, 0
    for path, old, new in files:
        sm = difflib.SequenceMatcher(None, [] if old is None else
                                     old.splitlines(), new.splitlines(),
                                     autojunk=False)
        plus = minus = 0
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op in ("replace", "delete"):
                minus += i2 - i1
            if op in ("replace", "insert"):
                plus += j2 - j1
        rows.append((path, plus, minus))
        plus_all, minus_all = plus_all + plus, minus_all + minus
    width = max(len(p) for p, _, _ in rows)
    most = max(p + m for _, p, m in rows) or 1
    out = []
    for path, plus, minus in rows:
        bar = 50 * (plus + minus) // most if most > 50 else plus + minus
        bar = max(bar, 1 if plus + minus else 0)
        np = bar * plus // max(plus + minus, 1)
        out.append(f" {path:<{width}} | {plus + minus:3} "
                   f"{'+' * np}{'-' * (bar - np)}")
    tail = f" {len(rows)} file{'s' if len(rows) > 1 else ''} changed"
    if plus_all:
        tail += f", {plus_all} insertion{'s' if plus_all > 1 else ''}(+)"
    if minus_all:
        tail += f", {minus_all} deletion{'s' if minus_all > 1 else ''}(-)"
    return "\n".join(out) + "\n" + tail + "\n"


def read(tree, rel):
    try:
        with open(os.path.join(tree, rel), encoding="utf-8",
                  errors="surrogateescape") as f:
            return f.read()
    except OSError:
        return None


def cache_orders(tree):
    text = read(tree, "drivers/iommu/iova.c") or ""
    text += read(tree, "include/linux/iova.h") or ""
    m = re.search(r"#define IOVA_RANGE_CACHE_MAX_SIZE\s+(\d+)", text)
    return int(m.group(1)) if m else 0


def files_for(tree, name, case, dom):
    """[(path, old, new)] the patch changes in tree."""
    own = read(tree, "drivers/iommu/iova-kunit.c")
    if own is not None:
        return [("drivers/iommu/iova-kunit.c", own,
                 add_to_file(own, name, case, dom))]
    kconfig = read(tree, "drivers/iommu/Kconfig")
    makefile = read(tree, "drivers/iommu/Makefile")
    if kconfig is None or makefile is None:
        raise Unwritable("the tree has no drivers/iommu/Kconfig or Makefile "
                         "to add the test to")
    files = [("drivers/iommu/Kconfig", kconfig, with_kconfig(kconfig)),
             ("drivers/iommu/Makefile", makefile, with_makefile(makefile)),
             ("drivers/iommu/iova-kunit.c", None,
              new_file(name, case, dom))]
    if read(tree, "drivers/iommu/.kunitconfig") is None:
        files.insert(0, ("drivers/iommu/.kunitconfig", None,
                         kunitconfig("IOMMU_IOVA_KUNIT_TEST")))
    return files


def mail(sig, subject, body, files):
    return ("From 0000000000000000000000000000000000000000 Mon Sep 17 "
            "00:00:00 2001\n"
            "From: iovafuzz <iovafuzz@localhost>\n"
            "Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
            f"Subject: [PATCH] {subject}\n\n" + body + "\n---\n" +
            diffstat(files) + "\n" +
            "".join(diff(p, o, n) for p, o, n in files) +
            "-- \niovafuzz\n")


def patch(recs, sig, dom, tree, version, program, what, fails, reached=""):
    """(file name, mbox text) of the test patch for this finding (its
    signature, and the invariant and op that reached it)."""
    reached = reached or sig
    name = c_name(reached)
    case, notes = case_function(name, recs, sig, dom, fails,
                                cache_orders(tree), reached)
    files = files_for(tree, name, case, dom)
    subject = f"iommu/iova: add a KUnit test for {phrase(reached)}"
    log_only = KERNEL_LOG_ONLY.get(reached.split()[0])
    shows = "shows it only where the kernel reports it (below)" \
        if log_only else \
        "fails on this tree and passes once the bug is fixed"
    paras = [textwrap.fill(
        f"iovafuzz found a broken promise of the IOVA allocator on "
        f"{version}: {sig}.  This test reproduces it with the IOVA API "
        f"and KUnit alone: it {shows}.", 72),
        "What went wrong:\n" + "\n".join(f"  {x}" for x in what),
        "The program it was found with (iovafuzz text form):\n" +
        "\n".join(f"  {x}" for x in program)]
    if fails:
        paras.append("Allocation failures the program injected are the "
                     "kernel's fault\ninjection here (current->fail_nth, "
                     "CONFIG_FAILSLAB).")
    if log_only:
        paras.append(textwrap.fill(
            f"KUnit cannot fail on this finding: it is {log_only}.  The "
            "case fails under iovafuzz's scripts/kunit, whose shim "
            "records it.", 72))
    if notes:
        paras.append("The kernel form covers only part of the program:\n" +
                     "\n".join(f"  - {n}" for n in notes))
    paras.append("Run it with:\n  ./tools/testing/kunit/kunit.py run "
                 "--arch=um --kunitconfig=drivers/iommu")
    body = "\n\n".join(paras) + "\n"
    fname = f"0001-iommu-iova-add-a-KUnit-test-for-{slug(reached)}.patch"
    return fname, mail(sig, subject, body, files)
