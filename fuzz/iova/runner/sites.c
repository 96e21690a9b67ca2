// SPDX-License-Identifier: GPL-2.0-only
/*
 * The blocks of iova.c a recorded path went through (src/shim/kcov.c):
 * each program counter, once, as its function, its line, whether it is
 * in the tree's drivers/iommu/iova.c and whether that function is
 * exported (the tree's own EXPORT_SYMBOL*, not names in our port).
 * Symbolized by the sanitizer runtime, so only in the san flavour; in
 * the others no block is ours and no path names anything.
 */
#define _GNU_SOURCE		/* dladdr() */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAUSE_SYMBOLIZE 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

#define SITE_BITS	14		/* blocks of iova.c */

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
void line_text(unsigned int n, char *buf, size_t len)
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

/* ---- decisions: the statements of iova.c that choose a path ---- */

static const char **lines;	/* lines[n]: line n of iova.c */
static unsigned int nr_lines;
static signed char *stmt_kind;	/* per line: -1 unknown, 0 no decision */

static void index_lines(void)
{
	const char *p;
	unsigned int n = 1;

	if (lines || !src_text)
		return;
	for (p = src_text; *p; p++)
		n += *p == '\n';
	lines = calloc(n + 2, sizeof(*lines));
	stmt_kind = malloc(n + 2);
	if (!lines || !stmt_kind)
		abort();
	memset(stmt_kind, -1, n + 2);
	lines[1] = src_text;
	for (p = src_text, nr_lines = 1; *p; p++)
		if (*p == '\n' && p[1])
			lines[++nr_lines] = p + 1;
}

/* The last character of line @n that is code (not blank, not comment);
 * '\0' for a line with none, or one that is a comment or directive. */
static char code_end(unsigned int n)
{
	const char *p = lines[n], *end = strchr(p, '\n');
	char last = '\0';

	if (!end)
		end = p + strlen(p);
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p == '#' || *p == '*' || (p[0] == '/' && p[1] == '*'))
		return '\0';
	for (; p < end; p++) {
		if (p[0] == '/' && (p[1] == '*' || p[1] == '/'))
			break;
		if (*p != ' ' && *p != '\t')
			last = *p;
	}
	return last;
}

/* The line the statement holding line @n starts at: a line whose code
 * ends in none of ; { } : goes on at the next one. */
static unsigned int stmt_start(unsigned int n)
{
	char c;

	while (n > 1 && (c = code_end(n - 1)) && !strchr(";{}:", c))
		n--;
	return n;
}

/* The line the statement holding line @n of iova.c starts at. */
unsigned int stmt_line(unsigned int n)
{
	index_lines();
	return lines && n && n <= nr_lines ? stmt_start(n) : n;
}

/* The statement from line @n, blanks folded, comments left out. */
static void stmt_text(unsigned int n, char *buf, size_t len)
{
	char part[256];
	size_t k = 0;

	buf[0] = '\0';
	for (; n <= nr_lines && k + 1 < len; n++) {
		char c = code_end(n);

		line_text(n, part, sizeof(part));
		k += snprintf(buf + k, len - k, "%s%s", k ? " " : "", part);
		if (k >= len || !c || strchr(";{}:", c))
			break;
	}
}

static const char *const decision_words[] = {
	"if ", "if(", "else if", "while ", "while(", "for ", "for(",
	"switch", "WARN_ON", "WARN_ON_ONCE", "BUG_ON", NULL
};

/*
 * Is the statement holding line @n of iova.c one that chooses a path
 * (if, while, for, switch, a ternary, WARN_ON/BUG_ON)?  Its text, from
 * the keyword to the end of its condition, into @buf (if not NULL).
 */
bool decision_at(unsigned int n, char *buf, size_t len)
{
	char text[512], *p, *q;
	unsigned int i;
	int open = 0;

	index_lines();
	if (!lines || !n || n > nr_lines || !stmt_kind[n])
		return false;
	if (stmt_kind[n] == 1 && !buf)
		return true;
	stmt_text(stmt_start(n), text, sizeof(text));
	for (p = text; *p == '}' || *p == ' '; p++)
		;
	if (!strncmp(p, "else if", 7))
		p += 5;
	for (i = 0; decision_words[i]; i++)
		if (!strncmp(p, decision_words[i], strlen(decision_words[i])))
			break;
	if (!decision_words[i] && !strstr(p, " ? ")) {
		stmt_kind[n] = 0;
		return false;
	}
	stmt_kind[n] = 1;
	/* From the keyword to the parenthesis that closes its condition. */
	for (q = p; decision_words[i] && *q; q++) {
		open += (*q == '(') - (*q == ')');
		if (*q == ')' && !open) {
			q[1] = '\0';
			break;
		}
	}
	if (buf)
		snprintf(buf, len, "%s", p);
	return true;
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

static unsigned int nr_sites;

/* The slot of block @pc, taken if new (*@fresh); NULL: the table is full. */
static struct site *slot(uintptr_t pc, bool *fresh)
{
	unsigned int i = hash(pc, 0, SITE_BITS);

	while (sites[i].pc && sites[i].pc != pc)
		i = (i + 1) & ((1u << SITE_BITS) - 1);
	*fresh = !sites[i].pc;
	if (*fresh && nr_sites + 1 >= 1u << SITE_BITS)
		return NULL;
	if (*fresh) {
		nr_sites++;
		sites[i].pc = pc;
	}
	return &sites[i];
}

#ifdef CAUSE_SYMBOLIZE
/* A block, from the symbolizer's "function<TAB>file<TAB>line". */
static void fill(struct site *s, char *buf)
{
	const char *tail = "/drivers/iommu/iova.c";
	char *file, *line, *nl;

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
}

/*
 * What the symbolizer said of each block, kept beside the binary
 * (BIN.sites) for the next replay of it: starting llvm-symbolizer on this
 * binary costs more than a whole replay, and one finding is replayed
 * many times (minimizing, pinning, recording).  A line per block: its
 * offset in the binary, then the symbolizer's answer; the first line
 * names the binary's size, mtime and inode, and another binary there
 * starts the file afresh.  Without a writable place nothing is kept.
 */
static FILE *cache;
static uintptr_t base;

static void cache_load(FILE *f)
{
	char line[1024], *tab;
	struct site *s;
	bool fresh;

	while (fgets(line, sizeof(line), f)) {
		tab = strchr(line, '\t');
		if (!tab || !strchr(tab, '\n'))
			continue;	/* cut short by a writer that died */
		s = slot(base + strtoul(line, NULL, 16), &fresh);
		if (s && fresh)
			fill(s, tab + 1);
	}
}

static void cache_open(void)
{
	static bool tried;
	char exe[480] = "", path[512], head[64], line[64];
	struct stat sb;
	Dl_info info;
	FILE *f;

	if (tried)
		return;
	tried = true;
	if (!dladdr((void *)cache_open, &info) || !info.dli_fbase ||
	    readlink("/proc/self/exe", exe, sizeof(exe) - 1) < 0 ||
	    stat(exe, &sb))
		return;
	base = (uintptr_t)info.dli_fbase;
	snprintf(path, sizeof(path), "%s.sites", exe);
	snprintf(head, sizeof(head), "%lld %lld.%09ld %llu\n",
		 (long long)sb.st_size, (long long)sb.st_mtim.tv_sec,
		 sb.st_mtim.tv_nsec, (unsigned long long)sb.st_ino);
	f = fopen(path, "r");
	if (f && fgets(line, sizeof(line), f) && !strcmp(line, head)) {
		cache_load(f);
		fclose(f);
		cache = fopen(path, "a");
		return;
	}
	if (f)
		fclose(f);
	cache = fopen(path, "w");
	if (cache && fputs(head, cache) == EOF) {
		fclose(cache);
		cache = NULL;
	}
}

static void symbolize(struct site *s)
{
	char buf[1024];

	__sanitizer_symbolize_pc((void *)s->pc, "%f\t%s\t%l\n", buf,
				 sizeof(buf));
	if (cache && strchr(buf, '\n')) {
		fprintf(cache, "%lx\t%s", (unsigned long)(s->pc - base), buf);
		fflush(cache);
	}
	fill(s, buf);
}
#else
static void cache_open(void)
{
}

static void symbolize(struct site *s)
{
}
#endif

const struct site *site_of(uintptr_t pc)
{
	static struct site none;	/* table full: not ours, not named */
	struct site *s;
	bool fresh;

	cache_open();
	s = slot(pc, &fresh);
	if (!s)
		return &none;
	if (fresh)
		symbolize(s);
	return s;
}
