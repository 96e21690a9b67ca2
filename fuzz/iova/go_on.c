// SPDX-License-Identifier: GPL-2.0-only
/*
 * --keep-going without a restart per finding.  With IOVAFUZZ_GO_ON=DIR,
 * DIR/reached has a line for each finding saved so far in the session
 * (by any of its processes): what it reached, "INVARIANT op [flags]";
 * DIR/dropped, how many more of each line each process counted.  A finding that
 * reached a listed line is counted and dropped, and the process goes on
 * (runner's run_discard()); a new one is listed before the target aborts,
 * so that the engine saves it, as without this.
 *
 * Not every repeat is dropped: one line can hide a second cause, which
 * only a replay of the input names (scripts/lib/findings.py).  So the
 * 2nd, 4th, 8th, ... finding of a line is saved too, by the target
 * itself where libFuzzer puts what it saves (-artifact_prefix), as
 * "repeat-HASH", and the process goes on: a restart is paid once per
 * line, not once per doubling.  The table scripts/fuzz prints stays
 * exact (saved inputs plus the counts in DIR/dropped).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go_on.h"

#define GO_ON_LINES	256
#define GO_ON_LEN	160

static struct {
	char reached[GO_ON_LEN];
	unsigned long total;	/* in the session, as this process knows */
	unsigned long dropped;	/* by this process */
} lines[GO_ON_LINES];
static unsigned int nr_lines;
static const char *dir;
static const char *prefix = "";	/* libFuzzer's -artifact_prefix */

static int line_of(const char *reached)
{
	unsigned int i;

	for (i = 0; i < nr_lines; i++)
		if (!strcmp(lines[i].reached, reached))
			return i;
	if (nr_lines == GO_ON_LINES)
		return -1;
	snprintf(lines[nr_lines].reached, GO_ON_LEN, "%s", reached);
	return nr_lines++;
}

static FILE *open_in_dir(const char *name, const char *mode)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return fopen(path, mode);
}

/* Lines of DIR/@name, each "[COUNT\t]REACHED", added to the totals. */
static void load(const char *name, bool counted)
{
	char buf[GO_ON_LEN + 32], *nl, *r;
	unsigned long n;
	FILE *f = open_in_dir(name, "r");
	int i;

	while (f && fgets(buf, sizeof(buf), f)) {
		nl = strchr(buf, '\n');
		if (!nl)
			continue;	/* a line cut short: not ours */
		*nl = '\0';
		n = counted ? strtoul(buf, &r, 10) : 1;
		r = counted ? r + (*r == '\t') : buf;
		i = line_of(r);
		if (i >= 0)
			lines[i].total += n;
	}
	if (f)
		fclose(f);
}

void go_on_init(int argc, char **argv)
{
	static const char opt[] = "-artifact_prefix=";
	int i;

	for (i = 1; i < argc; i++)
		if (!strncmp(argv[i], opt, sizeof(opt) - 1))
			prefix = argv[i] + sizeof(opt) - 1;
	dir = getenv("IOVAFUZZ_GO_ON");
	if (!dir || !*dir) {
		dir = NULL;
		return;
	}
	load("reached", false);
	load("dropped", true);
}

/* One write with O_APPEND: lines of processes running at once do not
 * mix. */
static void append(const char *name, const char *text, size_t len)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
	if (fd < 0)
		return;
	if (write(fd, text, len) != (ssize_t)len)
		fprintf(stderr, "iovafuzz: cannot append to %s\n", path);
	close(fd);
}

static bool power_of_two(unsigned long n)
{
	return n && !(n & (n - 1));
}

/*
 * @data as PREFIX"repeat-HASH": written beside the list, then renamed, so
 * that whoever watches the artifacts never reads half of one.
 */
static bool save(const uint8_t *data, size_t size)
{
	char tmp[4096], path[4096];
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */
	size_t i;
	FILE *f;

	for (i = 0; i < size; i++)
		h = (h ^ data[i]) * 0x100000001b3ull;
	snprintf(tmp, sizeof(tmp), "%s/.repeat.%d", dir, (int)getpid());
	snprintf(path, sizeof(path), "%srepeat-%016llx", prefix,
		 (unsigned long long)h);
	f = fopen(tmp, "wb");
	if (!f)
		return false;
	if (fwrite(data, 1, size, f) != size) {
		fclose(f);
		return false;
	}
	if (fclose(f) || rename(tmp, path))
		return false;
	fprintf(stderr, "iovafuzz: repeat saved to %s\n", path);
	return true;
}

bool go_on_drop(const char *reached, const uint8_t *data, size_t size)
{
	char buf[GO_ON_LEN + 2];
	bool first;
	int i;

	if (!dir)
		return false;
	i = line_of(reached);
	if (i < 0)
		return false;	/* no room to count it: save every one */
	first = !lines[i].total++;
	if (!first && !power_of_two(lines[i].total)) {
		lines[i].dropped++;
		return true;
	}
	/* Saved: listed once more, so the next process counts it too. */
	append("reached", buf,
	       snprintf(buf, sizeof(buf), "%s\n", lines[i].reached));
	/* A new line ends the process, which reports it; a repeat need not. */
	return !first && save(data, size);
}

void go_on_flush(void)
{
	char buf[GO_ON_LEN * 4];
	size_t k = 0;
	unsigned int i;

	for (i = 0; dir && i < nr_lines; i++) {
		if (!lines[i].dropped)
			continue;
		if (k + GO_ON_LEN + 24 > sizeof(buf)) {
			append("dropped", buf, k);
			k = 0;
		}
		k += snprintf(buf + k, sizeof(buf) - k, "%lu\t%s\n",
			      lines[i].dropped, lines[i].reached);
		lines[i].dropped = 0;
	}
	if (k)
		append("dropped", buf, k);
}
