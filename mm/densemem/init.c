// SPDX-License-Identifier: GPL-2.0
/*
 * densemem at boot: memblock.memory in, translation tables out.
 *
 * The architecture calls densemem_setup() before it maps the linear map
 * or allocates the memory map, and again whenever its memory map may have
 * changed (Arm: after arm_memblock_init() reads the reserved memory).
 * What a layout drops is removed from memblock, so that nothing allocated
 * in between lands there; the next call gives it back and lays out again.
 * Every range of the last layout is reported in one boot line, once.
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

/*
 * RAM the last call removed from memblock because its layout did not keep
 * it (a dropped range, a no-map region out of the dense space), with its
 * fate: the next call gives it back, so that what the memory map learnt
 * in between (no-map regions) can let the linear map reach further.
 */
static struct densemem_extent densemem_removed[DENSEMEM_MAX_EXTENTS] __initdata;
static unsigned int densemem_nr_removed __initdata;
static bool densemem_removed_all_noted __initdata = true;

/* the static no-map regions of the reserved memory: densemem_nomap_ram() */
#define DENSEMEM_MAX_NOMAP	64
static struct densemem_region densemem_nomaps[DENSEMEM_MAX_NOMAP] __initdata;
static unsigned int densemem_nr_nomaps __initdata;
static bool densemem_nomaps_all_noted __initdata = true;

static void __init densemem_emit(void *ctx, const char *line)
{
	pr_info("%s\n", line);
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
 * densemem_nomap_ram() - note a no-map region of the reserved memory
 * @base: first physical byte
 * @size: its bytes
 *
 * Called where the reserved memory code marks a region of the device
 * tree MEMBLOCK_NOMAP.  If an earlier layout dropped the RAM it lies in,
 * that RAM is not in memblock then and the mark does nothing: densemem
 * marks the region itself when it gives the RAM back, so that a secure
 * carve-out never enters the linear map.
 */
void __init densemem_nomap_ram(phys_addr_t base, phys_addr_t size)
{
	if (densemem_nr_nomaps == ARRAY_SIZE(densemem_nomaps)) {
		densemem_nomaps_all_noted = false;
		return;
	}
	densemem_nomaps[densemem_nr_nomaps].base = base;
	densemem_nomaps[densemem_nr_nomaps++].size = size;
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
	densemem_identity(&densemem_map, voffset, 0, ~0UL);
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
			densemem_input[nr].size = r->size;
			densemem_input[nr++].nomap = memblock_is_nomap(r);
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
 * Remove [@start, @end) from memblock, noting the RAM it held, with the
 * fate @lo gives it, for the next call to give back.
 */
static void __init densemem_remove(const struct densemem_layout *lo, u64 start, u64 end)
{
	struct memblock_region *r;
	unsigned int i;

	for_each_mem_region(r) {
		u64 s = max_t(u64, start, r->base), e = min_t(u64, end, r->base + r->size);
		struct densemem_extent *x;

		if (s >= e)
			continue;
		if (densemem_nr_removed == ARRAY_SIZE(densemem_removed)) {
			densemem_removed_all_noted = false;
			continue;
		}
		x = &densemem_removed[densemem_nr_removed++];
		x->start = s;
		x->end = e;
		x->fate = memblock_is_nomap(r) ? DENSEMEM_NOMAP : DENSEMEM_DROPPED;
		x->reason = DENSEMEM_NO_LINEAR_MAP;
		for (i = 0; i < lo->nr_ext; i++)
			if (lo->ext[i].fate == DENSEMEM_DROPPED &&
			    lo->ext[i].start <= s && s < lo->ext[i].end)
				x->reason = lo->ext[i].reason;
	}
	if (end > start)
		memblock_remove(start, end - start);
}

/*
 * Keep in memblock exactly the extents that are lowmem or highmem: this
 * removes what the layout dropped, the no-map regions it set aside and
 * anything it could not even list.  Every call does it, not only the
 * last: memblock allocates between two calls (Arm's arm_memblock_init()
 * places reserved-memory regions and CMA), and must not hand out what
 * the layout drops.  Return: where the linear map ends.
 */
static u64 __init densemem_remove_dropped(const struct densemem_layout *lo, u64 end)
{
	unsigned int i;
	u64 kept = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e))
			continue;
		densemem_remove(lo, kept, e->start);
		kept = e->end;
		if (e->fate == DENSEMEM_LOWMEM)
			end = e->end;
	}
	if (kept < (u64)PHYS_ADDR_MAX)
		densemem_remove(lo, kept, PHYS_ADDR_MAX);
	return end;
}

/*
 * Give memblock back what the last call removed, no-map flags and all,
 * and mark in it the no-map regions the reserved memory named since: its
 * own marks did nothing on RAM that was not in memblock.  If any region
 * or removed range went unnoted, nothing is given back: the RAM stays
 * dropped, and is listed so, rather than risk mapping a secure carve-out.
 * Return: whether it was given back.
 */
static bool __init densemem_give_back(void)
{
	unsigned int i, j;

	if (!densemem_nomaps_all_noted || !densemem_removed_all_noted)
		return false;
	for (i = 0; i < densemem_nr_removed; i++) {
		const struct densemem_extent *x = &densemem_removed[i];

		memblock_add(x->start, x->end - x->start);
		if (x->fate == DENSEMEM_NOMAP)
			memblock_mark_nomap(x->start, x->end - x->start);
		for (j = 0; j < densemem_nr_nomaps; j++) {
			u64 s = max_t(u64, x->start, densemem_nomaps[j].base);
			u64 e = min_t(u64, x->end, densemem_nomaps[j].base +
						   densemem_nomaps[j].size);

			if (s < e)
				memblock_mark_nomap(s, e - s);
		}
	}
	densemem_nr_removed = 0;
	return true;
}

/**
 * densemem_print_layout() - the boot lines of the last layout
 *
 * Called once the layout is final, when mem_map[] is allocated: one line
 * per range of the memory map, kept, dropped or no-map, and a summary.
 */
void __init densemem_print_layout(void)
{
	if (densemem_built)
		densemem_report(&densemem_layout, &densemem_params, densemem_emit, NULL);
}

/**
 * densemem_setup() - build the dense layout from memblock.memory
 * @p: the architecture's limits: kernel bank, linear-map size, granule
 *
 * May be called more than once while the memory map is still changing
 * (Arm recomputes its lowmem bounds after arm_memblock_init()).  Each call
 * gives back what the last one removed, then rebuilds the tables from
 * memblock.memory in three steps: read memblock, build the layout and its
 * tables in place, remove from memblock what it does not keep.  A no-map
 * region that spans a block of @p->min_granule leaves the dense space: no
 * linear map, no struct pages.  The last layout is printed once, by
 * densemem_print_layout(), and kept for debugfs.
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
	unsigned int i, nr, kept_away = 0;
	u64 end;

	if (!densemem_give_back()) {
		kept_away = densemem_nr_removed;
		densemem_nr_removed = 0;
		if (kept_away)
			pr_warn("more than %u no-map regions or removed ranges: RAM an earlier layout dropped stays dropped\n",
				DENSEMEM_MAX_NOMAP);
	}
	nr = densemem_read_memblock();
	densemem_params = *p;
	/*
	 * In place: nothing between here and the return translates an
	 * address, and the tables' pointers point into densemem_map itself.
	 */
	if (densemem_build(lo, &densemem_map, densemem_input, nr, p)) {
		pr_err("no memory bank holds the kernel at %#llx: tables left flat\n",
		       (unsigned long long)p->kernel_phys);
		return p->phys_offset + p->lowmem_size;
	}
	for (i = 0; i < densemem_nr_ignored; i++)
		densemem_add_dropped(lo, densemem_ignored[i].start, densemem_ignored[i].end,
				     densemem_ignored[i].reason);
	/* what stays removed is still listed, with the reason it was dropped */
	for (i = 0; i < kept_away; i++)
		if (densemem_removed[i].fate == DENSEMEM_DROPPED)
			densemem_add_dropped(lo, densemem_removed[i].start,
					     densemem_removed[i].end, densemem_removed[i].reason);
	end = densemem_remove_dropped(lo, p->phys_offset);
	densemem_layout = *lo;
	densemem_built = true;
	return end;
}
