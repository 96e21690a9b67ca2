# SPDX-License-Identifier: GPL-2.0-only
"""A minimized iova program as C: a self-contained reproducer (main(),
exit 1 with a message when the contract breaks) and a KUnit case.

Both replay the ops the runner ran, with the concrete arguments of its
trace, and check what a caller of the API can observe (no internals):
every new range lies in [start_pfn, limit], has the size asked for (the
fast path may round up to a power of two), is aligned where asked and
overlaps nothing the caller holds; alloc_iova_fast() ranges are found by
find_iova(); a freed range is no longer found; every struct iova the API
returned still holds its range (read back: ASan sees one freed early);
nothing the shim records from kernel code (a WARN, a maple tree
self-check, a sleep in atomic context: reported by its signature, "WARN
mas_nomem at lib/maple_tree.c:N: ..."), after every op and at the end;
nothing live after put_iova_domain().  What the report found
adds one expectation at the op it broke in (an allocation that must
not fail, ranges a CPU going offline or a flushing allocation must give
back).  Ranges are named by result (r[K]), so the program means the
same on any correct allocator, whatever addresses it hands out."""

import re


def pow2(n):
    p = 1
    while p < n:
        p *= 2
    return p


class Gen:
    """Statements of the reproducer's body, for either output."""

    def __init__(self, recs, sig, dom, reached=""):
        self.recs, self.sig, self.dom = recs, sig, dom
        self.out = []
        self.held = {}		# lo (in the trace) -> result number
        self.nres = 0
        self.cpu = 0
        self.cached = []	# (result, cpu) freed to the caches
        self.last = len(recs) - 1
        # The invariant the program broke: the report's reached: line
        # (the signature names the cause, not the promise).
        self.inv = (reached or sig or " ").split()[0]
        # Cached ranges a flush must give back: only where the finding
        # is that promise (reached: TREE_EQUALS_MODEL alloc_iova_fast),
        # not another departure the same op met (tree-missing-range): a
        # flushing request that needed no flush leaves them cached.
        self.flush_gone = self.inv == "TREE_EQUALS_MODEL" and \
            (not reached or reached.split()[1:2] == ["alloc_iova_fast"])

    def emit(self, line):
        self.out.append(line)

    def fast(self, line):
        """@line, a fast-path call: for a MIGHT_SLEEP finding, with
        interrupts off, as the harness makes it (the DMA API maps and
        unmaps from interrupt handlers too)."""
        if self.inv != "MIGHT_SLEEP":
            self.emit(line)
            return
        for ln in ("{\t/* interrupts off, as in an interrupt handler */",
                   "\tunsigned long flags;", "", "\tlocal_irq_save(flags);",
                   "\t" + line, "\tlocal_irq_restore(flags);", "}"):
            self.emit(ln)

    def result(self, rec):
        k = self.nres
        self.nres += 1
        if rec.lo is not None:
            self.held[rec.lo] = k
        return k

    def owner(self, pfn):
        """The result whose range (in the trace) holds pfn."""
        for lo, k in self.held.items():
            r = self.recs_lohi[k]
            if r[0] <= pfn <= r[1]:
                return k, pfn - lo
        return None, 0

    def expect_alloc(self, i, rec):
        """COMPLETE broke here: this allocation must not fail."""
        return self.inv == "COMPLETE" and i == self.last and rec.failed

    def op_alloc(self, i, rec):
        size, limit = rec.nums[0], rec.nums[1]
        k = self.result(rec)
        self.recs_lohi[k] = (rec.lo, rec.hi) if rec.lo is not None else \
            (1, 0)
        must = "1" if self.expect_alloc(i, rec) else "0"
        if rec.kind == "alloc_iova":
            self.emit(f"got_alloc(@{k}@, alloc_iova(&iovad, {size}, "
                      f"0x{limit:x}, {'true' if rec.flag else 'false'}), "
                      f"{size}, 0x{limit:x}, {int(rec.flag)}, {must});")
        else:
            flush = rec.nums[2] if len(rec.nums) > 2 else 0
            self.fast(f"got_fast(@{k}@, alloc_iova_fast(&iovad, {size}, "
                      f"0x{limit:x}, {'true' if flush else 'false'}), "
                      f"{size}, 0x{limit:x}, {must});")
            if self.flush_gone and i == self.last and flush:
                self.emit_all_cached_gone("a flushing alloc_iova_fast()",
                                          None)

    def emit_all_cached_gone(self, why, cpu):
        for k, c in self.cached:
            if cpu is None or c == cpu:
                self.emit(f"expect_gone({k}, \"{why}\");")

    def op_free(self, rec):
        pfn = rec.nums[0]
        k, off = self.owner(pfn)
        if k is None:  # nothing the caller holds
            if rec.kind == "free_iova_fast":
                self.fast(f"free_iova_fast(&iovad, 0x{pfn:x}, "
                          f"{rec.nums[1]});")
            else:
                self.emit(f"free_iova(&iovad, 0x{pfn:x});")
            return
        if rec.kind == "free_iova":
            self.emit(f"if (free_held(@{k}@, {off}))")
        elif rec.kind == "__free_iova":
            self.emit(f"if (free_handle(@{k}@))")
        else:
            self.fast(f"free_fast_held(@{k}@, {rec.nums[1]});")
        del self.held[self.recs_lohi[k][0]]
        if rec.kind == "free_iova_fast":
            self.cached.append((k, self.cpu))
        else:
            self.emit(f"\texpect_gone(@{k}@, \"{rec.kind}()\");")

    def op_find(self, rec):
        pfn = rec.nums[0]
        k, off = self.owner(pfn)
        if k is None:
            self.emit(f"find_iova(&iovad, 0x{pfn:x});")
        else:
            self.emit(f"expect_found(@{k}@, {off});")

    def op_reserve(self, rec):
        if rec.skipped:
            self.emit("/* skipped: out of reserve_iova()'s contract */")
            return
        lo, hi = rec.nums[0], rec.nums[1]
        k = self.result(rec)
        self.recs_lohi[k] = (lo, hi)
        self.emit(f"got_reserve(@{k}@, reserve_iova(&iovad, 0x{lo:x}, "
                  f"0x{hi:x}), 0x{lo:x}, 0x{hi:x});")

    def op_inject(self, rec):
        n = rec.nums[-1] if rec.nums else 1
        if "class" in rec.args:
            self.pending = f"shim_inject_class({n}, false);"
            self.unpend = "shim_inject_class(0, false);"
        elif "nonsleeping next op" in rec.args:
            self.pending = "shim_inject_nonsleeping(true);"
            self.unpend = "shim_inject_nonsleeping(false);"
        elif "ops" in rec.args:
            self.emit(f"shim_inject_pressure({n + 1});")
        else:
            self.emit(f"shim_inject_nth({n});")

    def op_env(self, rec):
        n = rec.nums[0] if rec.nums else 0
        if rec.kind == "cpu_switch":
            self.cpu = n
            self.emit(f"shim_set_cpu({n});")
        elif rec.kind == "cpu_offline":
            self.emit(f"shim_cpu_offline({n});")
            self.emit_all_cached_gone(f"cpu {n} went offline", n)
            self.cached = [(k, c) for k, c in self.cached if c != n]
        elif rec.kind == "cpu_online":
            self.emit(f"shim_cpu_online({n});")
        elif rec.kind == "run_delayed_work":
            self.emit("shim_run_delayed_work();")
        elif rec.kind == "flush_rcache":
            if rec.skipped:
                return
            self.emit(f"glue_flush_{'global(&iovad' if rec.glob else f'cpu(&iovad, {n}'});")
            self.cached = [] if rec.glob else \
                [(k, c) for k, c in self.cached if c != n]
        elif rec.kind == "drain_deferred":
            self.emit("glue_drain_deferred(&iovad);")
        elif rec.kind.startswith("put_iova_domain"):
            self.emit("domain_put();")
            nth = rec.nums[0] if rec.nums else 0
            shared = "shared" in rec.args
            self.emit(f"domain_init_again({nth}, "
                      f"{'true' if shared else 'false'});"
                      if nth or shared else "domain_init();")
            self.held, self.cached = {}, []

    def skipped(self):
        self.emit("/* skipped */")

    def dispatch(self, i, rec):
        """The statements of record @i by the kind of its op."""
        if rec.kind.startswith("alloc_iova"):
            if rec.skipped:
                self.skipped()
            else:
                self.op_alloc(i, rec)
        elif rec.kind in ("free_iova", "__free_iova", "free_iova_fast"):
            if not rec.skipped and rec.nums:
                self.op_free(rec)
        elif rec.kind == "find_iova":
            self.op_find(rec)
        elif rec.kind == "reserve_iova":
            self.op_reserve(rec)
        elif rec.kind == "inject":
            self.op_inject(rec)
        else:
            self.op_env(rec)

    def record(self, i, rec):
        """The statements of one record; a result number is @K@."""
        pend, self.pending = self.pending, None
        unpend = self.unpend
        if pend:
            self.emit(pend)
        self.dispatch(i, rec)
        if pend:
            self.emit(unpend)
        self.emit("checks();")

    def body(self):
        """Every record's statements; a run of records of one repeated
        op that differ only in a result number stepping by one is a
        loop."""
        self.recs_lohi = {}
        self.pending = self.unpend = None
        items = []
        for i, rec in enumerate(self.recs):
            self.out = []
            self.record(i, rec)
            ks = set(re.findall(r"@(\d+)@", "\n".join(self.out)))
            k = int(ks.pop()) if len(ks) == 1 else None
            tmpl = [re.sub(r"@\d+@", "@K@", x) for x in self.out] \
                if k is not None or not ks else None
            items.append((rec, k, tmpl, self.out))
        out, i = [], 0
        while i < len(items):
            j = i + 1
            rec, k, tmpl, lines = items[i]
            step = None
            while j < len(items) and tmpl is not None and not rec.retry:
                r2, k2, t2, _ = items[j]
                s2 = None if k is None else k2 - items[j - 1][1] \
                    if k2 is not None else None
                if t2 != tmpl or r2.retry or r2.line != rec.line or \
                        rec.line is None or r2.kind != rec.kind or \
                        r2.index != items[j - 1][0].index + 1 or \
                        (k is not None and (s2 not in (1, -1) or
                                            (step and s2 != step))):
                    break
                step = s2
                j += 1
            if j - i >= 3:
                out += self.loop(items[i:j], step)
            else:
                for rec, _, _, lines in items[i:j]:
                    out += self.one(rec, lines)
            i = j
        return out

    def one(self, rec, lines):
        head = [f"op({rec.index}, \"{c_str(rec.text)}\");"] \
            if not rec.retry else ["shim_inject_clear();	/* the retry */"]
        return head + [re.sub(r"@(\d+)@", r"\1", x) for x in lines]

    def loop_head(self, index, name):
        """The first statement of a loop's body: which op is running."""
        return [f"\top({index} + i, \"{name} (repeated)\");"]

    def loop(self, run, step):
        rec0, k0, tmpl, _ = run[0]
        kexpr = "0" if k0 is None else \
            f"{k0} {'+' if step == 1 else '-'} i"
        name = rec0.text.split("(", 1)[0]
        body = self.loop_head(rec0.index, name)
        body += ["\t" + x.replace("@K@", f"({kexpr})") for x in tmpl]
        return [f"/* #{rec0.index}-#{run[-1][0].index}: {len(run)} x "
                f"{c_str(name)} */",
                f"for (i = 0; i < {len(run)}; i++) {{"] + body + ["}"]


def uses_loop(body):
    return any(x.startswith("for (i = 0;") for x in body)


def c_str(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


# The helpers, shared by both outputs; FAIL(...) is how each reports.
HELPERS = r"""
#define MAX_RESULTS	%(nres)d

/* What the caller holds: result K, its range and its struct iova. */
static struct held {
	unsigned long lo, hi;
	struct iova *iova;	/* NULL: alloc_iova_fast(), or gone */
	bool live, reserved;
} r[MAX_RESULTS + 1];

static struct iova_domain iovad;

static void op(int n, const char *what)
{
	cur_op = n;
	cur_what = what;
	shim_op_begin(n);
}

static unsigned long roundup_pow2(unsigned long n)
{
	unsigned long p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/* A new range: bounds, size, alignment, overlap with what is held. */
static void check_new(unsigned long lo, unsigned long hi, unsigned long size,
		      unsigned long limit, unsigned long align, bool fast)
{
	unsigned long got = hi - lo + 1;
	int k;

	EXPECT(lo >= START_PFN && lo <= hi && hi <= limit,
	       "[0x%%lx-0x%%lx] outside [0x%%lx-0x%%lx]", lo, hi,
	       (unsigned long)START_PFN, limit);
	/* The fast path rounds up the sizes the tree's range caches hold
	 * (below 2^(IOVA_RANGE_CACHE_MAX_SIZE - 1) pages). */
	if (fast && size < 1UL << (glue_rcache_orders - 1))
		size = roundup_pow2(size);
	EXPECT(got == size, "[0x%%lx-0x%%lx] has %%lu pages, want %%lu", lo, hi,
	       got, size);
	EXPECT(lo %% align == 0, "[0x%%lx-0x%%lx] not aligned to %%lu pages",
	       lo, hi, align);
	for (k = 0; k < MAX_RESULTS; k++)
		EXPECT(!r[k].live || r[k].hi < lo || r[k].lo > hi,
		       "[0x%%lx-0x%%lx] overlaps held [0x%%lx-0x%%lx]", lo, hi,
		       r[k].lo, r[k].hi);
}

static void hold(int k, unsigned long lo, unsigned long hi,
		 struct iova *iova, bool reserved)
{
	r[k] = (struct held){ lo, hi, iova, true, reserved };
}

static void got_alloc(int k, struct iova *iova, unsigned long size,
		      unsigned long limit, bool aligned, bool must)
{
	if (must)
		EXPECT(iova, "alloc_iova(%%lu, 0x%%lx) failed, with room for it",
		       size, limit);
	if (!iova)
		return;
	check_new(iova->pfn_lo, iova->pfn_hi, size, limit,
		  aligned ? roundup_pow2(size) : 1, false);
	hold(k, iova->pfn_lo, iova->pfn_hi, iova, false);
}

static void got_fast(int k, unsigned long pfn, unsigned long size,
		     unsigned long limit, bool must)
{
	struct iova *iova;

	if (must)
		EXPECT(pfn, "alloc_iova_fast(%%lu, 0x%%lx) failed, with room for it",
		       size, limit);
	if (!pfn)
		return;
	iova = find_iova(&iovad, pfn);
	EXPECT(iova && iova->pfn_lo == pfn,
	       "find_iova(0x%%lx) misses the range alloc_iova_fast() returned",
	       pfn);
	check_new(pfn, iova->pfn_hi, size, limit, roundup_pow2(size), true);
	hold(k, pfn, iova->pfn_hi, NULL, false);
}

static void got_reserve(int k, struct iova *iova, unsigned long lo,
			unsigned long hi)
{
	if (iova)
		hold(k, lo, hi, iova, true);
}

static struct iova *handle_of(int k)
{
	return r[k].iova ? r[k].iova : find_iova(&iovad, r[k].lo);
}

static void release(int k)
{
	r[k].live = false;
	r[k].iova = NULL;
}

/*
 * The frees of what the caller holds, and nothing where it never got it:
 * under scripts/kunit --fail-nth an allocation the trace saw succeed may
 * fail, and the program goes on without that range.
 */
static bool free_held(int k, unsigned long off)
{
	if (!r[k].live)
		return false;
	free_iova(&iovad, r[k].lo + off);
	release(k);
	return true;
}

static bool free_handle(int k)
{
	if (!r[k].live)
		return false;
	__free_iova(&iovad, handle_of(k));
	release(k);
	return true;
}

static void free_fast_held(int k, unsigned long size)
{
	if (r[k].live)
		free_iova_fast(&iovad, r[k].lo, size);
	release(k);
}

/* After free_iova*(), a CPU going offline, a flush: not found. */
static void expect_gone(int k, const char *why)
{
	EXPECT(!find_iova(&iovad, r[k].lo),
	       "[0x%%lx-0x%%lx] still found after %%s", r[k].lo, r[k].hi, why);
}

static void expect_found(int k, unsigned long off)
{
	struct iova *iova;

	if (!r[k].live || r[k].reserved)
		return;
	iova = find_iova(&iovad, r[k].lo + off);
	EXPECT(iova && iova->pfn_lo == r[k].lo && iova->pfn_hi == r[k].hi,
	       "find_iova(0x%%lx) does not return held [0x%%lx-0x%%lx]",
	       r[k].lo + off, r[k].lo, r[k].hi);
}

/* Kernel code said nothing the shim records (a WARN, a maple tree
 * self-check, a sleep in atomic context); else its signature and where. */
static void expect_no_complaint(void)
{
	const struct shim_finding *w = shim_first_finding();
	char line[512];

	EXPECT(!w, "%%s", w ? shim_finding_line(w, line, sizeof(line)) : "");
}

/* The last iova_cache_put() gave back every kmem_cache the first
 * iova_cache_get() made. */
static void expect_caches_gone(void)
{
	const char *name = shim_cache_since_mark();

	EXPECT(!name, "kmem_cache %%s still exists after the last iova_cache_put()",
	       name);
}

/* After every op: no complaint, every struct iova the API gave still
 * holds its range (a reservation: some of what was reserved). */
static void checks(void)
{
	int k;

	expect_no_complaint();
	for (k = 0; k < MAX_RESULTS; k++) {
		const struct iova *iova = r[k].live ? r[k].iova : NULL;

		if (!iova)
			continue;
		if (r[k].reserved)
			EXPECT(iova->pfn_lo <= r[k].hi && iova->pfn_hi >= r[k].lo,
			       "reserve_iova(0x%%lx, 0x%%lx) gave [0x%%lx-0x%%lx]",
			       r[k].lo, r[k].hi, iova->pfn_lo, iova->pfn_hi);
		else
			EXPECT(iova->pfn_lo == r[k].lo && iova->pfn_hi == r[k].hi,
			       "the struct iova of [0x%%lx-0x%%lx] now holds [0x%%lx-0x%%lx]",
			       r[k].lo, r[k].hi, iova->pfn_lo, iova->pfn_hi);
	}
}

static void domain_init(void)
{
	memset(r, 0, sizeof(r));
	init_iova_domain(&iovad, GRANULE, START_PFN);
	EXPECT(!RCACHES || !iova_domain_init_rcaches(&iovad),
	       "iova_domain_init_rcaches() failed");
}

static void domain_put(void)
{
	put_iova_domain(&iovad);
	shim_rcu_barrier();
	expect_no_complaint();
	EXPECT(!shim_live_objects(),
	       "%%lu object(s) live after put_iova_domain()",
	       shim_live_objects());
}

/* A new domain whose set-up fails its @nth allocation (if not 0),
 * sleeping ones included.  The IOVA caches are put and got again first,
 * as a driver's remove and probe do: alone (!@shared), the put is the
 * last and a get that failed must leave no kmem_cache; with another user
 * of them (@shared: dma-iommu holds them from boot), that user gets them
 * first and puts them last.  They are got again without the failure.  If
 * the domain's own set-up failed, put_iova_domain() must work and leave
 * nothing, and the domain is made again without the failure. */
static void domain_init_again(unsigned long nth, bool shared)
{
	int err;

	if (shared)
		EXPECT(!iova_cache_get(), "another user's iova_cache_get() failed");
	iova_cache_put();
	if (!shared)
		expect_caches_gone();
	if (nth)
		shim_inject_nth_any(nth);
	err = iova_cache_get();
	if (nth) {
		nth = shim_inject_nth_left();
		shim_inject_nth(0);
	}
	if (err) {
		EXPECT(shared || !shim_cache_since_mark(),
		       "kmem_cache %%s still exists after a failed iova_cache_get()",
		       shim_cache_since_mark());
		EXPECT(!iova_cache_get(), "iova_cache_get() failed");
	}
	memset(r, 0, sizeof(r));
	init_iova_domain(&iovad, GRANULE, START_PFN);
	err = 0;
	if (RCACHES) {
		unsigned long injected = shim_op_stats()->injected;

		if (nth)
			shim_inject_nth_any(nth);
		err = iova_domain_init_rcaches(&iovad);
		if (nth)
			shim_inject_nth(0);
		/* Only an injected failure excuses a failed set-up. */
		EXPECT(!err || shim_op_stats()->injected != injected,
		       "iova_domain_init_rcaches() failed");
	}
	if (err) {
		domain_put();
		domain_init();
	}
	if (shared)
		iova_cache_put();
}
"""


def header(sig, what, build):
    return f"""// SPDX-License-Identifier: GPL-2.0-only
/*
 * iovafuzz reproducer{what}: {sig}
 *
 * Generated by scripts/repro from a minimized program; it checks what a
 * caller of the IOVA API can observe.  Build and run (userspace, against
 * the shim and a tree's iova.c):
 *
{build}
 */
"""


def domain_defs(dom):
    return ("/* The op running, for messages. */\n"
            "static int cur_op = -1;\n"
            "static const char *cur_what = \"init_iova_domain\";\n\n"
            f"#define GRANULE\t\t{dom['granule']}UL\n"
            f"#define START_PFN\t0x{dom['start_pfn']:x}UL\n"
            f"#define NR_CPUS_USED\t{dom['cpus']}\n"
            f"#define RCACHES\t\t{1 if dom['rcaches'] else 0}\n")


def c_file(recs, sig, dom, build, reached=""):
    g = Gen(recs, sig, dom, reached)
    body = g.body()
    fail = r"""
static __attribute__((noreturn, format(printf, 1, 2)))
void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "repro: op #%d %s: ", cur_op, cur_what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	_exit(1);	/* the domain is half-built: not a leak to report */
}

#define EXPECT(cond, ...) do { if (!(cond)) fail(__VA_ARGS__); } while (0)

/* A kernel BUG breaks the contract too: the shim's BUG() aborts. */
static void on_bug(int sig)
{
	(void)sig;
	fprintf(stderr, "repro: op #%d %s: kernel BUG\n", cur_op, cur_what);
	_exit(1);
}
"""
    lines = [header(sig, "", build),
             "#include <signal.h>\n#include <stdarg.h>\n#include <stdbool.h>\n"
             "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n\n"
             "#include <linux/iova.h>\n#include <shim/shim.h>\n\n"
             "/* Harness calls the kernel API has no name for. */\n"
             "#include \"glue.h\"\n\n",
             domain_defs(dom), fail, HELPERS % {"nres": max(g.nres, 1)},
             "\nint main(void)\n{\n",
             "\tint i;\n\n" if uses_loop(body) else "",
             "\tsignal(SIGABRT, on_bug);\n",
             "\tshim_reset(NR_CPUS_USED);\n\tglue_register_classes();\n",
             "\tshim_cache_mark();\n",
             "\tEXPECT(!iova_cache_get(), \"iova_cache_get() failed\");\n",
             "\tdomain_init();\n"]
    lines += ["\t" + s + "\n" for s in body]
    lines += ["\tcur_op = -1;\n\tcur_what = \"put_iova_domain\";\n",
              "\tdomain_put();\n\tiova_cache_put();\n",
              "\texpect_caches_gone();\n\texpect_no_complaint();\n",
              "\tprintf(\"repro: ok: the contract held\\n\");\n",
              "\treturn 0;\n}\n"]
    return "".join(lines)


def kunit_file(recs, sig, dom, name, build, reached=""):
    """A KUnit case: the same body, KUNIT_ASSERT_* where the C file
    exits.  The kunit shim (scripts/kunit) runs it in userspace."""
    g = Gen(recs, sig, dom, reached)
    body = g.body()
    fail = r"""
static struct kunit *cur_test;

/* Stops the case at the first broken expectation, as KUNIT_ASSERT does. */
#define EXPECT(cond, ...) KUNIT_ASSERT_TRUE_MSG(cur_test, cond, __VA_ARGS__)
"""
    helpers = HELPERS % {"nres": max(g.nres, 1)}
    # The helpers cannot return a value from the case: they assert on
    # cur_test, which KUnit ends the case on.
    lines = [header(sig, " (KUnit case)", build),
             "#include <kunit/test.h>\n#include <linux/iova.h>\n"
             "#include <linux/string.h>\n\n"
             "/* Userspace only: CPUs, work and failure injection. */\n"
             "#include <shim/shim.h>\n#include \"glue.h\"\n\n",
             domain_defs(dom), fail, helpers,
             f"\nstatic void {name}(struct kunit *test)\n{{\n",
             "\tint i;\n\n" if uses_loop(body) else "",
             "\tcur_test = test;\n",
             "\t/* scripts/kunit runs a case on one CPU: this one needs more\n"
             "\t * (which ends --fail-nth's injection for it). */\n"
             "\tif (NR_CPUS_USED > 1)\n\t\tshim_reset(NR_CPUS_USED);\n"
             "\tglue_register_classes();\n",
             "\tshim_cache_mark();\n",
             "\tKUNIT_ASSERT_EQ(test, iova_cache_get(), 0);\n",
             "\tdomain_init();\n"]
    lines += ["\t" + s + "\n" for s in body]
    lines += ["\tcur_op = -1;\n\tcur_what = \"put_iova_domain\";\n",
              "\tdomain_put();\n\tiova_cache_put();\n"
              "\texpect_caches_gone();\n}\n\n",
              f"static struct kunit_case {name}_cases[] = {{\n",
              f"\tKUNIT_CASE({name}),\n\t{{}}\n}};\n\n",
              f"static struct kunit_suite {name}_suite = {{\n",
              f"\t.name = \"{name.replace('_', '-')}\",\n",
              f"\t.test_cases = {name}_cases,\n}};\n\n",
              f"kunit_test_suite({name}_suite);\n",
              "\nMODULE_LICENSE(\"GPL\");\n"]
    return "".join(lines)


SHARED_HEADER = "iova_repro.h"


def helpers_header():
    """HELPERS as a header of their own, for a directory of generated
    cases (corpus/kunit/) to share: each case defines MAX_RESULTS, its
    domain and EXPECT, then includes it."""
    body = HELPERS.replace("#define MAX_RESULTS\t%(nres)d\n", "", 1) % {}
    return ("/* SPDX-License-Identifier: GPL-2.0-only */\n/*\n"
            " * What every case scripts/repro generated needs: the ranges the\n"
            " * caller holds and the checks of what it can observe.  A case\n"
            " * defines MAX_RESULTS, GRANULE, START_PFN, NR_CPUS_USED, RCACHES,\n"
            " * cur_op, cur_what and EXPECT() first.  Written by\n"
            " * tests/repro/make_kunit_corpus.sh from scripts/lib/repro_c.py.\n"
            " */\n#ifndef _IOVA_REPRO_H\n#define _IOVA_REPRO_H\n"
            + body + "\n#endif\n")


def share_helpers(text):
    """A generated file with its helpers replaced by the shared header."""
    m = re.search(r"^#define MAX_RESULTS\t(\d+)$", text, re.M)
    if not m:
        raise ValueError("no MAX_RESULTS: not a generated case")
    own = HELPERS % {"nres": int(m.group(1))}
    if own not in text:
        raise ValueError("helpers differ from repro_c.py's: regenerate")
    return text.replace(own, f"\n#define MAX_RESULTS\t{m.group(1)}\n\n"
                        f"#include \"{SHARED_HEADER}\"\n", 1)


def domain_of(keys):
    """The domain: line of a report, as numbers."""
    d = dict(re.findall(r"(\w+)=(\S+)", keys.get("domain", "")))
    return {"granule": int(d.get("granule", 4096)),
            "start_pfn": int(d.get("start_pfn", "0x1"), 16),
            "cpus": int(d.get("cpus", 1)),
            "rcaches": d.get("rcaches", "on") == "on"}
