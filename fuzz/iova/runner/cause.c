// SPDX-License-Identifier: GPL-2.0-only
/*
 * The signature of a finding an op reached, named by its cause: the
 * invariant and the entry point of iova.c that broke it, the same
 * whichever caller, path flag or check interval reached it.
 *
 * The path each op takes through iova.c is recorded (src/shim/kcov.c).
 * The entry point is the exported function the op entered last from the
 * caller or from another exported one: alloc_iova() whether a driver
 * called it or alloc_iova_fast() did after a cache miss, alloc_iova_fast()
 * when a magazine served it; iova_drain_deferred() called by a search is
 * the search's.  A failed request is named by where it failed, the last
 * jump of the helper that did the work (the hint test's goto, the search
 * giving up), so that two bugs of one search stay two:
 *
 *   COMPLETE alloc_iova at __alloc_and_insert_iova_range: goto iova32_full;
 *
 * The op is the one after which the state first departs from the model:
 * the replayer runs the program again with every check after every op.
 * What kernel code reported itself (WARN, maple-tree check) is named by
 * where it said it.  Paths are recorded in the san flavour only (the
 * replayer, which names findings); elsewhere a finding keeps the
 * invariant and the op or defect it was seen at.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <shim/kcov.h>

#include "run.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAUSE_SYMBOLIZE 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

#define SITE_BITS	14		/* blocks of iova.c */

struct site {
	uintptr_t pc;
	char func[64];
	unsigned int line;
	bool ours;		/* in the tree's drivers/iommu/iova.c */
	bool exported;		/* in a function iova.c exports */
};

static struct site sites[1u << SITE_BITS];
static char *src_text;		/* iova.c, once read */

static unsigned int hash(uintptr_t a, uintptr_t b, unsigned int bits)
{
	uint64_t h = (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xc2b2ae3d27d4eb4full);

	return (h ^ h >> 29) & ((1u << bits) - 1);
}

/* ---- iova.c's exports ---- */

#ifdef CAUSE_SYMBOLIZE
static char src_path[512];

static void read_source(const char *path)
{
	FILE *f;
	long n;

	if (src_text || !*path)
		return;
	snprintf(src_path, sizeof(src_path), "%s", path);
	f = fopen(path, "r");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		if (f)
			fclose(f);
		src_text = strdup("");
		return;
	}
	src_text = calloc(1, n + 1);
	if (!src_text || fread(src_text, 1, n, f) != (size_t)n)
		abort();
	fclose(f);
}

#endif

/* Line @n of iova.c without indentation, comment and trailing brace,
 * blanks folded ('#' too: it starts a comment in --known files). */
static void line_text(unsigned int n, char *buf, size_t len)
{
	const char *p = src_text;
	size_t k = 0;
	bool blank = false;

	while (p && *p && --n)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
	if (!p)
		p = "";
	while (*p == ' ' || *p == '\t' || *p == '}')
		p++;
	for (; *p && *p != '\n' && k + 1 < len; p++) {
		if (p[0] == '/' && (p[1] == '*' || p[1] == '/'))
			break;
		if (*p == ' ' || *p == '\t') {
			blank = true;
			continue;
		}
		if (blank && k)
			buf[k++] = ' ';
		blank = false;
		buf[k++] = *p == '#' ? ' ' : *p;
	}
	while (k && (buf[k - 1] == '{' || buf[k - 1] == ' '))
		k--;
	buf[k] = '\0';
}

#ifdef CAUSE_SYMBOLIZE
/* Does iova.c export @func (EXPORT_SYMBOL_GPL(func), EXPORT_SYMBOL)? */
static bool is_exported(const char *func)
{
	char pat[96];

	snprintf(pat, sizeof(pat), "(%s);", func);
	for (const char *p = src_text; p && (p = strstr(p, pat)); p++)
		if (p >= src_text + 13 && !strncmp(p - 13, "EXPORT_SYMBOL", 13))
			return true;
		else if (p >= src_text + 17 &&
			 !strncmp(p - 17, "EXPORT_SYMBOL_GPL", 17))
			return true;
	return false;
}
#endif

/* ---- sites ---- */

static void symbolize(struct site *s)
{
#ifdef CAUSE_SYMBOLIZE
	char buf[1024], *file, *line, *nl;
	const char *tail = "/drivers/iommu/iova.c";

	__sanitizer_symbolize_pc((void *)s->pc, "%f\t%s\t%l\n", buf,
				 sizeof(buf));
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	file = strchr(buf, '\t');
	line = file ? strchr(file + 1, '\t') : NULL;
	if (!line)
		return;
	*file++ = *line++ = '\0';
	snprintf(s->func, sizeof(s->func), "%s", buf);
	s->line = strtoul(line, NULL, 10);
	if (strlen(file) < strlen(tail) ||
	    strcmp(file + strlen(file) - strlen(tail), tail))
		return;
	read_source(file);
	s->ours = !strcmp(file, src_path);
	s->exported = s->ours && is_exported(s->func);
#endif
}

static struct site *site_of(uintptr_t pc)
{
	static struct site none;	/* table full: not ours, not named */
	static unsigned int nr_sites;
	unsigned int i = hash(pc, 0, SITE_BITS);

	while (sites[i].pc && sites[i].pc != pc)
		i = (i + 1) & ((1u << SITE_BITS) - 1);
	if (!sites[i].pc && nr_sites + 1 >= 1u << SITE_BITS)
		return &none;
	if (!sites[i].pc) {
		nr_sites++;
		sites[i].pc = pc;
		symbolize(&sites[i]);
	}
	return &sites[i];
}

/* ---- the op's path ---- */

void cause_reset(void)
{
	shim_kcov_reset();
}

/* A new op: its path is recorded afresh. */
void cause_op_begin(void)
{
	shim_kcov_reset();
}

#define CALL_DEPTH	32

/* Where the path is in the call tree once it enters block @s: the
 * stack is cut back to @s's function, or @s's function is pushed.
 * True if it was a call. */
static bool enter(const struct site **stack, unsigned int *depth,
		  const struct site *s)
{
	unsigned int k;

	for (k = 0; k < *depth && strcmp(stack[k]->func, s->func); k++)
		;
	if (k < *depth) {
		*depth = k + 1;
		return false;
	}
	if (*depth < CALL_DEPTH)
		stack[(*depth)++] = s;
	return true;
}

/* The event at which the op last called an exported function from the
 * caller or from another exported one (not from a helper, as a search
 * that drains deferred frees first calls iova_drain_deferred()): the
 * entry point that did its work; @n if it called none.  With @fn, the
 * first such call of @fn. */
static size_t entry_call(const uintptr_t *ev, size_t n, const char *fn)
{
	const struct site *stack[CALL_DEPTH];
	unsigned int depth = 0;
	size_t i, entry = n;

	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (!s->ours || (ev[i] & 1) || !enter(stack, &depth, s) ||
		    !s->exported || (depth > 1 && !stack[depth - 2]->exported))
			continue;
		if (fn && !strcmp(fn, s->func))
			return i;
		if (!fn)
			entry = i;
	}
	return entry;
}

struct helper {
	const char *func;
	unsigned int blocks;
	const struct site *prev;	/* its last block */
	const struct site *jump;	/* its last block that jumped */
};

/*
 * Where a failed request failed: in the entry point's call at event
 * @from (its first: a retry after a flush inherits the first search's
 * failure), of the static helpers it called, the one that ran most blocks
 * of its own (the search); the last block from which its path jumped (a
 * goto, a return from inside a test) rather than ran on to the next
 * lines.  That tells the test that failed it apart from another, before
 * the exit they share.  False if no helper jumped.
 */
static bool failed_at(const uintptr_t *ev, size_t n, size_t from,
		      char *buf, size_t len)
{
	const struct site *stack[CALL_DEPTH];
	struct helper h[CALL_DEPTH];
	unsigned int depth = 0, base = 0, nr = 0, k, best = 0;
	char text[160];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);
		struct helper *x;

		if (!s->ours || (ev[i] & 1) || !s->line)
			continue;
		enter(stack, &depth, s);
		if (i == from)
			base = depth;
		if (i < from)
			continue;
		if (depth < base)
			break;		/* the call returned */
		if (depth != base + 1 || s->exported)
			continue;
		for (k = 0; k < nr && strcmp(h[k].func, s->func); k++)
			;
		if (k == nr && nr == CALL_DEPTH)
			continue;
		if (k == nr)
			h[nr++] = (struct helper){ s->func, 0, NULL, NULL };
		x = &h[k];
		x->blocks++;
		if (x->prev && (s->line < x->prev->line ||
				s->line > x->prev->line + 2))
			x->jump = x->prev;
		x->prev = s;
	}
	for (k = 1; k < nr; k++)
		if (h[k].blocks >= h[best].blocks)
			best = k;
	if (!nr || !h[best].jump)
		return false;
	line_text(h[best].jump->line, text, sizeof(text));
	snprintf(buf, len, "%s: %s", h[best].func, text);
	return true;
}

/*
 * Names the finding of the op that just failed into @buf, and how into
 * @why: the invariant, the entry point, and for a failed request where
 * it failed.  False if the op did not enter iova.c (or no path was
 * recorded).
 */
bool cause_name(char *buf, size_t len, char *why, size_t wlen)
{
	const uintptr_t *ev;
	bool lost;
	size_t n = shim_kcov_read(&ev, &lost), entry = entry_call(ev, n, NULL);
	const char *flags = strchr(run.where, ' ');
	char site[288];

	if (entry == n)
		return false;
	snprintf(why, wlen, "op #%u (%s %s) entered %s() last%s",
		 run.nr_recs ? run.nr_recs - 1 : 0, run.inv, run.where,
		 site_of(ev[entry] >> 1)->func,
		 lost ? " (path cut short)" : "");
	if (strcmp(run.inv, "COMPLETE")) {
		snprintf(buf, len, "%s %s", run.inv,
			 site_of(ev[entry] >> 1)->func);
	} else if (failed_at(ev, n, entry_call(ev, n,
					       site_of(ev[entry] >> 1)->func),
			     site, sizeof(site))) {
		snprintf(buf, len, "%s %s at %s", run.inv,
			 site_of(ev[entry] >> 1)->func, site);
	} else {
		snprintf(buf, len, "%s %s%s", run.inv,
			 site_of(ev[entry] >> 1)->func, flags ? flags : "");
	}
	return true;
}

/* The signature the run that just ended gives by itself. */
static void settle_own(void)
{
	snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv, run.where);
	run.cause_why[0] = '\0';
	if (run.kernel_said)
		return;
	if (!cause_name(run.cause, sizeof(run.cause), run.cause_why,
			sizeof(run.cause_why)))
		snprintf(run.cause, sizeof(run.cause), "%s %s", run.inv,
			 run.where);
}

bool run_pin_by_exec;

/*
 * The signature the same program gives with every check after every op
 * (-e), from a replayer of its own: a fresh process (/proc/self/exe
 * --pin), as a run that failed leaves state a second run would inherit.
 * False if it found nothing or could not run.
 */
static bool pinned(const uint8_t *data, size_t size, char *cause,
		   size_t len, char *why, size_t wlen)
{
	int in[2], out[2], status;
	char buf[1024] = "", *nl, *p;
	size_t got = 0;
	ssize_t k;
	pid_t pid;

	if (pipe(in))
		return false;
	if (pipe(out)) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	fflush(NULL);
	pid = fork();
	if (!pid) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execl("/proc/self/exe", "iovafuzz-replay", "--pin", (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (pid > 0 && write(in[1], data, size) != (ssize_t)size)
		size = 0;
	close(in[1]);
	while (pid > 0 && got + 1 < sizeof(buf) &&
	       (k = read(out[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += k;
	buf[got] = '\0';
	close(out[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) != 1 || !size)
		return false;
	p = strstr(buf, "signature: ");
	nl = p ? strchr(p, '\n') : NULL;
	if (!nl)
		return false;
	*nl = '\0';
	snprintf(cause, len, "%s", p + 11);
	p = strstr(nl + 1, "cause: ");
	nl = p ? strchr(p, '\n') : NULL;
	if (nl)
		*nl = '\0';
	snprintf(why, wlen, "%s, every check after every op",
		 p ? p + 7 : "its first departure");
	return true;
}

/*
 * The signature of the finding of the run that just ended, into
 * run.cause.  It is named in the op after which the state first departs
 * from the contract: the replayer runs the program again with every
 * check after every op (-e).  What kernel code reported itself (WARN,
 * maple-tree check) is named by where it said it.  Without a recorded
 * path (not the san flavour), the finding keeps the invariant and op it
 * was seen at.
 */
void cause_settle(const uint8_t *data, size_t size)
{
	char cause[sizeof(run.cause)], why[sizeof(run.cause_why)];
	unsigned int at = run.nr_recs;
	const uintptr_t *ev;
	bool lost;

	settle_own();
	if (!run_pin_by_exec || run.opts->every_op || run.kernel_said ||
	    !shim_kcov_read(&ev, &lost) ||
	    !pinned(data, size, cause, sizeof(cause), why, sizeof(why)))
		return;
	/* A full check can settle the model differently, so that later
	 * ops pick other ranges: a departure after the finding is
	 * another's (the op is in "cause: op #N"). */
	if (strncmp(why, "op #", 4) || strtoul(why + 4, NULL, 10) >= at)
		return;
	memcpy(run.cause, cause, sizeof(cause));
	memcpy(run.cause_why, why, sizeof(why));
}
