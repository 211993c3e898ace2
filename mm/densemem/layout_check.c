// SPDX-License-Identifier: GPL-2.0
/*
 * The invariants of densemem_build()'s result, checked from the outside.
 * One checker for every test of the builder: the KUnit suite
 * (layout_kunit.c), and on the host the table-driven tests and the fuzzer
 * of tools/testing/densemem, which compile this file as the kernel does.
 * Each part returns the number of invariants broken and names each one
 * through @out.
 */
#include <linux/bitops.h>
#include <linux/densemem.h>
#include <linux/kernel.h>
#include <linux/stdarg.h>

#include "layout_check.h"

/*
 * Simulated mem_map[]s at addresses of their own, one of each size a
 * struct page has on 32-bit Arm: 32 bytes, and 36 with MEMCG, whose
 * page_to_pfn() multiplies by the inverse of 9.
 */
static const unsigned long check_page_sizes[] = { 32, 36 };
#define CHECK_MEMMAPS	ARRAY_SIZE(check_page_sizes)

struct check_memmap {
	struct densemem_map pm;		/* the layout's tables, with this mem_map's */
	unsigned long page2p[DENSEMEM_MAX_CHUNKS + 2];
	unsigned long mm;		/* struct page of the first dense pfn */
	unsigned long size;		/* sizeof(struct page) */
	unsigned int shift;		/* log2 of the pages per page2p[] entry */
};

static __printf(2, 3) void check_fail(const struct densemem_check_out *out,
				      const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	if (!out)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	out->fail(out->ctx, msg);
}

#define FAIL(...) do {							\
	bad++;								\
	check_fail(out, __VA_ARGS__);					\
} while (0)

/*
 * Whether @a is a phys_addr_t: the byte-level translations (__va(),
 * __pa()) take one, so a kernel whose phys_addr_t has 32 bits never
 * translates an address past it (nor the end of a bank ending at 4 GiB).
 * The pfn-level ones are checked for every range.
 */
static bool check_is_phys(u64 a)
{
	return (phys_addr_t)a == a;
}

static int check_pfn(const struct densemem_layout *lo, const struct densemem_params *p,
		     const struct densemem_extent *e, unsigned long pfn,
		     const struct densemem_check_out *out)
{
	const struct densemem_map *m = lo->map;
	unsigned long spfn = (unsigned long)(e->start >> PAGE_SHIFT);
	unsigned long want = (unsigned long)(e->dense >> PAGE_SHIFT) + (pfn - spfn);
	unsigned long d = densemem_map_p2d(m, pfn);
	unsigned long gp = (unsigned long)(p->min_granule >> PAGE_SHIFT);
	unsigned long blk = pfn & ~(gp - 1);
	/* an offset in the page, which __va() and __pa() carry through */
	phys_addr_t phys = ((phys_addr_t)pfn << PAGE_SHIFT) | 0x5a4;
	u64 dense = e->dense + (phys - e->start);
	unsigned long virt = (unsigned long)(dense - p->phys_offset + p->page_offset);
	unsigned long delta = densemem_map_d2p_at(m, dense);
	phys_addr_t back = dense + ((phys_addr_t)(long)delta << PAGE_SHIFT);
	int bad = 0;

	if (d != want)
		FAIL("p2d(%#lx) = %#lx, want %#lx", pfn, d, want);
	if (densemem_map_d2p(m, d) != pfn)
		FAIL("d2p(p2d(%#lx)) = %#lx", pfn, densemem_map_d2p(m, d));
	if (!densemem_map_pfn_valid(m, pfn))
		FAIL("pfn %#lx of RAM is not valid", pfn);
	if (check_is_phys(((u64)pfn << PAGE_SHIFT) | 0x5a4) && check_is_phys(dense)) {
		if (densemem_map_p2v(m, phys) != virt)
			FAIL("p2v(%#llx) = %#lx, want %#lx", (unsigned long long)phys,
			     densemem_map_p2v(m, phys), virt);
		if (back != phys)
			FAIL("dense %#llx goes back to %#llx, not %#llx",
			     (unsigned long long)dense, (unsigned long long)back,
			     (unsigned long long)phys);
	}
	/* a MAX_ORDER block / pageblock is contiguous in dense space */
	if (densemem_map_p2d(m, blk + gp - 1) != densemem_map_p2d(m, blk) + gp - 1)
		FAIL("block %#lx is not contiguous in dense space", blk);
	return bad;
}

/*
 * Whether the dense space turns between kept ranges @a and @b, @b the
 * next in physical order: with @p->below_size, the RAM past the linear
 * map above PHYS_OFFSET is placed below it, and what the space below
 * leaves is placed past the top (see densemem_plan_turn()).
 */
static bool dense_turns(const struct densemem_extent *a, const struct densemem_extent *b,
			const struct densemem_params *p)
{
	return b->dense < a->dense + (a->end - a->start) ||
	       (a->dense < p->phys_offset) != (b->dense < p->phys_offset);
}

/* the kept range after @i in physical order, or NULL */
static const struct densemem_extent *next_kept(const struct densemem_layout *lo, unsigned int i)
{
	for (i++; i < lo->nr_ext; i++)
		if (densemem_extent_kept(&lo->ext[i]))
			return &lo->ext[i];
	return NULL;
}

/*
 * One past the end of kept range @e translates as its last byte plus one,
 * for __va() and, on a mem_map at @mm of @size-byte pages, pfn_to_page():
 * dma_contiguous_remap() and others walk [__va(start), __va(end)).
 */
static int check_end(const struct densemem_map *m, const struct densemem_map *pm,
		     const struct densemem_extent *e, const struct densemem_extent *next,
		     unsigned long mm, unsigned long size, const struct densemem_params *p,
		     const struct densemem_check_out *out)
{
	unsigned long epfn = (unsigned long)(e->end >> PAGE_SHIFT);
	unsigned long want = (unsigned long)(e->dense >> PAGE_SHIFT) - m->base_pfn +
			     (epfn - (unsigned long)(e->start >> PAGE_SHIFT));
	int bad = 0;

	if (e->fate != DENSEMEM_LOWMEM && e->fate != DENSEMEM_HIGHMEM)
		return 0;
	/* where the dense space turns, the next byte is RAM placed elsewhere */
	if (next && next->start == e->end && dense_turns(e, next, p))
		return 0;
	if (e->fate == DENSEMEM_LOWMEM && check_is_phys(e->end) &&
	    densemem_map_p2v(m, e->end) != densemem_map_p2v(m, e->end - 1) + 1)
		FAIL("p2v(end %#llx) = %#lx, not p2v(end - 1) + 1 = %#lx",
		     (unsigned long long)e->end, densemem_map_p2v(m, e->end),
		     densemem_map_p2v(m, e->end - 1) + 1);
	if (densemem_map_p2page(pm, epfn) + epfn * size != mm + want * size)
		FAIL("pfn_to_page(end pfn %#lx) is not one past the page of %#lx", epfn, epfn - 1);
	return bad;
}

/*
 * page_to_pfn() of the struct page of @pfn in kept range @e, on the
 * simulated mem_map @c, through its table.
 */
static int check_page2p(const struct check_memmap *c, const struct densemem_extent *e,
			unsigned long pfn, const struct densemem_check_out *out)
{
	unsigned long d = (unsigned long)(e->dense >> PAGE_SHIFT) +
			  (pfn - (unsigned long)(e->start >> PAGE_SHIFT));
	unsigned long page = c->mm + (d - c->pm.base_pfn) * c->size;
	int bad = 0;

	if (densemem_map_page2pfn(&c->pm, page, c->size, c->shift) != pfn)
		FAIL("page_to_pfn(%lu-byte page of dense pfn %#lx) = %#lx, want %#lx", c->size,
		     d, densemem_map_page2pfn(&c->pm, page, c->size, c->shift), pfn);
	return bad;
}

/*
 * Where the span fits the tables at the finest granule, nothing is coarser
 * than it needs to be: every @g-block of a hole between two kept ranges is
 * invalid, and a hole costs at most what the bank edges leave of their
 * @g-blocks.
 */
static int check_hole(const struct densemem_map *m, const struct densemem_extent *a,
		      const struct densemem_extent *b, u64 g, const struct densemem_check_out *out)
{
	u64 hs = (a->end + g - 1) & ~(g - 1), he = b->start & ~(g - 1), x;
	u64 cost = b->dense - (a->dense + (a->end - a->start));
	/* in one block the whole hole stays; else what the edges leave */
	u64 edges = b->start < hs ? b->start - a->end : (hs - a->end) + (b->start - he);
	unsigned int n = 0;
	int bad = 0;

	if (b->dense >= a->dense + (a->end - a->start) && cost > edges)
		FAIL("hole [%#llx-%#llx) costs %#llx of dense space, its edges %#llx",
		     (unsigned long long)a->end, (unsigned long long)b->start,
		     (unsigned long long)cost, (unsigned long long)edges);
	for (x = hs; x < he && n < 64; x += g, n++)
		if (densemem_map_pfn_valid(m, (unsigned long)(x >> PAGE_SHIFT)) ||
		    densemem_map_pfn_valid(m, (unsigned long)((x + g - 1) >> PAGE_SHIFT)))
			FAIL("block %#llx of the hole [%#llx-%#llx) is valid",
			     (unsigned long long)x, (unsigned long long)a->end,
			     (unsigned long long)b->start);
	if (hs < he && densemem_map_pfn_valid(m, (unsigned long)((he - 1) >> PAGE_SHIFT)))
		FAIL("the last block of the hole [%#llx-%#llx) is valid",
		     (unsigned long long)a->end, (unsigned long long)b->start);
	return bad;
}

/**
 * densemem_check_tables() - the granule, the tables and every kept range
 * @lo: a layout densemem_build() returned 0 for
 * @p: the parameters it was built with
 * @out: where each broken invariant is named, or NULL
 *
 * Kept ranges are disjoint, in order, monotone in dense space and within
 * the linear map or highmem as allowed; pfn, dense pfn, linear address and
 * struct page (on a mem_map[] simulated at an address of its own, with
 * page_to_pfn()'s table) round-trip at both edges, the middle and every
 * chunk edge of each; one past the end of each range and of the dense
 * space translates as the end.
 *
 * Return: the number of invariants broken.
 */
int densemem_check_tables(const struct densemem_layout *lo, const struct densemem_params *p,
			  const struct densemem_check_out *out)
{
	/*
	 * The mem_maps start at the granule at or below the first dense pfn
	 * and end at the one at or past the last, so that page_to_pfn()'s
	 * table has one entry per granule (the kernel's has one per
	 * MAX_ORDER block, a granule or less); each at the first multiple of
	 * its granule of struct pages from 256 MiB, as memmap.c aligns it.
	 */
	static struct check_memmap cmm[CHECK_MEMMAPS];
	const struct densemem_map *m = lo->map;
	const struct densemem_extent *last = NULL, *top = NULL, *after;
	u64 prev_end = 0, prev_dense_end = 0, below_end = 0, kept = 0;
	bool turned = false;
	unsigned long mfirst, mblocks;
	bool page2p_fits = true;
	unsigned int i, j, k;
	int bad = 0;

	if (lo->granule < p->min_granule || (lo->granule & (lo->granule - 1)))
		FAIL("granule %#llx is not a power of two >= %#llx",
		     (unsigned long long)lo->granule, (unsigned long long)p->min_granule);
	if (m->p2d_nr > DENSEMEM_MAX_CHUNKS || m->d2p_nr > DENSEMEM_MAX_CHUNKS)
		FAIL("tables overflow: %lu/%lu entries", m->p2d_nr, m->d2p_nr);
	/*
	 * Fixed tables: a lookup with the constant shift, from the table
	 * itself, is the lookup below, at every address of [0, phys_limit)
	 */
	if (densemem_fixed_tables(p) &&
	    (m->vshift != p->table_shift || m->shift != p->table_shift - PAGE_SHIFT ||
	     m->p2d_first || m->d2p_first || m->p2v_base != (unsigned long)m->p2v ||
	     m->d2p_base != (unsigned long)m->d2p))
		FAIL("fixed tables: shift %lu, first chunks %lu/%lu, not %u from 0",
		     m->vshift, m->p2d_first, m->d2p_first, p->table_shift);
	/* and pfn_valid() reads them up to the end of the physical space */
	for (j = (unsigned int)m->p2d_nr; densemem_fixed_tables(p) &&
	     j < (unsigned int)(p->phys_limit >> p->table_shift); j++) {
		unsigned long first = (unsigned long)j << m->shift;
		unsigned long last = first + (1UL << m->shift) - 1;

		if (first + m->p2d[j] < m->nr_pages || last + m->p2d[j] < m->nr_pages)
			FAIL("fixed tables: chunk %u past the last bank has valid pfns", j);
	}
	mfirst = m->base_pfn & ~((1UL << m->shift) - 1);
	mblocks = ((m->base_pfn + m->nr_pages - mfirst - 1) >> m->shift) + 1;
	for (i = 0; i < CHECK_MEMMAPS; i++) {
		struct check_memmap *c = &cmm[i];
		unsigned long bsize = check_page_sizes[i] << m->shift;
		unsigned long mstart = roundup(0x10000000UL, bsize);

		c->pm = *m;
		c->size = check_page_sizes[i];
		/* the granule: the coarsest block the kernel could give */
		c->shift = m->shift;
		c->mm = mstart + (m->base_pfn - mfirst) * c->size;
		densemem_map_set_mem_map(&c->pm, c->mm, c->size);
		/* as in a kernel: mem_map[] and its table within the address space */
		page2p_fits = page2p_fits && mblocks <= DENSEMEM_MAX_CHUNKS + 1 &&
			      mblocks < (~0UL - mstart) / bsize;
		if (page2p_fits)
			densemem_map_set_page2p(&c->pm, c->page2p, mstart, mfirst, mblocks,
						c->shift, c->size);
	}
	if (!page2p_fits && p->phys_limit <= 1ULL << 32)
		FAIL("mem_map of %lu granules does not fit the tables", mblocks);

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		unsigned long s, l;

		if (e->start >= e->end)
			FAIL("empty extent %u", i);
		if (e->start < prev_end)
			FAIL("extent %u at %#llx overlaps the one before", i,
			     (unsigned long long)e->start);
		prev_end = e->end;
		if (!densemem_extent_kept(e))
			continue;
		last = e;
		kept += e->end - e->start;
		for (j = 0; j < CHECK_MEMMAPS; j++)
			bad += check_end(m, &cmm[j].pm, e, next_kept(lo, i), cmm[j].mm,
					 cmm[j].size, p, out);
		if (e->dense < p->phys_offset) {
			/*
			 * below PHYS_OFFSET: lowmem within @p->below_size, one
			 * run of monotone, disjoint dense ranges
			 */
			if (e->fate != DENSEMEM_LOWMEM ||
			    (p->below_size < p->phys_offset &&
			     e->dense < p->phys_offset - p->below_size) ||
			    e->dense + (e->end - e->start) > p->phys_offset)
				FAIL("extent %u at dense %#llx is outside the %#llx bytes below",
				     i, (unsigned long long)e->dense,
				     (unsigned long long)p->below_size);
			if (!below_end && turned)
				FAIL("extent %u: the dense space turns twice", i);
			if (below_end && e->dense < below_end)
				FAIL("extent %u: dense %#llx goes back below %#llx", i,
				     (unsigned long long)e->dense, (unsigned long long)below_end);
			turned = true;
			below_end = e->dense + (e->end - e->start);
		} else {
			/* monotone, disjoint dense ranges */
			if (e->dense < prev_dense_end)
				FAIL("extent %u: dense %#llx goes back below %#llx", i,
				     (unsigned long long)e->dense,
				     (unsigned long long)prev_dense_end);
			below_end = 0;
			prev_dense_end = e->dense + (e->end - e->start);
			if (e->fate == DENSEMEM_LOWMEM &&
			    prev_dense_end > p->phys_offset + p->lowmem_size)
				FAIL("lowmem extent %u ends past the linear map", i);
		}
		if (!top || e->dense + (e->end - e->start) > top->dense + (top->end - top->start))
			top = e;
		if (e->fate == DENSEMEM_HIGHMEM && !p->highmem)
			FAIL("highmem extent without highmem");
		if (e->fate == DENSEMEM_LOWMEM && p->highmem && p->phys_reach &&
		    e->end > p->phys_reach)
			FAIL("lowmem extent %u ends past the reach %#llx, with highmem", i,
			     (unsigned long long)p->phys_reach);
		/* round trips at both edges, the middle and every chunk edge */
		s = (unsigned long)(e->start >> PAGE_SHIFT);
		l = (unsigned long)(e->end >> PAGE_SHIFT) - 1;
		bad += check_pfn(lo, p, e, s, out);
		bad += check_pfn(lo, p, e, l, out);
		bad += check_pfn(lo, p, e, s + (l - s) / 2, out);
		for (j = 0; page2p_fits && j < CHECK_MEMMAPS; j++) {
			bad += check_page2p(&cmm[j], e, s, out);
			bad += check_page2p(&cmm[j], e, l, out);
		}
		for (j = 1; j < 64; j++) {
			unsigned long c = ((s >> m->shift) + j) << m->shift;

			if (c > l)
				break;
			bad += check_pfn(lo, p, e, c, out);
			bad += check_pfn(lo, p, e, c - 1, out);
			for (k = 0; page2p_fits && k < CHECK_MEMMAPS; k++) {
				bad += check_page2p(&cmm[k], e, c, out);
				bad += check_page2p(&cmm[k], e, c - 1, out);
			}
		}
	}

	/* every kept byte is listed, even when dropped ones are not */
	if (kept != lo->lowmem + lo->highmem)
		FAIL("kept extents hold %llu bytes, lowmem+highmem %llu",
		     (unsigned long long)kept,
		     (unsigned long long)(lo->lowmem + lo->highmem));

	/*
	 * One past the end of the dense space translates both ways: the end
	 * of the range that ends it, the physically last one unless the
	 * dense space turned.  Where RAM placed below PHYS_OFFSET follows it
	 * physically, only the dense side can.
	 */
	last = top;
	after = last ? next_kept(lo, (unsigned int)(last - lo->ext)) : NULL;
	if (after && after->start != last->end)
		after = NULL;
	if (last) {
		unsigned long pend = (unsigned long)(last->end >> PAGE_SHIFT);
		unsigned long dend = m->base_pfn + m->nr_pages;
		phys_addr_t dbyte = (phys_addr_t)dend << PAGE_SHIFT;
		unsigned long delta = densemem_map_d2p_at(m, dbyte);

		if (!after && densemem_map_p2d(m, pend) != dend)
			FAIL("p2d(end %#lx) = %#lx, not the dense end %#lx", pend,
			     densemem_map_p2d(m, pend), dend);
		if (densemem_map_d2p(m, dend) != pend)
			FAIL("d2p(dense end %#lx) = %#lx, not %#lx", dend,
			     densemem_map_d2p(m, dend), pend);
		if (!after && densemem_map_pfn_valid(m, pend))
			FAIL("pfn %#lx past the end is valid", pend);
		for (j = 0; page2p_fits && j < CHECK_MEMMAPS; j++)
			if (densemem_map_page2pfn(&cmm[j].pm, cmm[j].mm + m->nr_pages * cmm[j].size,
						  cmm[j].size, cmm[j].shift) != pend)
				FAIL("page_to_pfn(end of %lu-byte mem_map) != end pfn %#lx",
				     cmm[j].size, pend);
		/* high_memory: __va() of the end, __pa() of the dense end */
		if (!after && check_is_phys(last->end) && check_is_phys((u64)dend << PAGE_SHIFT) &&
		    densemem_map_p2v(m, last->end) !=
		    (unsigned long)(dbyte - p->phys_offset + p->page_offset))
			FAIL("p2v(end %#llx) = %#lx, not the end of the linear map",
			     (unsigned long long)last->end, densemem_map_p2v(m, last->end));
		if (check_is_phys(last->end) && check_is_phys((u64)dend << PAGE_SHIFT) &&
		    dbyte + ((phys_addr_t)(long)delta << PAGE_SHIFT) != last->end)
			FAIL("d2p at the dense end does not give %#llx",
			     (unsigned long long)last->end);
		/* far past it too, within the tables: the last chunk continued */
		for (j = (unsigned int)m->d2p_nr + 1; j <= DENSEMEM_MAX_CHUNKS; j += 61)
			if (m->d2p[j] != m->d2p[m->d2p_nr] ||
			    (j > m->p2d_nr && m->p2v[j] != m->p2v[m->p2d_nr]))
				FAIL("table entry %u past the sentinel does not continue it", j);
	}
	return bad;
}

/**
 * densemem_check_holes() - holes cost what their edges leave, and are invalid
 * @lo: a layout densemem_build() returned 0 for
 * @p: the parameters it was built with
 * @out: where each broken invariant is named, or NULL
 *
 * Return: the number of invariants broken.
 */
int densemem_check_holes(const struct densemem_layout *lo, const struct densemem_params *p,
			 const struct densemem_check_out *out)
{
	const struct densemem_map *m = lo->map;
	const struct densemem_extent *prev = NULL, *last = NULL;
	unsigned int i, gs = __ffs64(p->min_granule);	/* a power of two */
	u64 first = 0, span_end = 0;
	bool fine;
	int bad = 0;

	/* holes of a whole granule are invalid, and cost no dense space */
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *a = prev, *b = &lo->ext[i];
		u64 hs, he;

		if (!densemem_extent_kept(b))
			continue;
		prev = b;
		/*
		 * between banks only: memblock must never hand out lowmem
		 * across it (highmem past the cut is never linear)
		 */
		if (a && a->end == b->start && a->fate == DENSEMEM_LOWMEM &&
		    b->fate == DENSEMEM_LOWMEM && dense_turns(a, b, p))
			FAIL("the dense space turns inside a bank, at %#llx",
			     (unsigned long long)b->start);
		if (!a || dense_turns(a, b, p))
			continue;
		hs = (a->end + lo->granule - 1) & ~(lo->granule - 1);
		he = b->start & ~(lo->granule - 1);
		if (hs < he) {
			if (densemem_map_pfn_valid(m, (unsigned long)(hs >> PAGE_SHIFT)) ||
			    densemem_map_pfn_valid(m, (unsigned long)((he - 1) >> PAGE_SHIFT)))
				FAIL("hole [%#llx-%#llx) has valid pfns",
				     (unsigned long long)hs, (unsigned long long)he);
			/* only the partial chunks at both sides stay in */
			if (b->dense - a->dense - (a->end - a->start) !=
			    (hs - a->end) + (b->start - he))
				FAIL("hole at %#llx costs dense space", (unsigned long long)hs);
		}
	}
	prev = NULL;

	/*
	 * A no-map region is a hole: every whole granule of it is invalid
	 * (a granule the span coarsened on LPAE may share it with RAM), and
	 * it spans a block of the finest granule, or it would not be one.
	 */
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		u64 x, g = lo->granule, mg = p->min_granule;
		unsigned int n = 0;

		if (e->fate != DENSEMEM_NOMAP)
			continue;
		for (x = (e->start + g - 1) & ~(g - 1); x + g <= e->end && n < 64; x += g, n++)
			if (densemem_map_pfn_valid(m, (unsigned long)(x >> PAGE_SHIFT)) ||
			    densemem_map_pfn_valid(m, (unsigned long)((x + g - 1) >> PAGE_SHIFT)))
				FAIL("granule %#llx of the no-map region [%#llx-%#llx) is valid",
				     (unsigned long long)x, (unsigned long long)e->start,
				     (unsigned long long)e->end);
		if (((e->start + mg - 1) & ~(mg - 1)) + mg > e->end)
			FAIL("no-map region [%#llx-%#llx) spans no block of %#llx",
			     (unsigned long long)e->start, (unsigned long long)e->end,
			     (unsigned long long)mg);
	}

	for (i = 0; i < lo->nr_ext; i++) {
		if (!densemem_extent_kept(&lo->ext[i]))
			continue;
		if (!last)
			first = lo->ext[i].start;
		last = &lo->ext[i];
		span_end = last->end;
	}
	/*
	 * The finest granule wherever the tables are sized for it: with a
	 * 32-bit physical address any span fits them at 4 MiB.  On LPAE a span
	 * past that may coarsen the granule (CONFIG_DENSEMEM_MAX_CHUNKS).
	 */
	fine = last && p->phys_limit <= 1ULL << 32 &&
	       ((span_end - 1) >> gs) - (first >> gs) < DENSEMEM_MAX_CHUNKS;
	for (i = 0; fine && i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e))
			continue;
		if (prev && !dense_turns(prev, e, p))
			bad += check_hole(m, prev, e, p->min_granule, out);
		prev = e;
	}
	return bad;
}

/**
 * densemem_check_kernel_bank() - the bank of the kernel keeps dense == physical
 * @lo: a layout densemem_build() returned 0 for
 * @p: the parameters it was built with
 * @out: where each broken invariant is named, or NULL
 *
 * And it is lowmem within the architecture's reach: never highmem, never
 * ZONE_MOVABLE, which hold neither the image nor its stacks.
 *
 * Return: the number of invariants broken.
 */
int densemem_check_kernel_bank(const struct densemem_layout *lo,
			       const struct densemem_params *p,
			       const struct densemem_check_out *out)
{
	const struct densemem_map *m = lo->map;
	unsigned long pfn = (unsigned long)(p->kernel_phys >> PAGE_SHIFT);
	unsigned int i, in_kept = 0;
	int bad = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e) ||
		    e->start > p->kernel_phys || p->kernel_phys >= e->end)
			continue;
		in_kept++;
		if (e->dense != e->start)
			FAIL("kernel bank moved: %#llx -> %#llx",
			     (unsigned long long)e->start, (unsigned long long)e->dense);
		/*
		 * its image, stacks and page tables are in neither, where the
		 * linear map reaches it at all
		 */
		if (e->fate != DENSEMEM_LOWMEM &&
		    p->kernel_phys - p->phys_offset < p->lowmem_size)
			FAIL("the kernel's bank at %#llx is highmem",
			     (unsigned long long)e->start);
		else if (p->phys_reach && p->kernel_phys >= p->phys_reach)
			FAIL("the kernel at %#llx is past the reach %#llx: ZONE_MOVABLE",
			     (unsigned long long)p->kernel_phys,
			     (unsigned long long)p->phys_reach);
	}
	/* where the linear map does not reach it, its bank is cut before it */
	if (in_kept > 1)
		FAIL("the kernel at %#llx is in %u kept ranges",
		     (unsigned long long)p->kernel_phys, in_kept);
	if (in_kept && (densemem_map_p2d(m, pfn) != pfn || densemem_map_d2p(m, pfn) != pfn))
		FAIL("the kernel's pfn %#lx translates to %#lx and back to %#lx", pfn,
		     densemem_map_p2d(m, pfn), densemem_map_d2p(m, pfn));
	return bad;
}

/**
 * densemem_check_accounting() - every byte of the input is in one extent
 * @lo: a layout densemem_build() returned 0 for
 * @in: the input as it was before the builder cleaned it
 * @nr: entries of @in
 * @out: where each broken invariant is named, or NULL
 *
 * Return: the number of invariants broken.
 */
int densemem_check_accounting(const struct densemem_layout *lo,
			      const struct densemem_region *in, unsigned int nr,
			      const struct densemem_check_out *out)
{
	u64 total = 0, listed = 0;
	unsigned int i, j;
	int bad = 0;

	for (i = 0; i < lo->nr_ext; i++)
		total += lo->ext[i].end - lo->ext[i].start;
	/* every input byte accounted: union of the input == sum of extents */
	if (lo->lowmem + lo->highmem + lo->dropped + lo->nomap != total + lo->lost)
		FAIL("totals %llu+%llu+%llu+%llu != extents %llu",
		     (unsigned long long)lo->lowmem, (unsigned long long)lo->highmem,
		     (unsigned long long)lo->dropped, (unsigned long long)lo->nomap,
		     (unsigned long long)total);
	for (i = 0; i < nr; i++) {
		u64 pts[3] = { in[i].base, in[i].base + in[i].size / 2,
			       in[i].base + in[i].size - 1 };
		unsigned int k;

		if (!in[i].size || in[i].base + in[i].size < in[i].base)
			continue;
		listed += in[i].size;
		for (k = 0; k < 3 && !lo->lost; k++) {
			for (j = 0; j < lo->nr_ext; j++)
				if (lo->ext[j].start <= pts[k] && pts[k] < lo->ext[j].end)
					break;
			if (j == lo->nr_ext)
				FAIL("input byte %#llx is in no extent",
				     (unsigned long long)pts[k]);
		}
	}
	if (!lo->lost && listed - lo->overlap < total && !lo->unsorted)
		FAIL("extents (%llu) hold more than the input (%llu)",
		     (unsigned long long)total, (unsigned long long)(listed - lo->overlap));
	return bad;
}

/**
 * densemem_check() - every invariant of a layout
 * @lo: a layout densemem_build() returned 0 for
 * @in: the input as it was before the builder cleaned it
 * @nr: entries of @in
 * @p: the parameters it was built with
 * @out: where each broken invariant is named, or NULL
 *
 * Return: the number of invariants broken.
 */
int densemem_check(const struct densemem_layout *lo, const struct densemem_region *in,
		   unsigned int nr, const struct densemem_params *p,
		   const struct densemem_check_out *out)
{
	return densemem_check_tables(lo, p, out) + densemem_check_holes(lo, p, out) +
	       densemem_check_kernel_bank(lo, p, out) +
	       densemem_check_accounting(lo, in, nr, out);
}
