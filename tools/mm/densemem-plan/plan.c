// SPDX-License-Identifier: GPL-2.0
/*
 * densemem-plan: for a board's device tree (a .dtb or /sys/firmware/fdt),
 * print what a densemem kernel does with its memory in each memory split,
 * next to what a stock FLATMEM kernel does, recommend a configuration,
 * and print the exact boot lines that kernel will show.
 *
 * The layout comes from the kernel's own mm/densemem/layout.c, built
 * here from the same source file.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "../../../arch/arm/mm/densemem_params.h"

#define SZ_1M	0x100000ULL

static const struct plan_config configs[] = {
	{ "3G",     0xc0000000, false, false }, { "3G",     0xc0000000, false, true },
	{ "3G_OPT", 0xb0000000, false, false }, { "3G_OPT", 0xb0000000, false, true },
	{ "2G",     0x80000000, false, false }, { "2G",     0x80000000, false, true },
	{ "2G_OPT", 0x70000000, false, false }, { "2G_OPT", 0x70000000, false, true },
	{ "3G",     0xc0000000, true,  false }, { "3G",     0xc0000000, true,  true },
	{ "2G",     0x80000000, true,  false }, { "2G",     0x80000000, true,  true },
	/* VMSPLIT_BOOT: linked for 3G_OPT, the linear map grows down as needed */
	{ "3G_OPT", 0xb0000000, false, false, true },
};

struct plan_opts {
	const char *file;
	const char *config;	/* a kernel .config to take the configuration from */
	const char *split;
	bool lpae, highmem, boot, boot_lines;
	u64 load;
	u64 struct_page;
	unsigned int max_order;
};

/* The outcome of one configuration. */
struct plan_result {
	struct plan_memblock mb;
	struct densemem_params p;
	struct densemem_layout lo;
	struct densemem_map map;
	int ret;
	u64 lowmem, highmem, dropped;		/* densemem, dropped incl. ignored */
	u64 s_lowmem, s_highmem, s_dropped;	/* stock FLATMEM */
};

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "densemem-plan: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static char *read_all(const char *path, size_t *size)
{
	size_t cap = 1 << 16, n = 0, got;
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f)
		die("%s: %s", path, strerror(errno));
	buf = malloc(cap + 1);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= 64 << 20)
				die("%s: larger than 64 MiB", path);
			cap *= 2;
			buf = realloc(buf, cap + 1);
		}
	}
	if (!buf)
		die("out of memory");
	if (ferror(f))
		die("%s: %s", path, strerror(errno));
	fclose(f);
	buf[n] = '\0';
	*size = n;
	return buf;
}

/* Sizes exactly, in the largest unit that divides them. */
static const char *sz(u64 v)
{
	static char ring[8][32];
	static unsigned int k;
	char *b = ring[k++ % 8];

	if (v && !(v % SZ_1M))
		snprintf(b, 32, "%lluM", (unsigned long long)(v / SZ_1M));
	else if (v && !(v % 1024))
		snprintf(b, 32, "%lluK", (unsigned long long)(v / 1024));
	else
		snprintf(b, 32, "%llu", (unsigned long long)v);
	return b;
}

static void stock(struct plan_result *r)
{
	u64 limit = r->p.phys_offset + r->p.lowmem_size;
	unsigned int i;

	/* whole pages only: the zones are sized in pfns; no-map is not RAM */
	for (i = 0; i < r->mb.nr; i++) {
		if (r->mb.r[i].nomap)
			continue;
		u64 s = (r->mb.r[i].base + PAGE_SIZE - 1) & ~(u64)(PAGE_SIZE - 1);
		u64 e = (r->mb.r[i].base + r->mb.r[i].size) & ~(u64)(PAGE_SIZE - 1);
		u64 low = e < limit ? e : limit;

		r->s_dropped += r->mb.r[i].size - (e > s ? e - s : 0);
		if (e <= s)
			continue;

		if (s < low)
			r->s_lowmem += low - s;
		if (e > limit) {
			u64 hs = s > limit ? s : limit;

			if (r->p.highmem)
				r->s_highmem += e - hs;
			else
				r->s_dropped += e - hs;
		}
	}
	r->s_dropped += r->mb.ignored + r->mb.dt.bytes;
}

/*
 * Bytes of the no-map regions @nm that extents of @fate hold: a no-map
 * region smaller than a granule stays in its bank's extent, and is not
 * RAM the kernel can use, as the stock figures do not count it either.
 */
static u64 nomap_in(const struct densemem_layout *lo, const struct densemem_region *nm,
		    unsigned int nr, enum densemem_fate fate)
{
	u64 sum = 0;
	unsigned int i, j;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		for (j = 0; e->fate == fate && j < nr; j++) {
			u64 s = nm[j].base > e->start ? nm[j].base : e->start;
			u64 t = nm[j].base + nm[j].size < e->end ? nm[j].base + nm[j].size : e->end;

			if (s < t)
				sum += t - s;
		}
	}
	return sum;
}

static void plan_one(struct plan_result *r, const struct plan_board *b,
		     const struct plan_config *c, const struct plan_opts *o)
{
	static struct densemem_region nomap[PLAN_MAX_BANKS];
	u64 po = plan_phys_offset(b, o->load);
	unsigned int i, nr_nomap;

	memset(r, 0, sizeof(*r));
	plan_memblock(&r->mb, b, c, po);
	plan_params(&r->p, b, c, po, o->max_order + PAGE_SHIFT);
	stock(r);
	for (i = 0, nr_nomap = 0; i < r->mb.nr; i++)
		if (r->mb.r[i].nomap)
			nomap[nr_nomap++] = r->mb.r[i];
	/* the builder cleans mb.r in place: the stock model has read it */
	r->ret = densemem_build(&r->lo, &r->map, r->mb.r, r->mb.nr, &r->p);
	/* as densemem_setup() lists what the DT code named (init.c) */
	if (!r->ret)
		densemem_add_ignored(&r->lo, &r->mb.dt);
	r->lowmem = r->lo.lowmem - nomap_in(&r->lo, nomap, nr_nomap, DENSEMEM_LOWMEM);
	r->highmem = r->lo.highmem - nomap_in(&r->lo, nomap, nr_nomap, DENSEMEM_HIGHMEM);
	r->dropped = r->lo.dropped - nomap_in(&r->lo, nomap, nr_nomap, DENSEMEM_DROPPED) +
		     r->mb.ignored + (r->ret ? r->mb.dt.bytes : 0);
}

static void print_line(void *ctx, const char *line)
{
	printf("%s%s\n", (const char *)ctx, line);
}

/* The kernel's boot lines: densemem_report(), then densemem_alloc_mem_map(). */
static void boot_lines(const struct plan_result *r, const struct plan_opts *o,
		       const char *prefix)
{
	const struct densemem_map *m = r->lo.map;
	unsigned long mo = 1UL << o->max_order, first = ~0UL, last = 0;
	unsigned long start, end, flat;
	unsigned int i;

	if (r->ret) {
		printf("%sno memory bank holds the kernel at %#llx: tables left flat\n",
		       prefix, (unsigned long long)r->p.kernel_phys);
		return;
	}
	densemem_report(&r->lo, &r->p, print_line, (void *)prefix);
	for (i = 0; i < r->lo.nr_ext; i++) {
		const struct densemem_extent *e = &r->lo.ext[i];

		/* the node's span: memblock holds what is kept, no more */
		if (!densemem_extent_kept(e))
			continue;
		if (first == ~0UL)
			first = (unsigned long)(e->start >> PAGE_SHIFT);
		last = (unsigned long)(e->end >> PAGE_SHIFT);
	}
	start = m->base_pfn & ~(mo - 1);
	end = (m->base_pfn + m->nr_pages + mo - 1) & ~(mo - 1);
	flat = ((last + mo - 1) & ~(mo - 1)) - (first & ~(mo - 1));
	printf("%smem_map: %llu bytes for %lu pages; FLATMEM would need %llu bytes (%llu less)\n",
	       prefix, (unsigned long long)((end - start) * o->struct_page), end - start,
	       (unsigned long long)(flat * o->struct_page),
	       (unsigned long long)(flat > end - start ?
				    (flat - (end - start)) * o->struct_page : 0));
}

/*
 * The top of user space (TASK_SIZE): 16 MiB below the linear map, which
 * with VMSPLIT_BOOT starts where the layout put its lowest page.
 */
static u64 user_size(const struct plan_config *c, const struct plan_result *r)
{
	if (!c->boot || r->ret)
		return c->page_offset - 16 * SZ_1M;
	return arm_vmsplit_task_size((unsigned long)(c->page_offset - r->lo.below), false);
}

static const char *config_name(const struct plan_config *c)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "VMSPLIT_%s%s, %s, %s", c->split,
		 c->boot ? " + VMSPLIT_BOOT" : "", c->lpae ? "LPAE" : "classic MMU",
		 c->highmem ? "HIGHMEM" : "no HIGHMEM");
	return buf;
}

/*
 * Take the split, LPAE, HIGHMEM and the size of struct page from a kernel
 * .config.  On 32-bit Arm struct page is 32 bytes, and one word more with
 * CONFIG_MEMCG (memcg_data) or CONFIG_SLAB_OBJ_EXT without it (its
 * placeholder): include/linux/mm_types.h.  Arm defines no
 * WANT_PAGE_VIRTUAL and has no NUMA balancing, the other fields a
 * configuration adds.
 */
static void read_kconfig(struct plan_opts *o)
{
	static const char * const splits[] = { "3G_OPT", "2G_OPT", "3G", "2G", "1G" };
	size_t size, i;
	char *text = read_all(o->config, &size), *line;
	bool densemem = false, obj_ext = false;

	o->split = NULL;
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (!strcmp(line, "CONFIG_ARM_LPAE=y"))
			o->lpae = true;
		else if (!strcmp(line, "CONFIG_HIGHMEM=y"))
			o->highmem = true;
		else if (!strcmp(line, "CONFIG_DENSEMEM=y"))
			densemem = true;
		else if (!strcmp(line, "CONFIG_VMSPLIT_BOOT=y"))
			o->boot = true;
		else if (!strcmp(line, "CONFIG_MEMCG=y") || !strcmp(line, "CONFIG_SLAB_OBJ_EXT=y"))
			obj_ext = true;
		else if (!strncmp(line, "CONFIG_ARCH_FORCE_MAX_ORDER=", 28))
			o->max_order = (unsigned int)strtoul(line + 28, NULL, 0);
		else if (!strncmp(line, "CONFIG_DENSEMEM_MAX_CHUNKS=", 27) &&
			 strtoul(line + 27, NULL, 0) != DENSEMEM_MAX_CHUNKS)
			die("%s: %s, but this tool is built for %d", o->config, line,
			    DENSEMEM_MAX_CHUNKS);
		for (i = 0; i < ARRAY_SIZE(splits); i++) {
			char want[32];

			snprintf(want, sizeof(want), "CONFIG_VMSPLIT_%s=y", splits[i]);
			if (!strcmp(line, want))
				o->split = splits[i];
		}
	}
	if (!o->split)
		die("%s: no CONFIG_VMSPLIT_* this tool knows", o->config);
	if (!densemem)
		die("%s: CONFIG_DENSEMEM is not set", o->config);
	o->struct_page = obj_ext ? 36 : 32;
	free(text);
}

static void help(void)
{
	fprintf(stderr,
		"usage: densemem-plan [options] FILE\n"
		"  FILE              a .dtb, or /sys/firmware/fdt\n"
		"  --config FILE     take split, LPAE, HIGHMEM and struct page's size\n"
		"                    (36 bytes with MEMCG) from a kernel .config\n"
		"  --split S         3G, 3G_OPT, 2G or 2G_OPT (with --lpae: 3G or 2G)\n"
		"  --lpae, --highmem the configuration has ARM_LPAE, HIGHMEM\n"
		"  --vmsplit-boot    and VMSPLIT_BOOT (with --split 3G_OPT)\n"
		"  --load ADDR       where the boot loader puts the zImage\n"
		"                    (default: lowest bank + 32 MiB)\n"
		"  --boot-lines      print only the boot lines of that configuration\n"
		"  --struct-page N   sizeof(struct page) (default 32)\n"
		"  --max-order N     CONFIG_ARCH_FORCE_MAX_ORDER (default 10)\n");
	exit(2);
}

static void parse_opts(struct plan_opts *o, int argc, char **argv)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->struct_page = 32;
	o->max_order = 10;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--lpae")) {
			o->lpae = true;
		} else if (!strcmp(a, "--highmem")) {
			o->highmem = true;
		} else if (!strcmp(a, "--boot-lines")) {
			o->boot_lines = true;
		} else if (!strcmp(a, "--vmsplit-boot")) {
			o->boot = true;
		} else if (v && !strcmp(a, "--config")) {
			o->config = v;
			i++;
		} else if (v && !strcmp(a, "--split")) {
			o->split = v;
			i++;
		} else if (v && !strcmp(a, "--load")) {
			o->load = strtoull(v, NULL, 0);
			i++;
		} else if (v && !strcmp(a, "--struct-page")) {
			o->struct_page = strtoull(v, NULL, 0);
			i++;
		} else if (v && !strcmp(a, "--max-order")) {
			o->max_order = (unsigned int)strtoul(v, NULL, 0);
			i++;
		} else if (a[0] == '-' || o->file) {
			help();
		} else {
			o->file = a;
		}
	}
	if (!o->file)
		help();
	if (o->config)
		read_kconfig(o);
	if (o->max_order < 1 || o->max_order > 16 || !o->struct_page)
		die("--max-order 1..16 and a non-zero --struct-page wanted");
}

/* The configuration the user named, or NULL for none. */
static const struct plan_config *chosen(const struct plan_opts *o)
{
	unsigned int i;

	if (!o->split)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(configs); i++)
		if (!strcmp(configs[i].split, o->split) && configs[i].lpae == o->lpae &&
		    configs[i].highmem == o->highmem && configs[i].boot == o->boot)
			return &configs[i];
	die("no configuration VMSPLIT_%s%s (3G_OPT and 2G_OPT are classic MMU only)",
	    o->split, o->lpae ? " with LPAE" : "");
	return NULL;
}

static void print_board(const struct plan_board *b, const struct plan_opts *o)
{
	u64 ram = 0, nomap = 0;
	unsigned int i;

	for (i = 0; i < b->nr_bank; i++) {
		printf("  bank  [mem 0x%016llx-0x%016llx] %s\n",
		       (unsigned long long)b->bank[i].base,
		       (unsigned long long)(b->bank[i].base + b->bank[i].size - 1),
		       sz(b->bank[i].size));
		ram += b->bank[i].size;
	}
	for (i = 0; i < b->nr_nomap; i++) {
		printf("  nomap [mem 0x%016llx-0x%016llx] %s (a hole if it spans a block)\n",
		       (unsigned long long)b->nomap[i].base,
		       (unsigned long long)(b->nomap[i].base + b->nomap[i].size - 1),
		       sz(b->nomap[i].size));
		nomap += b->nomap[i].size;
	}
	printf("  %u banks, %s of RAM listed (%s no-map); cpu %s%s; PHYS_OFFSET %#llx\n",
	       b->nr_bank, sz(ram), sz(nomap), b->cpu,
	       plan_cpu_has_lpae(b->cpu) ? " (has LPAE)" : " (no LPAE)",
	       (unsigned long long)plan_phys_offset(b, o->load));
	if (b->cmdline[0])
		printf("  command line: %s\n", b->cmdline);
}

int main(int argc, char **argv)
{
	static struct plan_result res[ARRAY_SIZE(configs)];
	static struct plan_board board;
	const struct plan_config *want, *best = NULL;
	const struct plan_config *fallback = NULL;
	u64 best_kept = 0, stock_kept = 0;
	const struct plan_config *stock = NULL;
	struct plan_opts o;
	char err[256];
	size_t size;
	unsigned int i;
	char *buf;
	int ret;

	parse_opts(&o, argc, argv);
	want = chosen(&o);
	buf = read_all(o.file, &size);
	if (size >= 4 && (unsigned char)buf[0] == 0xd0 && (unsigned char)buf[1] == 0x0d &&
	    (unsigned char)buf[2] == 0xfe && (unsigned char)buf[3] == 0xed)
		ret = plan_read_fdt(&board, buf, size, err, sizeof(err));
	else
		ret = -EINVAL, snprintf(err, sizeof(err), "not a device tree blob");
	if (ret)
		die("%s: %s", o.file, err);
	free(buf);

	for (i = 0; i < ARRAY_SIZE(configs); i++) {
		plan_one(&res[i], &board, &configs[i], &o);
		if (configs[i].boot)	/* the split of one kernel for all: below */
			continue;
		if ((!configs[i].lpae || plan_cpu_has_lpae(board.cpu)) &&
		    res[i].lowmem + res[i].highmem > best_kept)
			best_kept = res[i].lowmem + res[i].highmem;
		if ((!configs[i].lpae || plan_cpu_has_lpae(board.cpu)) &&
		    (res[i].s_lowmem + res[i].s_highmem > stock_kept ||
		     (res[i].s_lowmem + res[i].s_highmem == stock_kept && stock &&
		      stock->highmem && !configs[i].highmem))) {
			stock_kept = res[i].s_lowmem + res[i].s_highmem;
			stock = &configs[i];
		}
	}
	if (o.boot_lines) {
		if (!want)
			die("--boot-lines needs --config or --split");
		boot_lines(&res[want - configs], &o, "densemem: ");
		return 0;
	}

	printf("densemem-plan: %s\n", o.file);
	print_board(&board, &o);
	printf("\n%-7s %-8s %-7s | %-32s | %-32s\n", "", "", "",
	       "densemem", "stock (FLATMEM)");
	printf("%-7s %-8s %-7s | %10s %10s %10s | %10s %10s %10s | %6s\n", "split", "mmu",
	       "highmem", "lowmem", "highmem", "dropped", "lowmem", "highmem", "dropped", "user");
	for (i = 0; i < ARRAY_SIZE(configs); i++) {
		const struct plan_config *c = &configs[i];
		const struct plan_result *r = &res[i];

		printf("%-7s %-8s %-7s | %10s %10s %10s | %10s %10s %10s | %6s%s\n",
		       c->boot ? "boot" : c->split,
		       c->lpae ? "LPAE" : "classic", c->highmem ? "yes" : "no",
		       sz(r->lowmem), sz(r->highmem), sz(r->dropped),
		       c->boot ? "-" : sz(r->s_lowmem), c->boot ? "-" : sz(r->s_highmem),
		       c->boot ? "-" : sz(r->s_dropped), sz(user_size(c, r)),
		       c->lpae && !plan_cpu_has_lpae(board.cpu) ? "  (cpu: no LPAE)" : "");
	}

	/*
	 * No highmem is the point: the first configuration, in order of user
	 * address space, that needs none and keeps all that any keeps, less
	 * at most a page (the last page below 4 GiB is out of reach of a
	 * 32-bit phys_addr_t); else, of those with highmem that keep it all,
	 * the one with the most lowmem.
	 */
	for (i = 0; i < ARRAY_SIZE(configs) && !best; i++)
		if (!configs[i].highmem && !configs[i].boot &&
		    res[i].lowmem + PAGE_SIZE >= best_kept &&
		    (!configs[i].lpae || plan_cpu_has_lpae(board.cpu)))
			best = &configs[i];
	for (i = 0; i < ARRAY_SIZE(configs) && !best; i++)
		if (res[i].lowmem + res[i].highmem == best_kept && !configs[i].boot &&
		    (!configs[i].lpae || plan_cpu_has_lpae(board.cpu)) &&
		    (!fallback || res[i].lowmem > res[fallback - configs].lowmem))
			fallback = &configs[i];
	if (!best)
		best = fallback;
	/* never densemem where a stock kernel keeps more */
	if (best && best_kept < stock_kept) {
		printf("\nrecommended: stock FLATMEM, CONFIG_VMSPLIT_%s=y%s%s: ",
		       stock->split, stock->lpae ? ", CONFIG_ARM_LPAE=y" : "",
		       stock->highmem ? ", CONFIG_HIGHMEM=y" : "");
		printf("it keeps %s, densemem at most %s\n", sz(stock_kept), sz(best_kept));
		best = NULL;
	} else if (best) {
		const struct plan_result *r = &res[best - configs];

		printf("\nrecommended: CONFIG_DENSEMEM=y, CONFIG_VMSPLIT_%s=y%s%s: ", best->split,
		       best->lpae ? ", CONFIG_ARM_LPAE=y" : "",
		       best->highmem ? ", CONFIG_HIGHMEM=y" : "");
		printf("%s in lowmem, %s highmem, %s dropped\n", sz(r->lowmem),
		       sz(r->highmem), sz(r->dropped));
	} else if (!stock) {
		printf("\nno configuration this cpu can run keeps any RAM\n");
	}
	/* one kernel for every board: the split VMSPLIT_BOOT takes on this one */
	for (i = 0; i < ARRAY_SIZE(configs); i++) {
		const struct plan_result *r = &res[i];

		if (!configs[i].boot)
			continue;
		printf("vmsplit auto (CONFIG_VMSPLIT_BOOT=y, VMSPLIT_%s): ", configs[i].split);
		printf("%s in lowmem, %s dropped; ", sz(r->lowmem), sz(r->dropped));
		printf("user %s (TASK_SIZE %#llx), linear map from %#llx\n",
		       sz(user_size(&configs[i], r)),
		       (unsigned long long)user_size(&configs[i], r),
		       (unsigned long long)(configs[i].page_offset - r->lo.below));
	}
	if (!want)
		want = best;
	if (want) {
		const struct plan_result *r = &res[want - configs];

		printf("\nboot lines of %s:\n", config_name(want));
		for (i = 0; i < r->mb.nr_note; i++)
			printf("  %s\n", r->mb.note[i]);
		boot_lines(r, &o, "  densemem: ");
		printf("  tables: %lu + %lu entries in use of %d + %d, %zu bytes\n",
		       r->lo.map->p2d_nr, r->lo.map->d2p_nr, DENSEMEM_MAX_CHUNKS + 1,
		       DENSEMEM_MAX_CHUNKS + 1, sizeof(struct densemem_map));
	}
	return 0;
}
