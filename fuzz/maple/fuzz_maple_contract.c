// SPDX-License-Identifier: GPL-2.0-only
/*
 * maple_contract: the maple tree properties of fuzz/maple/maple_props.c under
 * fuzzed tree shapes and allocation failures.  Each four input bytes are
 * one op on an MT_FLAGS_ALLOC_RANGE tree mirrored in the reference model;
 * after every op the tree must equal the model, and nothing may leak.
 * What the maple tree itself says (a WARN, a failed self-check, a sleep
 * under the lock: what the shim records) is a finding too, signature
 * "WARN mas_nomem" and the like, unless IOVAFUZZ_KNOWN lists it.  A
 * report names each op, the range and entry it touched and the failures
 * injected into it (the text form, fuzz/lang/text_maple.h); text programs are
 * read too (told apart by their first line).
 *
 * mt_validate() walks the whole tree: fuzzing runs it after every 16th op
 * and the last, a replay after every op (validate_every()), so that a
 * finding names the op that broke the tree and shrinks to it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <shim/shim.h>

#include "known.h"
#include "maple_props.h"
#include "text_maple.h"

#define MAX_OPS MC_MAX_OPS

static struct maple_tree mt;
static spinlock_t lock;
static struct model m;
static int payload;
/* What each op did, for the report. */
static char done[MAX_OPS][64];
static unsigned int cur;

static __attribute__((format(printf, 1, 2))) void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(done[cur], sizeof(done[cur]), fmt, ap);
	va_end(ap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The report: @sig on the title and signature: lines, @detail after the
 * title when there is one. */
static __attribute__((noreturn))
void finding(unsigned int op, const uint8_t *data, const char *inv,
	     const char *sig, const char *detail)
{
	static struct mc_program p;
	unsigned int i;

	mc_decode(data, 4 * (op + 1), &p);
	fprintf(stderr, "iovafuzz: %s in op #%u%s%s\n\n", sig, op,
		detail ? ": " : "", detail ? detail : "");
	fprintf(stderr, "invariant: %s\nsignature: %s\n", inv, sig);
	fprintf(stderr, "op:        %u\nprogram:\n", op);
	for (i = 0; i <= op; i++) {
		fprintf(stderr, "  #%-3u ", i);
		mc_op_print(stderr, &p.ops[i]);
		fprintf(stderr, "%s%s\n", done[i][0] ? "  # " : "", done[i]);
	}
	fprintf(stderr, "model:\n");
	model_dump(&m, stderr, 0, ULONG_MAX);
	abort();
}

/* A contract property that broke: MAPLE_CONTRACT <why>. */
static __attribute__((noreturn))
void broke(unsigned int op, const uint8_t *data, const char *why)
{
	finding(op, data, "MAPLE_CONTRACT", mp_signature(why), NULL);
}

/* What the maple tree said during op #@op (a WARN, a self-check, a sleep
 * under the lock) is a finding of its own, unless it is known. */
static void check_complaint(unsigned int op, const uint8_t *data)
{
	const struct shim_finding *f;
	char sig[128], line[512];

	f = known_complaint(sig, sizeof(sig));
	if (f)
		finding(op, data, f->kind, sig,
			shim_finding_line(f, line, sizeof(line)));
}

/* Put a range of 1..32 pfns at the highest fit in a window, checking the
 * gap search against the model first. */
static const char *op_insert(uint8_t a, uint8_t b, uint8_t c)
{
	unsigned long sz = 1 + (a & 31), min = b * 4UL, max = min + c * 8UL;
	const char *why = mp_empty_area_rev(&mt, &lock, &m, min, max, sz);
	unsigned long lo;

	/* A known deviation: skip this insert, go on with the program. */
	if (why)
		return known_hit(mp_signature(why)) ? (note("known deviation"), NULL) : why;
	m.start_pfn = min;
	if (!model_highest_fit(&m, sz, max, 0, &lo))
		return note("no fit"), NULL;
	if (mp_store(&mt, &lock, lo, lo + sz - 1, &payload))
		return note("[0x%lx-0x%lx] store failed", lo, lo + sz - 1), NULL;
	note("= [0x%lx-0x%lx]", lo, lo + sz - 1);
	model_insert(&m, lo, lo + sz - 1, MS_LIVE, sz, 0);
	return NULL;
}

static const char *op_erase(uint8_t a, bool atomic_fail)
{
	const struct model_range *r;
	bool erased = true;
	const char *why = NULL;

	if (!m.nr)
		return note("no entry"), NULL;
	r = model_at(&m, a % m.nr);
	note("[0x%lx-0x%lx]", r->lo, r->hi);
	if (atomic_fail)
		why = mp_erase_atomic(&mt, &lock, &m, r->lo, r->hi, &erased);
	else if (mp_store(&mt, &lock, r->lo, r->hi, NULL))
		return "an erase without allocation failures failed";
	if (!why && erased)
		model_remove(&m, a % m.nr);
	else if (!why)
		note("[0x%lx-0x%lx] kept: -ENOMEM", r->lo, r->hi);
	return why;
}

static const char *op_overwrite(uint8_t a)
{
	const struct model_range *r;

	if (!m.nr)
		return note("no entry"), NULL;
	r = model_at(&m, a % m.nr);
	note("[0x%lx-0x%lx]", r->lo, r->hi);
	return mp_exact_overwrite(&mt, &lock, &m, r->lo, r->hi, &payload);
}

static const char *op_prealloc(uint8_t a, uint8_t b)
{
	unsigned long live = mp_settled_live(), lo = a * 4UL;
	MA_STATE(mas, &mt, lo, lo + (b & 15));

	shim_inject_nth(1 + (b >> 4));
	spin_lock(&lock);
	if (!mas_preallocate(&mas, b & 1 ? NULL : &payload, GFP_ATOMIC))
		mas_destroy(&mas);
	spin_unlock(&lock);
	shim_inject_nth(0);
	return mp_settled_live() != live ?
	       "a preallocation leaked or freed nodes" : NULL;
}

static const char *run_op(const uint8_t *op)
{
	switch (op[0] % 6) {
	case 0:
	case 1:
		return op_insert(op[1], op[2], op[3]);
	case 2:
		return op_erase(op[1], true);
	case 3:
		return op_erase(op[1], false);
	case 4:
		return op_overwrite(op[1]);
	default:
		return op_prealloc(op[1], op[2]);
	}
}

static void print_known(void)
{
	known_report(stderr);
}

/* Validate after every op, not only every 16th (and the last)? */
static bool every_op;

/*
 * A replay validates after every op, fuzzing does not (the walk costs
 * more than the op).  libFuzzer replays when every input it is given is
 * a file, not a directory (its RunIndividualFiles): the replays of
 * scripts/fuzz, scripts/repro and the minimizers.  IOVAFUZZ_VALIDATE_EVERY
 * set says which, 1 or 0, whatever the arguments.
 */
static bool validate_every(int argc, char **argv)
{
	const char *env = getenv("IOVAFUZZ_VALIDATE_EVERY");
	struct stat sb;
	int i, files = 0;

	if (env && *env)
		return strcmp(env, "0") != 0;
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-')
			continue;
		if (stat(argv[i], &sb) || !S_ISREG(sb.st_mode))
			return false;
		files++;
	}
	return files > 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	known_load();
	known_load_beside((*argv)[0]);
	atexit(print_known);
	every_op = validate_every(*argc, *argv);
	return 0;
}

/*
 * A text program, as the bytes it stands for.  One that does not parse
 * is said so in one line and run as the bytes it is: the target stays
 * total, as libFuzzer needs (iovafuzz_prog and scripts/repro refuse it,
 * exit 2).
 */
static size_t from_text(const uint8_t **data, size_t size)
{
	static struct mc_program p;
	static uint8_t buf[4 * MAX_OPS];
	char err[160];

	if (!mc_parse((const char *)*data, size, &p, err, sizeof(err))) {
		fprintf(stderr, "maple_contract: not a valid text program: %s\n",
			err);
		return size;
	}
	*data = buf;
	return mc_encode(&p, buf, sizeof(buf));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int i, n;
	const char *why;

	if (mc_is_text(data, size))
		size = from_text(&data, size);
	n = size / 4 < MAX_OPS ? size / 4 : MAX_OPS;
	memset(done, 0, sizeof(done));

	shim_reset(1);
	spin_lock_init(&lock);
	mt_init_flags(&mt, MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);
	if (!m.r)
		model_init(&m, 0);
	model_reset(&m, 0);
	for (i = 0; i < n; i++) {
		cur = i;
		why = run_op(data + 4 * i);
		if (!why)
			why = mp_tree_equals_model(&mt, &m, every_op ||
						   i % 16 == 15 || i == n - 1);
		check_complaint(i, data);
		if (why)
			broke(i, data, why);
	}
	spin_lock(&lock);
	__mt_destroy(&mt);
	spin_unlock(&lock);
	check_complaint(n ? n - 1 : 0, data);
	if (mp_settled_live())
		broke(n ? n - 1 : 0, data, "nodes live after mtree destroy");
	return 0;
}
