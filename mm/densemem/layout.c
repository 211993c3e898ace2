// SPDX-License-Identifier: GPL-2.0
/*
 * densemem layout builder: memory map in, translation tables out.
 *
 * This file has no kernel state of its own, so that the same source builds
 * in the kernel (mm/densemem/init.c feeds it memblock.memory) and on the
 * host (tools/testing/densemem feeds it synthetic maps).
 *
 * Invariants established here, and checked by the tests:
 *  1. Dense order is monotone in physical order: zone boundaries and the
 *     lowmem cut are physical addresses too.
 *  2. Every granule ("chunk") of RAM has one delta; the granule is at least
 *     params->min_granule (linear-map section, MAX_ORDER block, pageblock),
 *     so pfn_to_page(pfn + i) == pfn_to_page(pfn) + i within any of them,
 *     and dense bank edges keep the alignment of the physical ones.
 *  3. The bank that holds the kernel has dense == physical.
 *  4. Holes smaller than a granule stay inside the dense space as reserved
 *     pages, as FLATMEM does; chunks without RAM cost nothing.
 *  5. Every input byte is lowmem, highmem, no-map or in a dropped extent
 *     that names the reason: nothing is lost silently.
 *  6. A no-map region that spans a block of params->min_granule is a
 *     hole: it costs no linear map and no struct pages beyond the partial
 *     granules at its edges, and pfn_valid() is false on the rest.
 */
#include <linux/densemem.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/page.h>

#include "layout.h"

#define DM_PAGE		((u64)PAGE_SIZE)
#define DM_MAX_INPUT	DENSEMEM_MAX_INPUT

static const char *const densemem_reasons[DENSEMEM_NR_REASONS] = {
	[DENSEMEM_OK]			= "ok",
	[DENSEMEM_UNALIGNED]		= "partial page at a bank edge",
	[DENSEMEM_BELOW_KERNEL]		= "below the bank holding the kernel",
	[DENSEMEM_PHYS_LIMIT]		= "beyond the physical address width",
	[DENSEMEM_NO_LINEAR_MAP]	= "past the linear map, no highmem",
	[DENSEMEM_NO_KERNEL_BANK]	= "no bank holds the kernel",
	[DENSEMEM_TOP_BYTE]		= "partial page, its end past the largest phys_addr_t",
	[DENSEMEM_BELOW_PHYS_OFFSET]	= "below PHYS_OFFSET",
};

/**
 * densemem_reason_str() - the text of a drop reason
 * @r: the reason
 *
 * Return: a constant string, as printed in the boot lines and debugfs.
 */
const char *densemem_reason_str(enum densemem_reason r)
{
	return r < DENSEMEM_NR_REASONS ? densemem_reasons[r] : "?";
}

/**
 * densemem_layout_is_memory() - whether memory lies near a physical address
 * @lo: a layout
 * @phys: a physical address
 * @window: the alignment and size of the block around @phys to look at
 *
 * FLATMEM's pfn_valid() on Arm, which /dev/mem's phys_mem_access_prot()
 * uses to choose a cacheable mapping: the @window-aligned block around
 * @phys overlaps RAM or a no-map region of the memory map.  densemem's own
 * pfn_valid() differs on both sides: it is false on a no-map region set
 * aside from the dense space, and true on a hole absorbed into it (up to
 * a granule, which can be far larger than @window), where a device's
 * registers must not be mapped cacheable.  Dropped RAM is not memory here,
 * as FLATMEM's memblock_remove() of it says.
 *
 * Return: true if the block around @phys holds RAM or a no-map region.
 */
bool densemem_layout_is_memory(const struct densemem_layout *lo, u64 phys, u64 window)
{
	u64 a = phys & ~(window - 1), b = a + window;
	unsigned int i;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate != DENSEMEM_DROPPED && e->start < b && a < e->end)
			return true;
	}
	return false;
}

/*
 * The p2d[] delta that __va() and pfn_to_page() use in physical chunk @i:
 * its own where the chunk starts inside the dense space, else @prev, the
 * one of the chunk before it.  A chunk without RAM (or what the cut
 * dropped) thus continues the bank before it, so that one past the end of
 * any bank translates to one past its last byte, as FLATMEM's arithmetic
 * does: dma_contiguous_remap() walks [__phys_to_virt(start),
 * __phys_to_virt(end)) of a CMA area that may end where its bank ends.
 * pfn_valid() reads p2d[] itself, where such a chunk lands past the dense
 * space.
 */
static unsigned long linear_delta(const struct densemem_map *m, unsigned long i,
				  unsigned long prev)
{
	unsigned long pfn = (m->p2d_first + i) << m->shift;

	return pfn + m->p2d[i] < m->nr_pages ? m->p2d[i] : prev;
}

/* The __va() table and the table pointers, from p2d[] and d2p[]. */
static void densemem_map_finish(struct densemem_map *m)
{
	/* chunks before the kernel's bank, if the tables start at 0: identity */
	unsigned long i, delta = 0UL - m->base_pfn;

	for (i = 0; i <= m->p2d_nr; i++) {
		delta = linear_delta(m, i, delta);
		m->p2v[i] = ((delta + m->base_pfn) << PAGE_SHIFT) + m->voffset;
	}
	/*
	 * Past the sentinels, continue the last chunk, as FLATMEM's
	 * arithmetic would: __pa(MAX_DMA_ADDRESS), a memblock goal far
	 * past high_memory, then reads an entry of the table, not another.
	 */
	for (; i <= DENSEMEM_MAX_CHUNKS; i++)
		m->p2v[i] = m->p2v[m->p2d_nr];
	for (i = m->d2p_nr + 1; i <= DENSEMEM_MAX_CHUNKS; i++)
		m->d2p[i] = m->d2p[m->d2p_nr];
	m->p2v_base = (unsigned long)m->p2v - m->p2d_first * sizeof(m->p2v[0]);
	m->d2p_base = (unsigned long)m->d2p - m->d2p_first * sizeof(m->d2p[0]);
}

/**
 * densemem_map_set_mem_map() - the pfn_to_page() table for a mem_map
 * @m: the live tables, as densemem_build() wrote them
 * @mem_map: address of the struct page of dense pfn @m->base_pfn
 * @size: sizeof(struct page)
 *
 * Unsigned arithmetic: an entry is where the page of pfn 0 would be, an
 * address that may lie outside mem_map[], as FLATMEM's mem_map -
 * ARCH_PFN_OFFSET does.  Chunks without RAM continue the bank before them,
 * as for __va(), so that pfn_to_page() of one past a bank's end is one
 * past its last page.
 */
void densemem_map_set_mem_map(struct densemem_map *m, unsigned long mem_map,
			      unsigned long size)
{
	unsigned long i, delta = 0UL - m->base_pfn;

	for (i = 0; i <= m->p2d_nr; i++) {
		delta = linear_delta(m, i, delta);
		m->p2page[i] = mem_map + delta * size;
	}
	m->p2page_base = (unsigned long)m->p2page - m->p2d_first * sizeof(m->p2page[0]);
}

/**
 * densemem_map_set_page2p() - the page_to_pfn() table for a mem_map
 * @m: the live tables, as densemem_build() wrote them
 * @tbl: @blocks + 1 entries: one per block and one past the last
 * @start: address of the first struct page of the allocation, a multiple
 *	of the bytes of a block of struct pages
 * @first: its dense pfn, a multiple of the pages of a block
 * @blocks: blocks of struct pages in the allocation
 * @block_shift: log2 of the pages of a block; a granule is at least one
 * @size: sizeof(struct page)
 *
 * A block's pages are contiguous in both spaces, so one entry gives the
 * pfn of each: that of the block's first page less its address in units
 * of struct page, in unsigned arithmetic.  Struct pages outside the dense
 * space, at the allocation's edges, continue the chunk next to them, as
 * memmap.c initialises them; so does the entry past the last.
 */
void densemem_map_set_page2p(struct densemem_map *m, unsigned long *tbl,
			     unsigned long start, unsigned long first,
			     unsigned long blocks, unsigned int block_shift,
			     unsigned long size)
{
	unsigned long b, d, pfn = 0, top = m->base_pfn + m->nr_pages;
	unsigned long units = densemem_page_units(start, size);
	/* d2p[] starts at the chunk of the first RAM, maybe past base_pfn */
	unsigned long low = m->d2p_first << m->shift;

	if (low < m->base_pfn)
		low = m->base_pfn;
	for (b = 0; b <= blocks; b++) {
		d = first + (b << block_shift);
		if (d < low)
			pfn = densemem_map_d2p(m, low) - (low - d);
		else if (d < top)
			pfn = densemem_map_d2p(m, d);
		else
			pfn += 1UL << block_shift;
		tbl[b] = pfn - units - (b << block_shift);
	}
	m->page2p_base = (unsigned long)tbl - (units >> block_shift) * sizeof(tbl[0]);
}

/**
 * densemem_identity() - make @m translate every pfn to itself
 * @m: the map
 * @voffset: linear-map address minus physical address
 * @base_pfn: the first valid pfn
 * @nr_pages: valid pfns from @base_pfn on
 *
 * This is the state before densemem_setup(): early boot, where only the
 * kernel's bank is in use, sees FLATMEM's arithmetic.  The granule is half
 * the address space, so that chunks 0 and 1 cover every pfn and every
 * physical address (on LPAE too: Keystone's pv_fixup moves the kernel
 * above 4 GiB before the layout exists).  Every entry of each table is
 * alike, so that a lookup with any shift, a constant one too, is exact.
 */
void densemem_identity(struct densemem_map *m, unsigned long voffset,
		       unsigned long base_pfn, unsigned long nr_pages)
{
	unsigned int i;

	memset(m, 0, sizeof(*m));
	m->shift = BITS_PER_LONG - 1;
	m->vshift = 8 * sizeof(phys_addr_t) - 1;
	m->p2d_nr = 1;
	m->d2p_nr = 1;
	m->base_pfn = base_pfn;
	m->nr_pages = nr_pages;
	m->voffset = voffset;
	for (i = 0; i <= DENSEMEM_MAX_CHUNKS; i++)
		m->p2d[i] = 0UL - base_pfn;
	densemem_map_finish(m);
}

static void add_extent(struct densemem_layout *lo, u64 start, u64 end,
		       u64 dense, enum densemem_fate fate, enum densemem_reason why)
{
	struct densemem_extent *e;
	unsigned int i;

	if (start >= end)
		return;
	/*
	 * Kept ranges are at most one per kept bank plus the one the lowmem
	 * cut splits, and always have room: init.c frees from memblock all
	 * that is not listed as kept.  Dropped ranges get what is left; past
	 * that they are counted in @lost, and the report says so.
	 */
	if (fate == DENSEMEM_DROPPED) {
		lo->dropped += end - start;
		if (lo->nr_ext - lo->nr_kept - lo->nr_nomap ==
		    DENSEMEM_MAX_EXTENTS - DENSEMEM_MAX_KEPT) {
			lo->lost += end - start;
			return;
		}
	} else if (fate == DENSEMEM_NOMAP) {
		lo->nomap += end - start;
		lo->nr_nomap++;
	} else {
		lo->nr_kept++;
	}
	if (lo->nr_ext == DENSEMEM_MAX_EXTENTS) {	/* cannot happen, see above */
		lo->lost += end - start;
		return;
	}
	/* keep extents in physical order: insertion, the list is short */
	for (i = lo->nr_ext; i > 0 && lo->ext[i - 1].start > start; i--)
		lo->ext[i] = lo->ext[i - 1];
	e = &lo->ext[i];
	e->start = start;
	e->end = end;
	e->dense = dense;
	e->fate = fate;
	e->reason = why;
	lo->nr_ext++;
}

/**
 * densemem_add_dropped() - name RAM that never reached the builder's input
 * @lo: a layout densemem_build() wrote
 * @start: first physical byte
 * @end: one past the last
 * @why: the reason, as the code that left it out gives it
 *
 * The early memory code keeps some of the firmware's RAM out of memblock
 * (partial pages, RAM below PHYS_OFFSET or past the physical address
 * width): listing it here makes the boot lines account for every byte
 * the firmware described.  It counts as dropped.
 */
void densemem_add_dropped(struct densemem_layout *lo, u64 start, u64 end,
			  enum densemem_reason why)
{
	add_extent(lo, start, end, 0, DENSEMEM_DROPPED, why);
}

/**
 * densemem_ignored_add() - list RAM that early boot keeps out of memblock
 * @ig: the list
 * @start: first physical byte
 * @end: one past the last
 * @why: why it is left out
 *
 * The kernel's densemem_ignore_ram() and densemem-plan's model of the DT
 * code both list through here.
 *
 * Return: false if the list is full and the range not listed: the caller
 * names it in a warning.
 */
bool densemem_ignored_add(struct densemem_ignored *ig, u64 start, u64 end,
			  enum densemem_reason why)
{
	struct densemem_extent *e;

	if (start >= end)
		return true;
	if (ig->nr == DENSEMEM_MAX_IGNORED)
		return false;
	e = &ig->r[ig->nr++];
	e->start = start;
	e->end = end;
	e->dense = 0;
	e->fate = DENSEMEM_DROPPED;
	e->reason = why;
	ig->bytes += end - start;
	return true;
}

/**
 * densemem_add_ignored() - list what early boot left out among the dropped
 * @lo: a layout densemem_build() wrote
 * @ig: what densemem_ignored_add() listed
 */
void densemem_add_ignored(struct densemem_layout *lo, const struct densemem_ignored *ig)
{
	unsigned int i;

	for (i = 0; i < ig->nr; i++)
		densemem_add_dropped(lo, ig->r[i].start, ig->r[i].end, ig->r[i].reason);
}

static u64 lowbit(u64 x)
{
	return x & -x;
}

/* Whether some entry of @in other than @i shares a byte with it. */
static bool overlaps_other(const struct densemem_region *in, unsigned int nr, unsigned int i)
{
	u64 base = in[i].base, end = base + in[i].size;
	unsigned int j;

	for (j = 0; j < nr; j++)
		if (j != i && in[j].size && in[j].base < end &&
		    base < in[j].base + in[j].size)
			return true;
	return false;
}

/*
 * Phase 0: no-map regions (reserved memory that is never mapped).  One
 * that spans a whole granule of the finest kind leaves the input and is
 * listed as no-map: to the phases after this it is a hole, so it costs no
 * linear map and no struct pages, and pfn_valid() is false on it, but for
 * the partial granules at its edges, which stay in the dense space as any
 * hole's do.  A smaller one, or one that overlaps an entry listed
 * separately (memblock never makes those), stays RAM of its bank: in the
 * dense space, unmapped, as under FLATMEM.
 */
static void densemem_set_aside_nomap(struct densemem_layout *lo, struct densemem_region *in,
				     unsigned int nr, const struct densemem_params *p)
{
	u64 g = p->min_granule;
	unsigned int i;

	for (i = 0; i < nr; i++) {
		u64 base = in[i].base, end = base + in[i].size;

		if (!in[i].nomap || !in[i].size || end < base || end > p->phys_limit)
			continue;
		if (!densemem_spans_granule(base, end, g) || overlaps_other(in, nr, i))
			continue;
		add_extent(lo, base, end, 0, DENSEMEM_NOMAP, DENSEMEM_OK);
		in[i].size = 0;
	}
}

/**
 * densemem_insert_merged() - add a range to a memory map as memblock_add() does
 * @w: sorted, disjoint ranges
 * @n: the ranges in @w; updated
 * @room: the entries @w can hold
 * @base: first byte of the range
 * @end: one past its last byte
 * @overlap: bytes of the range that @w already held are added to it
 *
 * The ranges of @w that overlap or touch [@base, @end) are folded into one
 * with it, which is not no-map.  The builder cleans its input with this
 * rule, and densemem-plan models memblock.memory with it.
 *
 * Return: false, and @w unchanged, if the range needs an entry of its own
 * and @w has no room for it.
 */
bool densemem_insert_merged(struct densemem_region *w, unsigned int *n, unsigned int room,
			    u64 base, u64 end, u64 *overlap)
{
	unsigned int i, j;

	for (i = 0; i < *n && w[i].base + w[i].size < base; i++)
		;
	/* w[i..j) touch [base, end): fold them into one */
	for (j = i; j < *n && w[j].base <= end; j++) {
		u64 wend = w[j].base + w[j].size;
		u64 os = w[j].base > base ? w[j].base : base;
		u64 oe = wend < end ? wend : end;

		if (oe > os)
			*overlap += oe - os;
		if (w[j].base < base)
			base = w[j].base;
		if (wend > end)
			end = wend;
	}
	if (i == j) {
		if (*n == room)
			return false;
		memmove(&w[i + 1], &w[i], (*n - i) * sizeof(*w));
		(*n)++;
	} else if (j > i + 1) {
		memmove(&w[i + 1], &w[j], (*n - j) * sizeof(*w));
		*n -= j - i - 1;
	}
	w[i].base = base;
	w[i].size = end - base;
	w[i].nomap = false;
	return true;
}

/*
 * Phase 1: sort and merge @in in place, then clip it to the physical
 * address width and to whole pages: what is cut off is reported, never
 * lost.  Returns the number of banks left at the start of @in.  Merging in
 * place is safe: the merged list never has more entries than were read.
 */
static unsigned int densemem_clean(struct densemem_layout *lo, struct densemem_region *in,
				   unsigned int nr, const struct densemem_params *p)
{
	unsigned int i, j, n = 0;
	u64 prev = 0;

	for (i = 0; i < nr; i++) {
		u64 base = in[i].base, end = base + in[i].size;

		if (!in[i].size)
			continue;
		if (end < base)		/* wraps: clip at the top */
			end = ~0ULL & ~(DM_PAGE - 1);
		if (base < prev)
			lo->unsorted = true;
		prev = base;
		if (!densemem_insert_merged(in, &n, DM_MAX_INPUT, base, end, &lo->overlap)) {
			/*
			 * No room to keep it apart: dropped, counted, but not
			 * listed (entries past the table may overlap each other).
			 */
			lo->dropped += end - base;
			lo->lost += end - base;
		}
	}

	for (i = 0, j = 0; i < n; i++) {
		u64 base = in[i].base, end = base + in[i].size, s, e;

		if (base >= p->phys_limit) {
			add_extent(lo, base, end, 0, DENSEMEM_DROPPED, DENSEMEM_PHYS_LIMIT);
			continue;
		}
		if (end > p->phys_limit) {
			add_extent(lo, p->phys_limit, end, 0, DENSEMEM_DROPPED,
				   DENSEMEM_PHYS_LIMIT);
			end = p->phys_limit;
		}
		s = (base + DM_PAGE - 1) & ~(DM_PAGE - 1);
		e = end & ~(DM_PAGE - 1);
		if (s >= e) {
			add_extent(lo, base, end, 0, DENSEMEM_DROPPED, DENSEMEM_UNALIGNED);
			continue;
		}
		add_extent(lo, base, s, 0, DENSEMEM_DROPPED, DENSEMEM_UNALIGNED);
		/*
		 * memblock_cap_size() ends a bank that reaches the top of a
		 * 32-bit phys_addr_t one byte short of 4 GiB: that byte never
		 * reaches us, so say why the page before it is partial.
		 */
		add_extent(lo, e, end, 0, DENSEMEM_DROPPED,
			   end == p->phys_limit - 1 ? DENSEMEM_TOP_BYTE : DENSEMEM_UNALIGNED);
		in[j].base = s;
		in[j++].size = e - s;
	}
	return j;
}

/*
 * The banks [k, last] of the cleaned input that the layout keeps, and,
 * when RAM past the linear map above @p->phys_offset moves below it
 * (@p->below_size), where the dense space turns: the chunks of the banks
 * in physical order fill dense chunks from the kernel's up to @top, the
 * next @below ones those ending at @anchor, and any after them go on
 * from @top (highmem, or dropped).  @wrap and @unwrap are the physical
 * addresses of the first chunk below and of the first after them.
 */
struct densemem_kept {
	struct densemem_region *w;
	unsigned int k;
	unsigned int last;
	unsigned long top;
	unsigned long anchor;
	unsigned long below;
	u64 wrap;
	u64 unwrap;
};

/*
 * Phase 2: the bank that holds the kernel, which keeps dense == physical;
 * what lies below it, or below PHYS_OFFSET in it, is dropped.  Returns
 * false, every bank dropped and @lo->map the identity, if there is none.
 */
static bool densemem_kernel_bank(struct densemem_layout *lo, struct densemem_kept *b,
				 unsigned int n, const struct densemem_params *p)
{
	struct densemem_region *w = b->w;
	unsigned int i, k;
	u64 end;

	for (k = 0; k < n; k++)
		if (p->kernel_phys >= w[k].base && p->kernel_phys < w[k].base + w[k].size)
			break;
	if (k == n) {
		for (i = 0; i < n; i++)
			add_extent(lo, w[i].base, w[i].base + w[i].size, 0,
				   DENSEMEM_DROPPED, DENSEMEM_NO_KERNEL_BANK);
		/* FLATMEM's arithmetic over [phys_offset, end of RAM) */
		end = n ? w[n - 1].base + w[n - 1].size : 0;
		densemem_identity(lo->map, (unsigned long)(p->page_offset - p->phys_offset),
				  (unsigned long)(p->phys_offset >> PAGE_SHIFT),
				  end > p->phys_offset ?
				  (unsigned long)((end - p->phys_offset) >> PAGE_SHIFT) : 0);
		return false;
	}
	for (i = 0; i < k; i++)
		add_extent(lo, w[i].base, w[i].base + w[i].size, 0,
			   DENSEMEM_DROPPED, DENSEMEM_BELOW_KERNEL);
	if (w[k].base < p->phys_offset) {
		u64 end = w[k].base + w[k].size;
		u64 s = p->phys_offset < end ? p->phys_offset : end;

		add_extent(lo, w[k].base, s, 0, DENSEMEM_DROPPED, DENSEMEM_BELOW_KERNEL);
		w[k].size = end - s;
		w[k].base = s;
	}
	b->k = k;
	b->last = n - 1;
	return true;
}

/*
 * Phase 3: without highmem, a bank whose dense start lies past the linear
 * map even if no hole cost anything can keep nothing: drop it now, so
 * that it does not widen the tables' span and coarsen the granule.
 */
static void densemem_drop_unreachable(struct densemem_layout *lo, struct densemem_kept *b,
				      const struct densemem_params *p)
{
	u64 dense = b->w[b->k].base;
	unsigned int i, c;

	if (!p->highmem) {
		for (i = b->k; i <= b->last &&
		     dense < p->phys_offset + p->lowmem_size + p->below_size; i++)
			dense += b->w[i].size;
		for (c = i; c <= b->last; c++)
			add_extent(lo, b->w[c].base, b->w[c].base + b->w[c].size, 0,
				   DENSEMEM_DROPPED, DENSEMEM_NO_LINEAR_MAP);
		b->last = i - 1;
	}
	lo->nr_banks = b->last - b->k + 1;
}

/**
 * densemem_fixed_tables() - whether a layout's tables start at chunk 0
 * @p: the parameters
 *
 * With @p->table_shift set, the tables cover [0, @p->phys_limit) at that
 * granule from chunk 0 if they have the entries for it and it is no finer
 * than @p->min_granule: the architecture then reads them with a constant
 * shift and base (DENSEMEM_TABLE_SHIFT).
 *
 * Return: true if densemem_build() lays out with fixed tables.
 */
bool densemem_fixed_tables(const struct densemem_params *p)
{
	return p->table_shift && p->table_shift < 64 &&
	       (1ULL << p->table_shift) >= p->min_granule &&
	       ((p->phys_limit - 1) >> p->table_shift) < DENSEMEM_MAX_CHUNKS;
}

/*
 * Phase 4: the granule, as a shift in bytes.  With fixed tables, theirs.
 * Else the coarsest power of two that every bank edge is a multiple of,
 * but no finer than the arch allows; coarser still while the span does
 * not fit the static tables (then holes inside a granule become reserved
 * pages).  Either way no hole of a granule or more stays in the dense
 * space where the span fits.  Shifts, not divisions: no 64-bit division
 * on 32-bit kernels.
 */
static unsigned int densemem_granule(const struct densemem_kept *b,
				     const struct densemem_params *p)
{
	const struct densemem_region *w = b->w;
	unsigned int i, gshift;
	u64 g, exact = 0;

	if (densemem_fixed_tables(p))
		return p->table_shift;
	for (i = b->k; i <= b->last; i++)
		exact |= lowbit(w[i].base) | lowbit(w[i].base + w[i].size);
	/* the dense space turns between banks, and ends at PHYS_OFFSET */
	if (p->below_size)
		exact |= lowbit(p->phys_offset) | lowbit(p->below_size);
	g = exact ? lowbit(exact) : p->min_granule;
	if (g < p->min_granule)
		g = p->min_granule;
	for (gshift = 0; (1ULL << gshift) < g; gshift++)
		;
	while (((w[b->last].base + w[b->last].size - 1) >> gshift) -
	       (w[b->k].base >> gshift) >= DENSEMEM_MAX_CHUNKS)
		gshift++;
	return gshift;
}

/*
 * The chunks the banks fill, in physical order, and where the dense
 * space turns (see struct densemem_kept).  Without @p->below_size, or
 * when the RAM fits above, it does not: @below is 0.  It turns only
 * between banks, where one starts a chunk of its own: a memblock region
 * then never spans it, and neither can what memblock hands out or
 * reserves (the initrd, a CMA area, the crash kernel), all of which
 * callers take as linear from __va() of their start.  So the RAM above
 * is the banks that fit whole, and the kernel's bank must fit.
 */
static void densemem_plan_turn(struct densemem_kept *b, unsigned int gshift,
			       const struct densemem_params *p)
{
	const struct densemem_region *w = b->w;
	unsigned long kc = (unsigned long)(w[b->k].base >> gshift);
	unsigned long c = kc, n = 0, cap, fit = 0, low;
	u64 pend = 0;
	unsigned int i;

	b->below = 0;
	b->top = (unsigned long)((p->phys_offset + p->lowmem_size) >> gshift);
	b->anchor = (unsigned long)(p->phys_offset >> gshift);
	if (!p->below_size || b->top <= kc)
		return;
	cap = b->top - kc;
	for (i = b->k; i <= b->last; i++) {
		unsigned long cs = (unsigned long)(w[i].base >> gshift);
		unsigned long ce = (unsigned long)((w[i].base + w[i].size - 1) >> gshift);

		/*
		 * a boundary it may turn at: the banks before it fit above,
		 * and the chunk the previous bank's end lies in is not this
		 * bank's, so that __va() of that end is one past its last byte
		 */
		if (cs >= c && n <= cap && (cs > c || (pend & ((1ULL << gshift) - 1))))
			fit = n;
		n += ce - (cs > c ? cs : c) + 1;
		c = ce + 1;
		pend = w[i].base + w[i].size;
	}
	if (n <= cap || !fit)
		return;
	/* no further down than @p->below_size under PHYS_OFFSET, nor dense 0 */
	low = 0;
	if (p->below_size < p->phys_offset)
		low = (unsigned long)((p->phys_offset - p->below_size + (1ULL << gshift) - 1) >>
				      gshift);
	b->below = b->anchor > low ? b->anchor - low : 0;
	if (b->below > n - fit)
		b->below = n - fit;
	/* the linear map above PAGE_OFFSET ends with the last bank that fits */
	if (b->below)
		b->top = kc + fit;
}

/*
 * Phase 5: physical chunks -> dense chunks, in order, the kernel's staying
 * put.  p2d[] holds dense pfn deltas until the last phase rebases them on
 * base_pfn; chunks without RAM get a marker that it resolves.  The
 * tables start at the kernel's chunk, or at chunk 0 if they are fixed;
 * before the kernel's chunk, d2p[] is then the identity, as the kernel's
 * bank is.  When the dense space turns, the dense space starts below the
 * kernel's chunk, and so does d2p[].
 */
static void densemem_fill_chunks(struct densemem_map *m, struct densemem_kept *b,
				 unsigned int gshift, const struct densemem_params *p)
{
	const struct densemem_region *w = b->w;
	unsigned long first, dfirst, c, dc, pshift = gshift - PAGE_SHIFT;
	unsigned int i;

	densemem_plan_turn(b, gshift, p);
	memset(m, 0, sizeof(*m));
	m->shift = pshift;
	m->vshift = gshift;
	m->voffset = (unsigned long)(p->page_offset - p->phys_offset);
	c = (unsigned long)(w[b->k].base >> gshift);
	first = densemem_fixed_tables(p) ? 0 : c;
	dfirst = densemem_fixed_tables(p) || !b->below ? first : b->anchor - b->below;
	m->p2d_first = first;
	m->d2p_first = dfirst;
	m->base_pfn = b->below ? (b->anchor - b->below) << pshift :
		      (unsigned long)(p->phys_offset >> PAGE_SHIFT);
	b->wrap = 0;
	b->unwrap = 0;
	for (dc = first; dc < c; dc++)
		m->p2d[dc - first] = ~0UL;
	dc = c;
	for (i = b->k; i <= b->last; i++) {
		unsigned long cs = (unsigned long)(w[i].base >> gshift);
		unsigned long ce = (unsigned long)((w[i].base + w[i].size - 1) >> gshift);

		if (cs < c)		/* shares a chunk with the previous bank */
			cs = c;
		for (; c < cs; c++)	/* empty chunks: marked here, resolved at the end */
			m->p2d[c - first] = ~0UL;
		for (; c <= ce; c++, dc++) {
			/* the dense space turns: below the kernel, then past the top */
			if (b->below && dc == b->top && !b->wrap) {
				dc = b->anchor - b->below;
				b->wrap = (u64)c << gshift;
			} else if (b->below && dc == b->anchor && b->wrap && !b->unwrap) {
				dc = b->top;
				b->unwrap = (u64)c << gshift;
			}
			m->p2d[c - first] = (dc - c) << pshift;
			m->d2p[dc - dfirst] = (c - dc) << pshift;
		}
	}
	m->p2d_nr = c - first;
	m->d2p_nr = dc - dfirst;	/* densemem_seal() makes it exact */
}

/*
 * One piece of a bank, contiguous in dense space: its part below the cut
 * is lowmem, the rest highmem or dropped.  @dend is the end of the
 * piece before it in dense space, for the holes.
 */
static void densemem_place_piece(struct densemem_layout *lo, u64 s, u64 e, u64 cut,
				 bool first, u64 *dend, const struct densemem_params *p)
{
	const struct densemem_map *m = lo->map;
	unsigned long pfn = (unsigned long)(s >> PAGE_SHIFT);
	/* p2d[]: dense pfn deltas, not yet rebased (phase 5) */
	u64 ds = (u64)(pfn + m->p2d[(pfn >> m->shift) - m->p2d_first]) << PAGE_SHIFT;
	u64 de = ds + (e - s);
	u64 lcut = cut;

	/* with highmem, lowmem ends where 32-bit addresses do */
	if (p->highmem && p->phys_reach) {
		u64 r = s < p->phys_reach ? (e < p->phys_reach ? e : p->phys_reach) - s : 0;

		if (ds + r < lcut)
			lcut = ds + r;
	}
	if (ds < lcut) {
		u64 lend = de < lcut ? de : lcut;

		add_extent(lo, s, s + (lend - ds), ds, DENSEMEM_LOWMEM, DENSEMEM_OK);
		lo->lowmem += lend - ds;
		if (!first && ds > *dend)
			lo->holes += ds - *dend;
		*dend = lend;
		s += lend - ds;
		ds = lend;
	}
	if (s == e)
		return;
	if (p->highmem) {
		add_extent(lo, s, e, ds, DENSEMEM_HIGHMEM, DENSEMEM_OK);
		lo->highmem += e - s;
		*dend = de;
	} else {
		add_extent(lo, s, e, 0, DENSEMEM_DROPPED, DENSEMEM_NO_LINEAR_MAP);
	}
}

/*
 * Phase 6: the dense address of every kept bank, and the lowmem cut: each
 * bank's part below the cut is lowmem, the rest highmem or dropped.  A
 * bank the dense space turns in is placed as two or three pieces.  The
 * part below PHYS_OFFSET is all lowmem; when there is one, the cut above
 * is the top the layout turned at.  Returns the end of the dense space.
 */
static u64 densemem_place_banks(struct densemem_layout *lo, const struct densemem_kept *b,
				const struct densemem_params *p)
{
	u64 cut = p->phys_offset + p->lowmem_size, dend = p->phys_offset, top = dend;
	u64 g = lo->granule;
	unsigned int i;

	if (b->below)
		cut = (u64)b->top * g;
	for (i = b->k; i <= b->last; i++) {
		u64 s = b->w[i].base, e = s + b->w[i].size;
		u64 turns[2] = { b->wrap, b->unwrap };
		unsigned int t;

		for (t = 0; b->below && t < 2; t++) {
			if (turns[t] <= s || turns[t] >= e)
				continue;
			densemem_place_piece(lo, s, turns[t], cut, i == b->k && s == b->w[i].base,
					     &dend, p);
			if (dend > top)
				top = dend;
			s = turns[t];
		}
		/* the first piece below PHYS_OFFSET starts the dense space */
		if (b->below && s == b->wrap)
			dend = (u64)(b->anchor - b->below) * g;
		densemem_place_piece(lo, s, e, cut, i == b->k && s == b->w[i].base, &dend, p);
		if (dend > top)
			top = dend;
	}
	/* what the part below PHYS_OFFSET leaves of its last chunk is a hole */
	if (b->below) {
		u64 bend = 0;

		for (i = 0; i < lo->nr_ext; i++)
			if (lo->ext[i].fate == DENSEMEM_LOWMEM &&
			    lo->ext[i].dense < (u64)b->anchor * g &&
			    lo->ext[i].dense + (lo->ext[i].end - lo->ext[i].start) > bend)
				bend = lo->ext[i].dense + (lo->ext[i].end - lo->ext[i].start);
		lo->below = (u64)b->below * g;
		lo->below_hole = (u64)b->anchor * g - bend;
	}
	return top;
}

/* Phase 7: lowmem at or above @p->phys_reach, for ZONE_MOVABLE only. */
static void densemem_count_movable(struct densemem_layout *lo, const struct densemem_params *p)
{
	const struct densemem_extent *e;
	unsigned int i;

	for (i = 0; p->phys_reach && i < lo->nr_ext; i++) {
		e = &lo->ext[i];
		if (e->fate == DENSEMEM_LOWMEM && e->end > p->phys_reach)
			lo->movable += e->end - (e->start > p->phys_reach ?
						 e->start : p->phys_reach);
	}
}

/*
 * Phase 8: the sentinels and the derived tables.  Chunks without RAM land
 * past the dense space, so pfn_valid() fails; so does the sentinel after
 * the last chunk, and with fixed tables every chunk after it.  Dense
 * chunks past the dense space hold what the cut dropped and are never
 * looked up: d2p[] ends at the last dense chunk, so that its sentinel
 * continues it.
 */
static void densemem_seal(struct densemem_map *m, u64 dend, const struct densemem_params *p)
{
	/* fixed tables: pfn_valid() bounds them by the physical space */
	unsigned long c, top = densemem_fixed_tables(p) ? DENSEMEM_MAX_CHUNKS : m->p2d_nr;

	m->nr_pages = (unsigned long)(dend >> PAGE_SHIFT) - m->base_pfn;
	for (c = m->p2d_nr; c <= top; c++)
		m->p2d[c] = ~0UL;
	/* pfn + p2d[c] is then the page's index in the dense space */
	for (c = 0; c <= top; c++)
		if (m->p2d[c] == ~0UL)
			m->p2d[c] = m->nr_pages - ((m->p2d_first + c) << m->shift);
		else
			m->p2d[c] -= m->base_pfn;
	m->d2p_nr = ((m->base_pfn + m->nr_pages - 1) >> m->shift) - m->d2p_first + 1;
	m->d2p[m->d2p_nr] = m->d2p[m->d2p_nr - 1];
	densemem_map_finish(m);
}

/**
 * densemem_build() - build the dense layout and its tables
 * @lo: the result; fully written
 * @map: the tables to write, in place: their pointers point into them, so
 *	 they are used where they are built, never copied
 * @in: the memory map, in any order, possibly overlapping or unaligned,
 *	no-map regions flagged; the builder sorts, merges and clips it in
 *	place, its only working space, so a caller that needs it afterwards
 *	passes a copy
 * @nr: entries in @in
 * @p: what the architecture allows
 *
 * Runs once at boot, before any allocator: no allocation, bounded work,
 * no state of its own.  The phases run in order, each writing its own part
 * of @lo and @map.
 *
 * Return: 0, or -EINVAL when no input bank holds @p->kernel_phys; then
 * every byte is reported dropped and @map is the identity.
 */
int densemem_build(struct densemem_layout *lo, struct densemem_map *map,
		   struct densemem_region *in, unsigned int nr,
		   const struct densemem_params *p)
{
	struct densemem_kept b = { .w = in };
	unsigned int n, gshift;

	memset(lo, 0, sizeof(*lo));
	lo->map = map;
	densemem_set_aside_nomap(lo, in, nr, p);
	n = densemem_clean(lo, in, nr, p);
	if (!densemem_kernel_bank(lo, &b, n, p))
		return -EINVAL;
	densemem_drop_unreachable(lo, &b, p);
	gshift = densemem_granule(&b, p);
	lo->granule = 1ULL << gshift;
	densemem_fill_chunks(map, &b, gshift, p);
	densemem_seal(map, densemem_place_banks(lo, &b, p), p);
	densemem_count_movable(lo, p);
	return 0;
}

static void emit_range(char *buf, size_t len, const struct densemem_extent *e,
		       const struct densemem_params *p)
{
	int n = snprintf(buf, len, "[mem 0x%016llx-0x%016llx] ",
			 (unsigned long long)e->start, (unsigned long long)e->end - 1);

	buf += n;
	len -= n;
	switch (e->fate) {
	case DENSEMEM_LOWMEM:
		snprintf(buf, len, "-> [virt 0x%08llx-0x%08llx]",
			 (unsigned long long)(e->dense - p->phys_offset + p->page_offset),
			 (unsigned long long)(e->dense - p->phys_offset + p->page_offset +
					      (e->end - e->start) - 1));
		break;
	case DENSEMEM_HIGHMEM:
		snprintf(buf, len, "highmem");
		break;
	case DENSEMEM_NOMAP:
		snprintf(buf, len, "no-map: not in the linear map, no struct pages");
		break;
	default:
		snprintf(buf, len, "dropped (%s)", densemem_reason_str(e->reason));
		break;
	}
}

/**
 * densemem_report() - the boot lines of a layout
 * @lo: the layout
 * @p: the parameters it was built with
 * @emit: called once per line, without prefix or newline
 * @ctx: passed to @emit
 *
 * The kernel prints these at boot and in debugfs; densemem-plan prints the
 * same lines on the host, so both can be compared byte for byte.
 *
 * Return: the number of lines emitted.
 */
int densemem_report(const struct densemem_layout *lo, const struct densemem_params *p,
		    void (*emit)(void *ctx, const char *line), void *ctx)
{
	char buf[160];
	unsigned int i;
	int lines = 0;

	for (i = 0; i < lo->nr_ext; i++, lines++) {
		emit_range(buf, sizeof(buf), &lo->ext[i], p);
		emit(ctx, buf);
	}
	if (lo->unsorted) {
		emit(ctx, "memory map was not in physical order: sorted");
		lines++;
	}
	if (lo->overlap) {
		snprintf(buf, sizeof(buf),
			 "memory map overlaps itself: %llu bytes listed twice, merged",
			 (unsigned long long)lo->overlap);
		emit(ctx, buf);
		lines++;
	}
	if (lo->movable) {
		snprintf(buf, sizeof(buf),
			 "lowmem from 0x%016llx on, %llu bytes, is ZONE_MOVABLE only: past 32-bit DMA and cpu_suspend()",
			 (unsigned long long)p->phys_reach, (unsigned long long)lo->movable);
		emit(ctx, buf);
		lines++;
	}
	if (lo->below) {
		snprintf(buf, sizeof(buf),
			 "the linear map grows %llu bytes below PAGE_OFFSET, to 0x%08llx, for the RAM past it above (%llu bytes of its last granule a hole)",
			 (unsigned long long)lo->below,
			 (unsigned long long)(p->page_offset - (p->phys_offset -
						 ((u64)lo->map->base_pfn << PAGE_SHIFT))),
			 (unsigned long long)lo->below_hole);
		emit(ctx, buf);
		lines++;
	}
	if (lo->lost) {
		snprintf(buf, sizeof(buf),
			 "%llu bytes dropped in entries past the first %u distinct ones",
			 (unsigned long long)lo->lost, DM_MAX_INPUT);
		emit(ctx, buf);
		lines++;
	}
	snprintf(buf, sizeof(buf),
		 "%u banks, granule %#llx, tables %lu+%lu entries; lowmem %llu, highmem %llu, dropped %llu, holes %llu bytes",
		 lo->nr_banks, (unsigned long long)lo->granule, lo->map->p2d_nr,
		 lo->map->d2p_nr, (unsigned long long)lo->lowmem,
		 (unsigned long long)lo->highmem, (unsigned long long)lo->dropped,
		 (unsigned long long)lo->holes);
	emit(ctx, buf);
	return lines + 1;
}
