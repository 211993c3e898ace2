// SPDX-License-Identifier: GPL-2.0
/*
 * densemem at boot: memblock.memory in, translation tables out.
 *
 * The architecture calls densemem_setup() once it has its final memory
 * map (after the device tree, mem= and no-map regions) and before it maps
 * the linear map or allocates the memory map.  What the layout drops is
 * removed from memblock, so nothing later in boot can hand it out, and
 * every range is reported in one boot line.
 */
#define pr_fmt(fmt) "densemem: " fmt

#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/pfn.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "densemem.h"

struct densemem_layout densemem_layout __ro_after_init;
struct densemem_params densemem_params __ro_after_init;

static struct densemem_region densemem_input[DENSEMEM_MAX_INPUT] __initdata;

/* RAM the firmware described that early boot kept out of memblock */
static struct densemem_extent densemem_ignored[DENSEMEM_MAX_IGNORED] __initdata;
static unsigned int densemem_nr_ignored __initdata;
static struct densemem_layout densemem_next __initdata;
static bool densemem_built __initdata;

static void __init densemem_emit(void *ctx, const char *line)
{
	pr_info("%s\n", line);
}

/* Whether @a and @b keep the same ranges at the same dense addresses. */
static bool __init densemem_same_kept(const struct densemem_layout *a,
				      const struct densemem_layout *b)
{
	unsigned int i = 0, j = 0;

	for (;;) {
		while (i < a->nr_ext && a->ext[i].fate == DENSEMEM_DROPPED)
			i++;
		while (j < b->nr_ext && b->ext[j].fate == DENSEMEM_DROPPED)
			j++;
		if (i == a->nr_ext || j == b->nr_ext)
			return i == a->nr_ext && j == b->nr_ext;
		if (a->ext[i].start != b->ext[j].start || a->ext[i].end != b->ext[j].end ||
		    a->ext[i].dense != b->ext[j].dense || a->ext[i].fate != b->ext[j].fate)
			return false;
		i++;
		j++;
	}
}

/**
 * densemem_phys_in_lowmem() - whether the linear map holds @phys
 * @phys: a physical address
 *
 * For CONFIG_DEBUG_VIRTUAL: true for RAM the layout put in lowmem and for
 * the address just past each such range (a bank's end, high_memory),
 * false for holes, highmem and what was dropped.  Before the first layout
 * exists only the kernel's bank is in use, and every address passes.
 *
 * Return: whether __va(@phys) is a linear-map address of RAM.
 */
bool densemem_phys_in_lowmem(phys_addr_t phys)
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned int i;

	if (!lo->nr_ext)
		return true;
	for (i = 0; i < lo->nr_ext; i++)
		if (lo->ext[i].fate == DENSEMEM_LOWMEM &&
		    lo->ext[i].start <= phys && phys <= lo->ext[i].end)
			return true;
	return false;
}

/**
 * densemem_movable_pfn() - where ZONE_MOVABLE starts, if the layout needs it
 *
 * With LPAE the layout may put RAM above 4 GiB in the linear map.  What
 * must be reachable with a 32-bit physical address is never allocated
 * movable: coherent DMA buffers for 32-bit masks, kernel stacks and
 * cpu_suspend()'s saved state (read back with the MMU off), page tables,
 * the identity map.  So lowmem at or above the architecture's reach is
 * ZONE_MOVABLE: user and page-cache pages, which streaming DMA bounces
 * through swiotlb, as it did for highmem there.  free_area_init() asks
 * this before it sizes the zones.
 *
 * Return: the first pfn of lowmem at or above densemem_params.phys_reach,
 * or 0 when there is none.
 */
unsigned long __init densemem_movable_pfn(void)
{
	const struct densemem_layout *lo = &densemem_layout;
	u64 reach = densemem_params.phys_reach;
	unsigned int i;

	for (i = 0; lo->movable && i < lo->nr_ext; i++)
		if (lo->ext[i].fate == DENSEMEM_LOWMEM && lo->ext[i].end > reach)
			return PHYS_PFN(max(lo->ext[i].start, reach));
	return 0;
}

/**
 * densemem_ignore_ram() - name RAM that early boot leaves out of memblock
 * @start: first physical byte
 * @end: one past the last
 * @why: why it is left out
 *
 * Called by the code that reads the firmware's memory map where it drops
 * a range before memblock_add() (drivers/of/fdt.c: partial pages, RAM
 * below PHYS_OFFSET or past the largest physical address).  The range is
 * listed among the dropped ones of every layout, so that densemem's boot
 * lines cover every byte the firmware described.
 */
void __init densemem_ignore_ram(u64 start, u64 end, enum densemem_reason why)
{
	struct densemem_extent *e;

	if (start >= end)
		return;
	if (densemem_nr_ignored == DENSEMEM_MAX_IGNORED) {
		pr_warn("[mem 0x%016llx-0x%016llx] %s: not listed, more than %u such ranges\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			densemem_reason_str(why), DENSEMEM_MAX_IGNORED);
		return;
	}
	e = &densemem_ignored[densemem_nr_ignored++];
	e->start = start;
	e->end = end;
	e->fate = DENSEMEM_DROPPED;
	e->reason = why;
}

/**
 * densemem_early_init() - the identity tables, for the kernel's own bank
 * @voffset: linear-map address minus physical address of the kernel's
 *	     bank (PAGE_OFFSET - PHYS_OFFSET)
 *
 * __va() takes the linear map's offset from the tables, and that offset
 * may be known only at run time (Arm's ARM_PATCH_PHYS_VIRT): the
 * architecture calls this before its first __va(), with the offset its
 * boot code found.
 */
void __init densemem_early_init(unsigned long voffset)
{
	densemem_identity(&densemem_map, voffset);
}

/* memblock.memory as the builder's input; what does not fit is named */
static unsigned int __init densemem_read_memblock(void)
{
	struct memblock_region *r;
	unsigned int nr = 0;
	u64 skipped = 0;

	for_each_mem_region(r) {
		if (nr < ARRAY_SIZE(densemem_input)) {
			densemem_input[nr].base = r->base;
			densemem_input[nr++].size = r->size;
		} else {
			skipped += r->size;
		}
	}
	if (skipped)
		pr_warn("more than %u memblock regions: %llu bytes past them dropped\n",
			nr, (unsigned long long)skipped);
	return nr;
}

/*
 * Keep in memblock exactly the extents that are lowmem or highmem: this
 * removes what the layout dropped and anything it could not even list.
 * Every call does it, not only the last: memblock allocates between two
 * calls (Arm's arm_memblock_init() places reserved-memory regions), and
 * must not hand out what the layout drops.  A second removal finds it
 * gone.  Return: where the linear map ends.
 */
static u64 __init densemem_remove_dropped(const struct densemem_layout *lo, u64 end)
{
	unsigned int i;
	u64 kept = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate == DENSEMEM_DROPPED)
			continue;
		if (e->start > kept)
			memblock_remove(kept, e->start - kept);
		kept = e->end;
		if (e->fate == DENSEMEM_LOWMEM)
			end = e->end;
	}
	if (kept < (u64)PHYS_ADDR_MAX)
		memblock_remove(kept, PHYS_ADDR_MAX - kept);
	return end;
}

/*
 * The boot lines, and the layout debugfs shows: the first time, and
 * again only when what the layout keeps changed.
 */
static void __init densemem_publish(const struct densemem_layout *lo,
				    const struct densemem_params *p)
{
	if (densemem_built && densemem_same_kept(lo, &densemem_layout))
		return;
	if (densemem_built)
		pr_info("memory map changed since the last layout: rebuilt\n");
	densemem_layout = *lo;
	densemem_report(lo, p, densemem_emit, NULL);
	densemem_built = true;
}

/**
 * densemem_setup() - build the dense layout from memblock.memory
 * @p: the architecture's limits: kernel bank, linear-map size, granule
 *
 * May be called more than once while the memory map is still changing
 * (Arm recomputes its lowmem bounds after arm_memblock_init()); each call
 * rebuilds the tables from the current memblock.memory, which only ever
 * shrinks, in three steps: read memblock, build the layout and its tables
 * in place, remove from memblock what it drops.  The layout is printed,
 * and kept for debugfs, the first time and again only when what it keeps
 * changed.  No-map regions are part of their bank: they stay in the
 * dense space, unmapped, as under FLATMEM.
 *
 * Return: the physical address where the linear map ends: every byte of
 * memblock.memory below it is in the linear map, every byte above it is
 * highmem.  If no bank holds the kernel the tables stay the identity,
 * nothing is removed, and the end of the linear map is computed as
 * FLATMEM would.
 */
u64 __init densemem_setup(const struct densemem_params *p)
{
	struct densemem_layout *lo = &densemem_next;
	unsigned int i, nr = densemem_read_memblock();
	u64 end;

	densemem_params = *p;
	/*
	 * In place: nothing between here and the return translates an
	 * address, and the tables' pointers point into densemem_map itself.
	 */
	if (densemem_build(lo, &densemem_map, densemem_input, nr, p)) {
		pr_err("no memory bank holds the kernel at %#llx: tables left flat\n",
		       (unsigned long long)p->kernel_phys);
		/* the identity, as FLATMEM over [phys_offset, end of DRAM) */
		densemem_map.base_pfn = PHYS_PFN(p->phys_offset);
		densemem_map.nr_pages = PHYS_PFN(memblock_end_of_DRAM()) -
					densemem_map.base_pfn;
		return p->phys_offset + p->lowmem_size;
	}
	for (i = 0; i < densemem_nr_ignored; i++)
		densemem_add_dropped(lo, densemem_ignored[i].start, densemem_ignored[i].end,
				     densemem_ignored[i].reason);
	end = densemem_remove_dropped(lo, p->phys_offset);
	densemem_publish(lo, p);
	return end;
}
