// SPDX-License-Identifier: GPL-2.0
/*
 * The DENSEMEM memory map: one mem_map[] over the dense pfn space only.
 *
 * mem_map[i] is the page of dense pfn densemem_map.base_pfn + i.  It
 * starts MAX_ORDER-aligned below base_pfn and ends MAX_ORDER-aligned, as
 * FLATMEM's does, so that the buddy allocator never looks outside it.
 * Holes of a granule or more are not in the dense space and cost nothing;
 * smaller holes are reserved pages, initialised by memmap_init().
 */
#define pr_fmt(fmt) "densemem: " fmt

#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/vmstat.h>

#include "../internal.h"

/**
 * densemem_alloc_mem_map() - allocate mem_map[] for the dense space
 * @pgdat: the only node
 *
 * Called from free_area_init() in place of FLATMEM's alloc_node_mem_map().
 * Prints how much smaller mem_map[] is than FLATMEM's would be.
 */
void __init densemem_alloc_mem_map(struct pglist_data *pgdat)
{
	unsigned long base = densemem_map.base_pfn;
	unsigned long start = ALIGN_DOWN(base, MAX_ORDER_NR_PAGES);
	unsigned long end = ALIGN(base + densemem_map.nr_pages, MAX_ORDER_NR_PAGES);
	unsigned long flat = ALIGN(pgdat_end_pfn(pgdat), MAX_ORDER_NR_PAGES) -
			     ALIGN_DOWN(pgdat->node_start_pfn, MAX_ORDER_NR_PAGES);
	unsigned long size = (end - start) * sizeof(struct page);
	struct page *map;

	if (!pgdat->node_spanned_pages)
		return;
	map = memmap_alloc(size, SMP_CACHE_BYTES, MEMBLOCK_LOW_LIMIT,
			   pgdat->node_id, false);
	if (!map)
		panic("densemem: failed to allocate %lu bytes of mem_map\n", size);
	memmap_boot_pages_add(DIV_ROUND_UP(size, PAGE_SIZE));
	mem_map = map + (base - start);
	densemem_map_set_mem_map(&densemem_map, (unsigned long)mem_map, sizeof(struct page));
	pgdat->node_mem_map = pfn_to_page(pgdat->node_start_pfn);
	pr_info("mem_map: %lu bytes for %lu pages; FLATMEM would need %lu bytes (%lu less)\n",
		size, end - start, flat * sizeof(struct page),
		flat > end - start ? (flat - (end - start)) * sizeof(struct page) : 0);
}
