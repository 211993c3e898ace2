// SPDX-License-Identifier: GPL-2.0
/*
 * Machine files (machines/NAME.mem in the densemem workspace): one
 * directive per line, '#' comments.
 *
 *	bank START SIZE		RAM; START in hex, SIZE in hex or with K/M/G
 *	nomap START SIZE	a reserved-memory no-map carve-out
 *	board NAME, cpu NAME, cmdline TEXT, raw-dt yes|no, load ADDR
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

static int parse_num(const char *tok, bool size, u64 *out)
{
	unsigned long long v, mult = 1;
	size_t len = strlen(tok);
	char buf[64], *end;

	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, tok, len + 1);
	if (size && strchr("KkMmGg", buf[len - 1])) {
		mult = 1ULL << (toupper(buf[len - 1]) == 'K' ? 10 :
				toupper(buf[len - 1]) == 'M' ? 20 : 30);
		buf[--len] = '\0';
	}
	if (!len || buf[0] == '-')
		return -EINVAL;
	errno = 0;
	/* START is always hex; SIZE is hex only with 0x */
	v = strtoull(buf, &end, size ? 0 : 16);
	if (errno || *end || v > ~0ULL / mult)
		return -EINVAL;
	*out = v * mult;
	return 0;
}

/**
 * plan_read_machine() - fill @b from the text of a machine file
 * @b: the board, fully written
 * @path: file name, for messages
 * @text: the file's contents, NUL-terminated
 * @err: the first error, naming file and line
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL with @err set.
 */
int plan_read_machine(struct plan_board *b, const char *path, const char *text,
		      char *err, size_t errlen)
{
	const char *p = text;
	unsigned int line = 0;
	bool cpu_given = false;

	memset(b, 0, sizeof(*b));
	snprintf(b->cpu, sizeof(b->cpu), "cortex-a15");
	while (*p) {
		char buf[1024], *s, *word, *rest;
		size_t len = strcspn(p, "\n");

		line++;
		if (len >= sizeof(buf)) {
			snprintf(err, errlen, "%s:%u: line too long", path, line);
			return -EINVAL;
		}
		memcpy(buf, p, len);
		buf[len] = '\0';
		p += len + (p[len] == '\n');
		s = strchr(buf, '#');
		if (s)
			*s = '\0';
		for (s = buf; isspace((unsigned char)*s); s++)
			;
		for (len = strlen(s); len && isspace((unsigned char)s[len - 1]); len--)
			s[len - 1] = '\0';
		if (!*s)
			continue;
		word = s;
		rest = s + strcspn(s, " \t");
		if (*rest)
			*rest++ = '\0';
		while (isspace((unsigned char)*rest))
			rest++;

		if (!strcmp(word, "bank") || !strcmp(word, "nomap")) {
			bool bank = word[0] == 'b';
			char a[64], z[64], extra;
			struct densemem_region *r;
			u64 start, size;

			if (sscanf(rest, "%63s %63s %c", a, z, &extra) != 2 ||
			    parse_num(a, false, &start) || parse_num(z, true, &size)) {
				snprintf(err, errlen, "%s:%u: '%s START SIZE' wanted", path,
					 line, word);
				return -EINVAL;
			}
			if (!size) {
				snprintf(err, errlen, "%s:%u: empty %s", path, line, word);
				return -EINVAL;
			}
			if ((bank ? b->nr_bank : b->nr_nomap) == PLAN_MAX_BANKS) {
				snprintf(err, errlen, "%s:%u: more than %u %s lines", path,
					 line, PLAN_MAX_BANKS, word);
				return -EINVAL;
			}
			r = bank ? &b->bank[b->nr_bank++] : &b->nomap[b->nr_nomap++];
			r->base = start;
			r->size = size;
		} else if (!strcmp(word, "cpu")) {
			snprintf(b->cpu, sizeof(b->cpu), "%s", rest);
			cpu_given = true;
		} else if (!strcmp(word, "cmdline")) {
			snprintf(b->cmdline, sizeof(b->cmdline), "%s", rest);
		} else if (!strcmp(word, "load")) {
			if (parse_num(rest, false, &b->load)) {
				snprintf(err, errlen, "%s:%u: 'load ADDR' wanted", path, line);
				return -EINVAL;
			}
		} else if (!strcmp(word, "board")) {
			/* the board's CPU, unless a cpu line names another */
			if (!cpu_given && !strcmp(rest, "realview-pbx-a9"))
				snprintf(b->cpu, sizeof(b->cpu), "cortex-a9");
		} else if (strcmp(word, "raw-dt")) {
			snprintf(err, errlen, "%s:%u: unknown directive '%s'", path, line,
				 word);
			return -EINVAL;
		}
	}
	if (!b->nr_bank) {
		snprintf(err, errlen, "%s: no bank", path);
		return -EINVAL;
	}
	return 0;
}
