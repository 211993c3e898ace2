// SPDX-License-Identifier: GPL-2.0
/*
 * What the running kernel made of memory, against the device tree it was
 * given: /proc/iomem System RAM, /proc/zoneinfo, /proc/meminfo and, with
 * DENSEMEM, /sys/kernel/debug/densemem/layout; then most of the free RAM
 * written with an address-dependent pattern and read back.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define MAX_RANGES	64
#define DT		"/proc/device-tree"
#define LAYOUT		"/sys/kernel/debug/densemem/layout"

struct range {
	uint64_t start, end;
};

static int read_cells(const char *path, uint32_t *cells, int max)
{
	int fd = open(path, O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = read(fd, cells, max * sizeof(*cells));
	close(fd);
	return n < 0 ? -1 : n / 4;
}

static uint64_t get(const uint32_t *c, int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | __builtin_bswap32(*c++);
	return v;
}

/* reg of every node under @dir that matches @want (a prefix, or a property) */
static int dt_ranges(const char *dir, const char *prefix, const char *prop,
		     struct range *r, int max)
{
	uint32_t ac = 2, sc = 2, cells[256];
	char path[512];
	struct dirent *d;
	int n = 0, k, i;
	DIR *dp;

	snprintf(path, sizeof(path), "%s/#address-cells", dir);
	if (read_cells(path, cells, 1) == 1)
		ac = get(cells, 1);
	snprintf(path, sizeof(path), "%s/#size-cells", dir);
	if (read_cells(path, cells, 1) == 1)
		sc = get(cells, 1);
	dp = opendir(dir);
	if (!dp)
		return 0;
	while ((d = readdir(dp))) {
		if (prefix && strncmp(d->d_name, prefix, strlen(prefix)))
			continue;
		if (prop) {
			snprintf(path, sizeof(path), "%s/%s/%s", dir, d->d_name, prop);
			if (access(path, F_OK))
				continue;
		}
		snprintf(path, sizeof(path), "%s/%s/reg", dir, d->d_name);
		k = read_cells(path, cells, 256);
		for (i = 0; k > 0 && i + ac + sc <= (unsigned int)k && n < max; i += ac + sc) {
			r[n].start = get(cells + i, ac);
			r[n].end = r[n].start + get(cells + i + ac, sc);
			n++;
		}
	}
	closedir(dp);
	return n;
}

static int by_start(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/*
 * Sort @r and merge what overlaps or touches, as memblock does with the
 * DT's memory nodes: four back-to-back nodes are one System RAM range.
 * Return: the number of ranges left.
 */
static int merge(struct range *r, int n)
{
	int i, m = 0;

	qsort(r, n, sizeof(*r), by_start);
	for (i = 0; i < n; i++) {
		if (m && r[i].start <= r[m - 1].end) {
			if (r[i].end > r[m - 1].end)
				r[m - 1].end = r[i].end;
		} else {
			r[m++] = r[i];
		}
	}
	return m;
}

/* bytes of @a that lie in one of @b */
static uint64_t overlap(const struct range *a, const struct range *b, int nb)
{
	uint64_t t = 0;
	int j;

	for (j = 0; j < nb; j++) {
		uint64_t s = a->start > b[j].start ? a->start : b[j].start;
		uint64_t e = a->end < b[j].end ? a->end : b[j].end;

		if (e > s)
			t += e - s;
	}
	return t;
}

/* the layout's ranges whose line contains @what */
static int layout_ranges(const char *what, struct range *r, int max)
{
	FILE *f = fopen(LAYOUT, "r");
	unsigned long long s, e;
	char line[512];
	int n = 0;

	while (f && fgets(line, sizeof(line), f) && n < max)
		if (sscanf(line, "[mem %llx-%llx]", &s, &e) == 2 && strstr(line, what)) {
			r[n].start = s;
			r[n++].end = e + 1;
		}
	if (f)
		fclose(f);
	return n;
}

static uint64_t total(const struct range *r, int n)
{
	uint64_t t = 0;

	while (n--)
		t += r[n].end - r[n].start;
	return t;
}

static int iomem_ram(struct range *r, int max)
{
	FILE *f = fopen("/proc/iomem", "r");
	unsigned long long s, e;
	char line[256];
	int n = 0;

	while (f && fgets(line, sizeof(line), f) && n < max)
		if (line[0] != ' ' && sscanf(line, "%llx-%llx : System RAM", &s, &e) == 2 &&
		    strstr(line, ": System RAM\n")) {
			r[n].start = s;
			r[n++].end = e + 1;
		}
	if (f)
		fclose(f);
	return n;
}

/* the summary line of the densemem layout: 0 if there is none */
static int layout_summary(uint64_t *low, uint64_t *high, uint64_t *dropped)
{
	FILE *f = fopen(LAYOUT, "r");
	unsigned long long l, h, d;
	char line[512], *p;
	int found = 0;

	while (f && fgets(line, sizeof(line), f)) {
		p = strstr(line, "; lowmem ");
		if (p && sscanf(p, "; lowmem %llu, highmem %llu, dropped %llu", &l, &h, &d) == 3) {
			*low = l;
			*high = h;
			*dropped = d;
			found = 1;
		}
	}
	if (f)
		fclose(f);
	return found;
}

/* a layout line ending at 0xfffffffe: the byte at 4 GiB - 1 never reached it */
static int layout_ends_below_4g(void)
{
	FILE *f = fopen(LAYOUT, "r");
	unsigned long long s, e;
	char line[512];
	int found = 0;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "[mem %llx-%llx]", &s, &e) == 2 && e == 0xfffffffeULL)
			found = 1;
	if (f)
		fclose(f);
	return found;
}

TEST(dt_has_memory)
{
	struct range dt[MAX_RANGES];

	ASSERT_GT(dt_ranges(DT, "memory", NULL, dt, MAX_RANGES), 0);
}

TEST(system_ram_lies_in_dt_banks_outside_nomap)
{
	struct range dt[MAX_RANGES], nm[MAX_RANGES], ram[MAX_RANGES];
	int nd = dt_ranges(DT, "memory", NULL, dt, MAX_RANGES);
	int nn = dt_ranges(DT "/reserved-memory", NULL, "no-map", nm, MAX_RANGES);
	int nr = iomem_ram(ram, MAX_RANGES), i, j;

	ASSERT_GT(nr, 0);
	/* one System RAM range may span DT nodes that touch */
	nd = merge(dt, nd);
	for (i = 0; i < nr; i++) {
		int inside = 0;

		for (j = 0; j < nd; j++)
			inside |= ram[i].start >= dt[j].start && ram[i].end <= dt[j].end;
		EXPECT_TRUE(inside) TH_LOG("System RAM %#llx-%#llx is in no DT bank",
					   (unsigned long long)ram[i].start,
					   (unsigned long long)ram[i].end - 1);
		for (j = 0; j < nn; j++)
			EXPECT_TRUE(ram[i].end <= nm[j].start || ram[i].start >= nm[j].end);
	}
}

TEST(system_ram_is_the_banks_less_nomap_and_dropped)
{
	struct range dt[MAX_RANGES], nm[MAX_RANGES], ram[MAX_RANGES], gone[MAX_RANGES];
	struct range out[MAX_RANGES];
	int nd = dt_ranges(DT, "memory", NULL, dt, MAX_RANGES);
	int nn = dt_ranges(DT "/reserved-memory", NULL, "no-map", nm, MAX_RANGES);
	uint64_t low, high, dropped, nomap = 0;
	int ng, no, i;

	if (!layout_summary(&low, &high, &dropped))
		SKIP(return, "not a densemem kernel (no %s)", LAYOUT);
	/* a no-map region inside what densemem dropped is not counted twice */
	ng = layout_ranges("dropped (", gone, MAX_RANGES);
	for (i = 0; i < nn; i++)
		nomap += nm[i].end - nm[i].start - overlap(&nm[i], gone, ng);
	/*
	 * With a 32-bit phys_addr_t memblock cannot hold a bank's end at
	 * 4 GiB and drops its last byte before densemem sees it; the layout
	 * then ends that bank at 0xfffffffe.
	 */
	if (layout_ends_below_4g())
		for (i = 0; i < nd; i++)
			if (dt[i].end == 1ULL << 32)
				dt[i].end--;
	EXPECT_EQ(total(ram, iomem_ram(ram, MAX_RANGES)),
		  total(dt, nd) - nomap - dropped);
	/* no-map regions out of the dense space are neither kept nor dropped */
	no = layout_ranges("no-map:", out, MAX_RANGES);
	EXPECT_EQ(low + high + dropped + total(out, no), total(dt, nd));
}

TEST(layout_lines_cover_the_dt_banks)
{
	struct range dt[MAX_RANGES], cov[MAX_RANGES];
	int nd = dt_ranges(DT, "memory", NULL, dt, MAX_RANGES), nc = 0, i, j;
	unsigned long long s, e;
	char line[512];
	FILE *f = fopen(LAYOUT, "r");

	if (!f)
		SKIP(return, "not a densemem kernel (no %s)", LAYOUT);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "[mem %llx-%llx]", &s, &e) == 2 && nc < MAX_RANGES) {
			if (nc && cov[nc - 1].end == s)	/* ranges in order: join */
				cov[nc - 1].end = e + 1;
			else
				cov[nc].start = s, cov[nc++].end = e + 1;
		}
	fclose(f);
	/* each DT bank is one covered run (a bank ending at 4 GiB may end a byte short) */
	for (i = 0; i < nd; i++) {
		int found = 0;

		for (j = 0; j < nc; j++)
			found |= cov[j].start <= dt[i].start &&
				 (cov[j].end >= dt[i].end || cov[j].end + 1 == dt[i].end);
		EXPECT_TRUE(found) TH_LOG("bank %#llx-%#llx not covered by the layout",
					  (unsigned long long)dt[i].start,
					  (unsigned long long)dt[i].end - 1);
	}
}

/*
 * ZONE_HIGHMEM holds exactly what the layout put in highmem: nothing when
 * the RAM fits the linear map, the overflow otherwise.
 */
TEST(highmem_zone_is_the_layouts_highmem)
{
	unsigned long long present, sum = 0;
	uint64_t low, high, dropped;
	char line[256], zone[32] = "";
	FILE *f;

	if (!layout_summary(&low, &high, &dropped))
		SKIP(return, "not a densemem kernel (no %s)", LAYOUT);
	f = fopen("/proc/zoneinfo", "r");
	ASSERT_TRUE(!!f);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Node %*d, zone %31s", zone) == 1)
			continue;
		if (!strcmp(zone, "HighMem") && sscanf(line, " present %llu", &present) == 1)
			sum += present;
	}
	fclose(f);
	EXPECT_EQ(high, sum * (uint64_t)sysconf(_SC_PAGESIZE));
}

/* One part of the allocation: map @len, write, say so, wait, verify. */
static int fill_and_check(size_t len, int ready_fd, int go_fd)
{
	uint32_t *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t i, bad = 0;
	char c = 0;

	if (p == MAP_FAILED)
		return 2;
	for (i = 0; i < len / 4; i += 16)	/* a word per 64 bytes */
		p[i] = (uint32_t)(uintptr_t)&p[i] ^ 0xa5a5a5a5;
	if (write(ready_fd, "w", 1) != 1 || read(go_fd, &c, 1) != 1)
		return 3;
	for (i = 0; i < len / 4; i += 16)
		bad += p[i] != ((uint32_t)(uintptr_t)&p[i] ^ 0xa5a5a5a5);
	return bad ? 1 : 0;
}

/*
 * 90 % of MemAvailable, all of it at once: more than one process's user
 * address space can hold on a 2G/2G split, so in parts of at most 256 MiB,
 * one process each, all written before any is checked.
 */
TEST(most_of_free_ram_keeps_an_address_pattern)
{
	const size_t part = 256 << 20;
	unsigned long long kib = 0;
	int ready[2], go[2], n = 0, i, st, bad = 0;
	char line[256], c;
	FILE *f = fopen("/proc/meminfo", "r");
	size_t want, len;
	pid_t pid[64];

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1)
			break;
	if (f)
		fclose(f);
	ASSERT_GT(kib, 0);
	want = (size_t)(kib / 10 * 9) << 10;
	ASSERT_EQ(0, pipe(ready));
	ASSERT_EQ(0, pipe(go));
	for (; want && n < 64; want -= len, n++) {
		len = (want < part ? want : part) & ~(size_t)4095;
		if (!len)
			break;
		pid[n] = fork();
		ASSERT_GE(pid[n], 0);
		if (!pid[n])
			_exit(fill_and_check(len, ready[1], go[0]));
	}
	for (i = 0; i < n; i++)		/* all written */
		if (read(ready[0], &c, 1) != 1)
			bad++;
	for (i = 0; i < n; i++)		/* then all checked */
		if (write(go[1], "g", 1) != 1)
			bad++;
	for (i = 0; i < n; i++) {
		waitpid(pid[i], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			bad++;
	}
	EXPECT_EQ(0, bad) TH_LOG("%d of %d parts failed (exit 1: pattern lost, 2: no memory)",
				 bad, n);
}

TEST_HARNESS_MAIN
