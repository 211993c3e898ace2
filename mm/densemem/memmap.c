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
 * densemem_fill_p2page() - the pfn_to_page() table of @m for a mem_map
 * @m: the live tables
 * @mem_map: address of the struct page of dense pfn @m->base_pfn
 * @size: sizeof(struct page)
 *
 * Unsigned arithmetic: an entry is where the page of pfn 0 would be, an
 * address that may lie outside mem_map[], as FLATMEM's mem_map -
 * ARCH_PFN_OFFSET does.
 */
static void __init densemem_fill_p2page(struct densemem_map *m, unsigned long mem_map,
					unsigned long size)
{
	unsigned long i;

	for (i = 0; i <= m->p2d_nr; i++)
		m->p2page[i] = mem_map + (m->p2d[i] - m->base_pfn) * size;
	m->p2page_base = (unsigned long)m->p2page - m->p2d_first * sizeof(m->p2page[0]);
}

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
	densemem_fill_p2page(&densemem_map, (unsigned long)mem_map, sizeof(struct page));
	pgdat->node_mem_map = pfn_to_page(pgdat->node_start_pfn);
	pr_info("mem_map: %lu bytes for %lu pages; FLATMEM would need %lu bytes (%lu less)\n",
		size, end - start, flat * sizeof(struct page),
		flat > end - start ? (flat - (end - start)) * sizeof(struct page) : 0);
}
