// SPDX-License-Identifier: GPL-2.0-only
/* The known-findings list (see known.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shim/shim.h>

#include "known.h"

#define KNOWN_MAX	64

static struct {
	char *sig;
	unsigned long hits;
} known[KNOWN_MAX];
static unsigned int nr_known;

static void known_die(const char *path, const char *why)
{
	fprintf(stderr, "iovafuzz: IOVAFUZZ_KNOWN: %s: %s\n", path, why);
	exit(2);
}

static void add_line(const char *path, char *line)
{
	char *end;

	line[strcspn(line, "#\n")] = '\0';
	line += strspn(line, " \t");
	end = line + strlen(line);
	while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	if (!*line)
		return;
	if (nr_known == KNOWN_MAX)
		known_die(path, "too many signatures");
	known[nr_known].sig = strdup(line);
	if (!known[nr_known++].sig)
		abort();
}

static void load_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	if (!f)
		known_die(path, strerror(errno));
	while (getline(&line, &cap, f) > 0)
		add_line(path, line);
	free(line);
	fclose(f);
}

void known_load(void)
{
	const char *env = getenv("IOVAFUZZ_KNOWN");
	char *list, *path, *save = NULL;

	if (!env || !*env)
		return;
	list = strdup(env);
	if (!list)
		abort();
	for (path = strtok_r(list, ",", &save); path;
	     path = strtok_r(NULL, ",", &save))
		load_file(path);
	free(list);
}

void known_load_beside(const char *self)
{
	const char *env = getenv("IOVAFUZZ_KNOWN");
	char path[4096];

	if ((env && *env) || !self)
		return;
	snprintf(path, sizeof(path), "%s.known", self);
	if (access(path, R_OK) == 0)
		load_file(path);
}

bool known_any(void)
{
	return nr_known;
}

bool known_hit(const char *sig)
{
	unsigned int i;

	for (i = 0; i < nr_known; i++) {
		if (!strcmp(known[i].sig, sig)) {
			known[i].hits++;
			return true;
		}
	}
	return false;
}

void known_report(FILE *f)
{
	unsigned int i;

	for (i = 0; i < nr_known; i++)
		if (known[i].hits)
			fprintf(f, "iovafuzz: known: %lu x %s\n", known[i].hits,
				known[i].sig);
}

const struct shim_finding *known_complaint(char *sig, size_t size)
{
	const struct shim_finding *f = shim_first_finding();

	if (!f)
		return NULL;
	shim_finding_signature(f, sig, size);
	if (!known_hit(sig))
		return f;
	shim_clear_findings();
	return NULL;
}
