// SPDX-License-Identifier: GPL-2.0
/*
 * What 32-bit Arm Linux 6.12 does with the firmware's memory map before
 * densemem_setup() sees it, and the parameters arch/arm/mm/densemem.c
 * passes, for one configuration:
 *
 *  - early_init_dt_add_memory_arch() (drivers/of/fdt.c): whole pages only,
 *    nothing past the largest phys_addr_t, nothing below PHYS_OFFSET; it
 *    names each such range to densemem, whose boot lines list it;
 *  - mem= (arch/arm/kernel/setup.c, early_mem()/arm_add_memory()): the
 *    first one replaces the map, each adds SIZE@START;
 *  - memblock_add(): sorted, merged, capped at PHYS_ADDR_MAX;
 *  - the reserved memory's no-map regions (arm_memblock_init(), before the
 *    last densemem_setup()): memblock_mark_nomap() cuts their regions out
 *    of the RAM around them, flagged;
 *  - adjust_lowmem_bounds(): the linear map ends at vmalloc_min, that is
 *    VMALLOC_END - vmalloc= (240 MiB) - VMALLOC_OFFSET.
 *
 * Every other byte dropped here gets a note, as the kernel prints a warning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
/* what arch/arm/mm/densemem.c passes, from the same source */
#include "../../../arch/arm/mm/densemem_params.h"

#define SZ_1M		0x100000ULL
#define PAGE_BYTES	((u64)PAGE_SIZE)
#define VMALLOC_END	0xff800000ULL
#define VMALLOC_OFFSET	(8 * SZ_1M)
#define TEXT_OFFSET	0x8000ULL

static void note(struct plan_memblock *mb, u64 start, u64 end, const char *why)
{
	mb->ignored += end - start;
	if (mb->nr_note < PLAN_MAX_NOTES)
		snprintf(mb->note[mb->nr_note++], sizeof(mb->note[0]),
			 "[mem 0x%016llx-0x%016llx] not given to densemem: %s",
			 (unsigned long long)start, (unsigned long long)end - 1, why);
}

/* memblock_add(): the builder's merge, after memblock_cap_size() */
static void mb_add(struct plan_memblock *mb, u64 base, u64 size, u64 phys_max)
{
	u64 overlap = 0;

	if (size > phys_max - base) {	/* memblock_cap_size() */
		note(mb, phys_max, base + size,
		     "the last byte of the physical address space (memblock_cap_size())");
		size = phys_max - base;
	}
	if (size && !densemem_insert_merged(mb->r, &mb->nr, PLAN_MAX_BANKS, base,
					    base + size, &overlap))
		note(mb, base, base + size, "more memory ranges than the plan holds");
}

/*
 * memblock_mark_nomap() as early_init_dt_reserve_memory() calls it: the
 * regions it covers are split at its edges and the parts inside flagged;
 * flagged regions that touch are merged, as memblock_merge_regions() does.
 */
static void mb_mark_nomap(struct plan_memblock *mb, u64 base, u64 size)
{
	static struct densemem_region out[PLAN_MAX_BANKS];
	u64 end = base + size;
	unsigned int i, k, n = 0;

	for (i = 0; i < mb->nr; i++) {
		const struct densemem_region *r = &mb->r[i];
		u64 re = r->base + r->size;
		u64 cut[4] = { r->base, base > r->base ? (base < re ? base : re) : r->base,
			       end > r->base ? (end < re ? end : re) : r->base, re };

		if (cut[2] < cut[1])
			cut[2] = cut[1];
		for (k = 0; k < 3; k++) {
			bool flag = k == 1 || r->nomap;

			if (cut[k + 1] <= cut[k])
				continue;
			if (n && flag && out[n - 1].nomap &&
			    out[n - 1].base + out[n - 1].size == cut[k]) {
				out[n - 1].size += cut[k + 1] - cut[k];
				continue;
			}
			if (n == PLAN_MAX_BANKS)	/* memblock would resize: keep it whole */
				return;
			out[n].base = cut[k];
			out[n].size = cut[k + 1] - cut[k];
			out[n++].nomap = flag;
		}
	}
	memcpy(mb->r, out, n * sizeof(out[0]));
	mb->nr = n;
}

/* densemem_ignore_ram(): the DT code names what it drops */
static void dt_drop(struct plan_memblock *mb, u64 start, u64 end, enum densemem_reason why)
{
	if (!densemem_ignored_add(&mb->dt, start, end, why))	/* not listed: a warning */
		note(mb, start, end, densemem_reason_str(why));
}

/*
 * early_init_dt_add_memory_arch() (drivers/of/fdt.c), statement for
 * statement, with its densemem_ignore_ram() calls: the same wrap-arounds,
 * and without LPAE a 32-bit PAGE_MASK that also clears a size's upper half.
 */
static void dt_add(struct plan_memblock *mb, u64 base, u64 size, u64 phys_max,
		   u64 phys_offset)
{
	u64 off = base & (PAGE_BYTES - 1);
	u64 page_mask = phys_max == ~0ULL ? ~(PAGE_BYTES - 1) : 0xffffffffULL & ~(PAGE_BYTES - 1);

	if (size < PAGE_BYTES - off) {
		dt_drop(mb, base, base + size, DENSEMEM_UNALIGNED);
		return;
	}
	if (off) {
		dt_drop(mb, base, base - off + PAGE_BYTES, DENSEMEM_UNALIGNED);
		size -= PAGE_BYTES - off;
		base = base - off + PAGE_BYTES;
	}
	dt_drop(mb, base + (size & page_mask), base + (size & ~(PAGE_BYTES - 1)),
		DENSEMEM_PHYS_LIMIT);
	dt_drop(mb, base + (size & ~(PAGE_BYTES - 1)), base + size, DENSEMEM_UNALIGNED);
	size &= page_mask;
	if (base > phys_max) {
		dt_drop(mb, base, base + size, DENSEMEM_PHYS_LIMIT);
		return;
	}
	if (base + size - 1 > phys_max) {
		dt_drop(mb, phys_max + 1, base + size, DENSEMEM_PHYS_LIMIT);
		size = phys_max - base + 1;
	}
	if (base + size < phys_offset) {
		dt_drop(mb, base, base + size, DENSEMEM_BELOW_PHYS_OFFSET);
		return;
	}
	if (base < phys_offset) {
		dt_drop(mb, base, phys_offset, DENSEMEM_BELOW_PHYS_OFFSET);
		size -= phys_offset - base;
		base = phys_offset;
	}
	mb_add(mb, base, size, phys_max);
}

/* arm_add_memory() for mem=SIZE[@START] */
static void mem_add(struct plan_memblock *mb, u64 start, u64 size, bool lpae,
		    u64 phys_offset)
{
	u64 s = (start + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);

	size = s > start + size ? 0 : size - (s - start);
	if (!lpae) {
		if (s > 0xffffffffULL) {
			note(mb, s, s + size, "mem= beyond 32-bit physical addresses");
			return;
		}
		if (s + size > 0xffffffffULL)
			size = 0xffffffffULL - s;
	}
	if (s < phys_offset) {
		if (s + size <= phys_offset) {
			note(mb, s, s + size, "mem= below PHYS_OFFSET");
			return;
		}
		size -= phys_offset - s;
		s = phys_offset;
	}
	mb_add(mb, s, size & ~(PAGE_BYTES - 1), lpae ? ~0ULL : 0xffffffffULL);
}

/* memparse(): a number with an optional K, M or G suffix */
static u64 memparse(const char *s, const char **end)
{
	char *e;
	u64 v = strtoull(s, &e, 0);

	if (*e && strchr("GgMmKk", *e)) {
		v <<= *e == 'G' || *e == 'g' ? 30 : *e == 'M' || *e == 'm' ? 20 : 10;
		e++;
	}
	if (end)
		*end = e;
	return v;
}

/* The value of the first parameter @name at or after @p, or NULL. */
static const char *next_param(const char *p, const char *name)
{
	size_t n = strlen(name);

	for (; p && *p; p += strcspn(p, " \t")) {
		p += strspn(p, " \t");
		if (!strncmp(p, name, n) && p[n] == '=')
			return p + n + 1;
	}
	return NULL;
}

/**
 * plan_phys_offset() - PHYS_OFFSET of a zImage started at @load
 * @b: the board
 * @load: load address of the zImage, or 0 for the lowest bank + 32 MiB
 *	  (where the densemem harness and many boot loaders put it)
 *
 * With ARM_PATCH_PHYS_VIRT and AUTO_ZRELADDR the decompressor puts the
 * kernel in the 128 MiB-aligned block it was loaded in, if the DT has RAM
 * there; else fdt_check_mem_start() takes the lowest RAM below 4 GiB,
 * rounded up to 2 MiB.  The kernel then ignores the RAM below it.
 *
 * Return: PHYS_OFFSET.
 */
u64 plan_phys_offset(const struct plan_board *b, u64 load)
{
	unsigned int i;
	u64 low = ~0ULL, start;

	for (i = 0; i < b->nr_bank; i++)
		if (b->bank[i].size && b->bank[i].base < low)
			low = b->bank[i].base;
	if (!load)
		load = low + 32 * SZ_1M;
	start = load & ~(128 * SZ_1M - 1);
	/* arch/arm/boot/compressed/fdt_check_mem_start.c */
	for (i = 0, low = ~0ULL; i < b->nr_bank; i++) {
		u64 s = b->bank[i].base, e = s + b->bank[i].size;

		if (!b->bank[i].size || s >> 32)
			continue;
		if (start >= s && start < e)
			return start;
		if (s < low)
			low = s;
	}
	return low == ~0ULL ? start : (low + 2 * SZ_1M - 1) & ~(2 * SZ_1M - 1);
}

/**
 * plan_cpu_has_lpae() - whether a core can run an LPAE kernel
 * @cpu: core name, after "arm," in a DT's compatible
 *
 * Return: true for the Armv7 cores with the Large Physical Address
 * Extension and the Armv8 cores in AArch32.
 */
bool plan_cpu_has_lpae(const char *cpu)
{
	static const char * const lpae[] = {
		"cortex-a7", "cortex-a12", "cortex-a15", "cortex-a17",
		"cortex-a32", "cortex-a53", "cortex-a57", "cortex-a72", "max",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lpae); i++)
		if (!strcmp(cpu, lpae[i]))
			return true;
	return false;
}

/* mem=: the first one removes what the DT said; note what it does not put back */
static void mem_params(struct plan_memblock *mb, const char *v, const struct plan_config *c,
		       u64 phys_offset)
{
	static struct densemem_region dt[PLAN_MAX_BANKS];
	unsigned int i, j, nr_dt;

	memcpy(dt, mb->r, mb->nr * sizeof(dt[0]));
	nr_dt = mb->nr;
	mb->nr = 0;
	for (; v; v = next_param(v, "mem")) {
		const char *e;
		u64 size = memparse(v, &e), start = phys_offset;

		if (*e == '@')
			start = memparse(e + 1, NULL);
		mem_add(mb, start, size, c->lpae, phys_offset);
	}
	for (i = 0, j = 0; i < nr_dt; i++) {
		u64 s = dt[i].base, end = s + dt[i].size;

		for (; j < mb->nr && mb->r[j].base < end; j++) {
			if (mb->r[j].base + mb->r[j].size <= s)
				continue;
			if (mb->r[j].base > s)
				note(mb, s, mb->r[j].base, "not in mem=");
			s = mb->r[j].base + mb->r[j].size;
			if (s >= end)
				break;
		}
		if (s < end)
			note(mb, s, end, "not in mem=");
	}
}

/**
 * plan_memblock() - memblock.memory when densemem_setup() last runs
 * @mb: the result, fully written
 * @b: the board
 * @c: the configuration
 * @phys_offset: PHYS_OFFSET
 */
void plan_memblock(struct plan_memblock *mb, const struct plan_board *b,
		   const struct plan_config *c, u64 phys_offset)
{
	u64 phys_max = c->lpae ? ~0ULL : 0xffffffffULL;
	const char *v = next_param(b->cmdline, "mem");
	unsigned int i;

	memset(mb, 0, sizeof(*mb));
	for (i = 0; i < b->nr_bank; i++)
		dt_add(mb, b->bank[i].base, b->bank[i].size, phys_max, phys_offset);
	if (v)
		mem_params(mb, v, c, phys_offset);
	for (i = 0; i < b->nr_nomap; i++)
		mb_mark_nomap(mb, b->nomap[i].base, b->nomap[i].size);
}

/**
 * plan_params() - what arm_densemem_setup() passes for @c
 * @p: the parameters, fully written
 * @b: the board (its command line may carry vmalloc=)
 * @c: the configuration
 * @phys_offset: PHYS_OFFSET
 * @max_order_shift: log2 of the bytes of a MAX_ORDER block (22 on Arm by
 *	default)
 */
void plan_params(struct densemem_params *p, const struct plan_board *b,
		 const struct plan_config *c, u64 phys_offset,
		 unsigned int max_order_shift)
{
	const char *v = next_param(b->cmdline, "vmalloc");
	u64 vmalloc_size = 240 * SZ_1M, vmax;

	for (; v; v = next_param(v, "vmalloc")) {	/* the last one wins */
		vmalloc_size = memparse(v, NULL);
		if (vmalloc_size < 16 * SZ_1M)
			vmalloc_size = 16 * SZ_1M;
		vmax = VMALLOC_END - (c->page_offset + 32 * SZ_1M + VMALLOC_OFFSET);
		if (vmalloc_size > vmax)
			vmalloc_size = vmax;
	}
	memset(p, 0, sizeof(*p));
	p->kernel_phys = phys_offset + TEXT_OFFSET;
	p->lowmem_size = VMALLOC_END - vmalloc_size - VMALLOC_OFFSET - c->page_offset;
	p->page_offset = c->page_offset;
	p->phys_offset = phys_offset;
	p->highmem = c->highmem;
	/* VMSPLIT_BOOT: as far below PAGE_OFFSET as vmsplit= lets it (the last wins) */
	if (c->boot) {
		const char *v = next_param(b->cmdline, "vmsplit"), *last = NULL;
		bool link;

		for (; v; v = next_param(v, "vmsplit"))
			last = v;
		link = last && !strncmp(last, "3g", 2) && strchr(" \t", last[2]);
		p->below_size = arm_vmsplit_below_size(c->page_offset, link);
	}
	/* no board densemem-plan reads runs at an idmap alias */
	arm_densemem_config_params(p, c->lpae, max_order_shift, 0);
}
