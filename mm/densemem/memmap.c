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
#include <linux/log2.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/vmstat.h>

#include "../internal.h"
#include "live_layout.h"
#include "layout.h"

/* struct pages of mem_map[] below base_pfn: it starts MAX_ORDER aligned */
static unsigned long densemem_memmap_head(void)
{
	return densemem_map.base_pfn - ALIGN_DOWN(densemem_map.base_pfn, MAX_ORDER_NR_PAGES);
}

/*
 * mem_map[] starts and ends on MAX_ORDER boundaries, which the dense space
 * need not: PHYS_OFFSET is only 2 MiB aligned.  The buddy allocator reads
 * the struct pages there as buddies of the first and last blocks, yet
 * memmap_init() initialises only what pfn_valid() admits, and outside the
 * dense space it admits nothing.  Give them what memmap_init() gives a hole
 * (and what FLATMEM's head gets through Arm's pageblock pfn_valid()):
 * reserved, in the lowest zone below and the highest above.
 */
static void __init densemem_init_reserved(int nid, unsigned long from,
					  unsigned long to, int zone)
{
	unsigned long d;

	for (d = from; d < to; d++) {
		struct page *page = mem_map + ((long)d - (long)densemem_map.base_pfn);

		__init_single_page(page, densemem_dpfn_to_pfn(d), zone, nid);
		__SetPageReserved(page);
	}
}

/*
 * Inside the dense space, the pages whose pfns lie outside the node's span,
 * which memmap_init() does not walk either: where the linear map grows
 * below PAGE_OFFSET, what the last granule below leaves past the RAM
 * (layout.h's below_hole), and the part of the kernel's granule below
 * PHYS_OFFSET.  Whole granules inside the span are skipped by one lookup.
 */
static void __init densemem_init_outside_node(struct pglist_data *pgdat, int lo, int hi)
{
	unsigned long base = densemem_map.base_pfn, top = base + densemem_map.nr_pages;
	unsigned long first = pgdat->node_start_pfn, last = pgdat_end_pfn(pgdat);
	unsigned long step = 1UL << densemem_map.shift, d, e, pfn;

	for (d = base; d < top; d = e) {
		e = min(ALIGN(d + 1, step), top);
		pfn = densemem_dpfn_to_pfn(d);
		if (pfn >= first && pfn + (e - d) <= last)
			continue;
		for (; d < e; d++) {
			pfn = densemem_dpfn_to_pfn(d);
			if (pfn < first || pfn >= last)
				densemem_init_reserved(pgdat->node_id, d, d + 1,
						       pfn < first ? lo : hi);
		}
	}
}

static void __init densemem_init_memmap_edges(struct pglist_data *pgdat,
					      unsigned long start, unsigned long end)
{
	unsigned long base = densemem_map.base_pfn, top = base + densemem_map.nr_pages;
	int lo = -1, hi = -1, j;

	for (j = 0; j < MAX_NR_ZONES; j++) {
		if (!pgdat->node_zones[j].spanned_pages)
			continue;
		if (lo < 0)
			lo = j;
		hi = j;
	}
	if (lo < 0)
		return;
	densemem_init_reserved(pgdat->node_id, start, base, lo);
	densemem_init_reserved(pgdat->node_id, top, end, hi);
	densemem_init_outside_node(pgdat, lo, hi);
}

/**
 * densemem_alloc_mem_map() - allocate mem_map[] for the dense space
 * @pgdat: the only node
 *
 * Called from free_area_init() in place of FLATMEM's alloc_node_mem_map(),
 * once the layout is final: prints it, and how much smaller mem_map[] is
 * than FLATMEM's would be.
 */
void __init densemem_alloc_mem_map(struct pglist_data *pgdat)
{
	unsigned long base = densemem_map.base_pfn;
	unsigned long start = base - densemem_memmap_head();
	unsigned long end = start + densemem_memmap_pages();
	unsigned long flat = ALIGN(pgdat_end_pfn(pgdat), MAX_ORDER_NR_PAGES) -
			     ALIGN_DOWN(pgdat->node_start_pfn, MAX_ORDER_NR_PAGES);
	unsigned long size = (end - start) * sizeof(struct page);
	unsigned long blocks = (end - start) / MAX_ORDER_NR_PAGES;
	/*
	 * page_to_pfn()'s table follows mem_map[], one entry per MAX_ORDER
	 * block and one past them; it is indexed by the address of a
	 * struct page in units of struct page, so each block of them starts
	 * on a multiple of its size.  memblock aligns to powers of two: for
	 * a struct page of another size (36 bytes with MEMCG on 32-bit),
	 * take a block's worth more and give back what lies before and
	 * after the aligned part.
	 */
	unsigned long bsize = MAX_ORDER_NR_PAGES * sizeof(struct page);
	bool pow2 = is_power_of_2(sizeof(struct page));
	unsigned long tsize = (blocks + 1) * sizeof(unsigned long);
	unsigned long extra = pow2 ? 0 : bsize, head;
	struct page *map;
	void *raw;

	densemem_print_layout();
	if (!pgdat->node_spanned_pages)
		return;
	raw = memmap_alloc(size + tsize + extra, pow2 ? bsize : SMP_CACHE_BYTES,
			   MEMBLOCK_LOW_LIMIT, pgdat->node_id, false);
	if (!raw)
		panic("densemem: failed to allocate %lu bytes of mem_map\n", size + tsize + extra);
	map = (struct page *)roundup((unsigned long)raw, bsize);
	head = (unsigned long)map - (unsigned long)raw;
	if (head)
		memblock_free(raw, head);
	if (extra > head)
		memblock_free((char *)map + size + tsize, extra - head);
	memmap_boot_pages_add(DIV_ROUND_UP(size + tsize, PAGE_SIZE));
	mem_map = map + (base - start);
	densemem_map_set_mem_map(&densemem_map, (unsigned long)mem_map, sizeof(struct page));
	densemem_map_set_page2p(&densemem_map, (unsigned long *)(map + (end - start)),
				(unsigned long)map, start, blocks, MAX_PAGE_ORDER,
				sizeof(struct page));
	pgdat->node_mem_map = pfn_to_page(pgdat->node_start_pfn);
	densemem_init_memmap_edges(pgdat, start, end);
	pr_info("mem_map: %lu bytes for %lu pages; FLATMEM would need %lu bytes (%lu less)\n",
		size, end - start, flat * sizeof(struct page),
		flat > end - start ? (flat - (end - start)) * sizeof(struct page) : 0);
}

/**
 * densemem_memmap_index() - position of a struct page in the mem_map[] allocation
 * @page: a struct page of the dense space
 *
 * For arrays that parallel mem_map[] one entry per struct page (page_ext):
 * indexed so, they cover the dense space only, as mem_map[] does.
 *
 * Return: the index of @page from the start of the allocation, which is
 * MAX_ORDER aligned below the first dense pfn.
 */
unsigned long densemem_memmap_index(const struct page *page)
{
	return page - mem_map + densemem_memmap_head();
}

/**
 * densemem_memmap_pages() - struct pages in the mem_map[] allocation
 *
 * Return: how many entries mem_map[], and an array parallel to it, has:
 * the dense space from the MAX_ORDER boundary at or below its first pfn
 * to the one at or above its end.
 */
unsigned long densemem_memmap_pages(void)
{
	unsigned long base = densemem_map.base_pfn;

	return ALIGN(base + densemem_map.nr_pages, MAX_ORDER_NR_PAGES) -
	       ALIGN_DOWN(base, MAX_ORDER_NR_PAGES);
}
