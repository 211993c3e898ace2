// SPDX-License-Identifier: GPL-2.0
/*
 * densemem at boot: memblock.memory in, translation tables out.
 *
 * The architecture calls densemem_setup() before it maps the linear map,
 * before the first linear address of anything but its own image is
 * handed out (Arm: before arm_memblock_init() takes __va() of the initrd
 * and allocates from memblock).  The layout is made then, once: the DT's
 * no-map regions at fixed addresses are read first, so that those that
 * leave the dense space are out of it from the start.  What the layout
 * drops is removed from memblock, so that nothing allocated later lands
 * there.  Later calls never move a linear address: what the memory map
 * learnt since (a region allocated and marked no-map, RAM removed) stays
 * in the dense space, unmapped, as under FLATMEM, and is named.
 */
#define pr_fmt(fmt) "densemem: " fmt

#include <linux/crash_dump.h>
#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/initrd.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mmzone.h>
#include <linux/of_fdt.h>
#include <linux/pfn.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "live_layout.h"

struct densemem_layout densemem_layout __ro_after_init;
struct densemem_params densemem_params __ro_after_init;

static struct densemem_region densemem_input[DENSEMEM_MAX_INPUT] __initdata;

/* RAM the firmware described that early boot kept out of memblock */
static struct densemem_ignored densemem_ignored __initdata;
static struct densemem_layout densemem_next __initdata;
static bool densemem_built __initdata;
static u64 densemem_lowmem_end __initdata;

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
 * densemem_pfn_is_memory() - whether /dev/mem may map @pfn cacheable
 * @pfn: a physical page frame
 *
 * What FLATMEM's pfn_valid() says on Arm, where phys_mem_access_prot()
 * asks it: the pageblock around @pfn holds RAM or a no-map region of the
 * memory map (densemem_layout_is_memory()).  densemem's own pfn_valid()
 * is false on a no-map region set aside and true on a hole absorbed into
 * the dense space.  Before the layout exists, pfn_valid().
 *
 * Return: whether a user mapping of @pfn may be cacheable.
 */
bool densemem_pfn_is_memory(unsigned long pfn)
{
	if (!densemem_layout.nr_ext)
		return pfn_valid(pfn);
	return densemem_layout_is_memory(&densemem_layout, PFN_PHYS(pfn),
					 PAGE_SIZE * pageblock_nr_pages);
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
	if (!densemem_ignored_add(&densemem_ignored, start, end, why))
		pr_warn("[mem 0x%016llx-0x%016llx] %s: not listed, more than %u such ranges\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			densemem_reason_str(why), DENSEMEM_MAX_IGNORED);
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
 * Whether the reserved-memory code will refuse to mark [@base, @base +
 * @size) no-map: it does when the region overlaps a reservation made
 * before it scans the DT (early_init_dt_reserve_memory() returns -EBUSY).
 * Those are the kernel's image, the initrd, the ELF core header and what
 * memblock.reserved holds already (Arm: the DTB).  densemem must not take
 * such a region out of the dense space either.
 */
static bool __init densemem_nomap_refused(phys_addr_t base, phys_addr_t size)
{
	const struct densemem_params *p = &densemem_params;
	u64 end = (u64)base + size;

	if (p->kernel_size && base < p->kernel_phys + p->kernel_size && p->kernel_phys < end)
		return true;
	if (IS_ENABLED(CONFIG_BLK_DEV_INITRD) && phys_initrd_size &&
	    base < phys_initrd_start + phys_initrd_size && phys_initrd_start < end)
		return true;
	if (IS_ENABLED(CONFIG_CRASH_DUMP) && elfcorehdr_size &&
	    base < elfcorehdr_addr + elfcorehdr_size && elfcorehdr_addr < end)
		return true;
	return memblock_is_region_reserved(base, size);
}

/*
 * A no-map region of the DT at a fixed address: marked in memblock before
 * the layout, as the reserved-memory code marks it later, so that the
 * layout takes it out of the dense space from the start.
 */
static void __init densemem_dt_nomap(phys_addr_t base, phys_addr_t size)
{
	if (!memblock_overlaps_region(&memblock.memory, base, size))
		return;
	if (densemem_nomap_refused(base, size)) {
		pr_warn("[mem 0x%016llx-0x%016llx] no-map region overlaps the kernel, the initrd or a reservation: not marked, left in the dense space\n",
			(unsigned long long)base, (unsigned long long)base + size - 1);
		return;
	}
	memblock_mark_nomap(base, size);
}

/*
 * Keep in memblock exactly the extents that are lowmem or highmem: this
 * removes what the layout dropped, the no-map regions it set aside and
 * anything it could not even list, so that nothing memblock allocates
 * later lands there.  Return: where the linear map ends.
 */
static u64 __init densemem_remove_dropped(const struct densemem_layout *lo, u64 end)
{
	unsigned int i;
	u64 kept = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e))
			continue;
		if (e->start > kept)
			memblock_remove(kept, e->start - kept);
		kept = e->end;
		if (e->fate == DENSEMEM_LOWMEM)
			end = e->end;
	}
	if (kept < (u64)PHYS_ADDR_MAX)
		memblock_remove(kept, (u64)PHYS_ADDR_MAX - kept);
	return end;
}

/* bytes of [@start, @end) that no kept extent of @lo holds */
static u64 __init densemem_bytes_not_kept(const struct densemem_layout *lo, u64 start, u64 end)
{
	u64 out = end - start;
	unsigned int i;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		u64 s = max(start, e->start), t = min(end, e->end);

		if (densemem_extent_kept(e) && s < t)
			out -= t - s;
	}
	return out;
}

/*
 * A later call: the layout is final, and linear addresses handed out
 * since it was made must stay valid.  Name what the memory map learnt
 * since: RAM outside the layout (removed again) and no-map regions
 * placed since (allocated by size, or marked by platform code), which
 * stay in the dense space, unmapped, as under FLATMEM.  And check what
 * was translated since: the initrd's linear address.
 */
static u64 __init densemem_check_final(void)
{
	const struct densemem_layout *lo = &densemem_layout;
	u64 g = densemem_params.min_granule;
	struct memblock_region *r;
	bool outside = false;

	for_each_mem_region(r) {
		u64 s = r->base, e = r->base + r->size;
		u64 out = densemem_bytes_not_kept(lo, s, e);

		if (out) {
			pr_warn("[mem 0x%016llx-0x%016llx] added after the layout was made: %llu bytes dropped\n",
				s, e - 1, out);
			outside = true;
		} else if (memblock_is_nomap(r) && densemem_spans_granule(s, e, g)) {
			pr_info("[mem 0x%016llx-0x%016llx] no-map, placed after the layout was made: in the dense space, unmapped\n",
				s, e - 1);
		}
	}
	if (outside)
		densemem_remove_dropped(lo, 0);
	if (IS_ENABLED(CONFIG_BLK_DEV_INITRD) && initrd_start)
		WARN(initrd_start != (unsigned long)__va(phys_initrd_start),
		     "densemem: initrd at %#lx, but its linear address is %#lx\n",
		     initrd_start, (unsigned long)__va(phys_initrd_start));
	return densemem_lowmem_end;
}

/**
 * densemem_print_layout() - the boot lines of the layout
 *
 * Called when mem_map[] is allocated: one line per range of the memory
 * map, kept, dropped or no-map, and a summary.
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
 * The first call lays out the linear map, once and for good: the
 * architecture makes it before it hands out the first linear address of
 * anything but its own image.  It marks the DT's no-map regions at fixed
 * addresses in memblock first (those the reserved-memory code will mark
 * too), then reads memblock, builds the layout and its tables in place
 * and removes from memblock what it does not keep.  A no-map region that
 * spans a block of @p->min_granule leaves the dense space: no linear map,
 * no struct pages.  The layout is printed by densemem_print_layout() and
 * kept for debugfs.
 *
 * Later calls (Arm calls again after arm_memblock_init()) move nothing:
 * they name what the memory map learnt since and check that the initrd
 * still translates as it did.
 *
 * Return: the physical address where the linear map ends: every byte of
 * memblock.memory below it is in the linear map, every byte above it is
 * highmem.  If no bank holds the kernel the tables stay the identity,
 * nothing is removed, and the end of the linear map is computed as
 * FLATMEM would.
 */
u64 __init densemem_setup(const struct densemem_params *p)
{
	static bool called __initdata;
	struct densemem_layout *lo = &densemem_next;
	unsigned int nr;

	if (called)
		return densemem_built ? densemem_check_final() : densemem_lowmem_end;
	called = true;
	densemem_params = *p;
	densemem_lowmem_end = p->phys_offset + p->lowmem_size;
	early_init_fdt_scan_nomap(densemem_dt_nomap);
	nr = densemem_read_memblock();
	/*
	 * In place: nothing between here and the return translates an
	 * address, and the tables' pointers point into densemem_map itself.
	 */
	if (densemem_build(lo, &densemem_map, densemem_input, nr, p)) {
		pr_err("no memory bank holds the kernel at %#llx: tables left flat\n",
		       (unsigned long long)p->kernel_phys);
		return densemem_lowmem_end;
	}
	densemem_add_ignored(lo, &densemem_ignored);
	densemem_lowmem_end = densemem_remove_dropped(lo, p->phys_offset);
	densemem_layout = *lo;
	densemem_built = true;
	return densemem_lowmem_end;
}
