// SPDX-License-Identifier: GPL-2.0
/*
 * The invariants of mm/densemem/layout.c, checked from the outside: by the
 * table-driven tests and by the fuzzer alike.  Return the number broken.
 */
#include <stdio.h>
#include "check.h"

#define FAIL(...) do {						\
	bad++;								\
	if (verbose) {							\
		printf("  # ");						\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static int check_pfn(const struct densemem_layout *lo, const struct densemem_params *p,
		     const struct densemem_extent *e, unsigned long pfn, int verbose)
{
	const struct densemem_map *m = &lo->map;
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
	if (densemem_map_p2v(m, phys) != virt)
		FAIL("p2v(%#llx) = %#lx, want %#lx", (unsigned long long)phys,
		     densemem_map_p2v(m, phys), virt);
	if (back != phys)
		FAIL("dense %#llx goes back to %#llx, not %#llx", (unsigned long long)dense,
		     (unsigned long long)back, (unsigned long long)phys);
	/* a MAX_ORDER block / pageblock is contiguous in dense space */
	if (densemem_map_p2d(m, blk + gp - 1) != densemem_map_p2d(m, blk) + gp - 1)
		FAIL("block %#lx is not contiguous in dense space", blk);
	return bad;
}

int densemem_check(const struct densemem_layout *lo, const struct densemem_region *in,
		   unsigned int nr, const struct densemem_params *p, int verbose)
{
	const struct densemem_map *m = &lo->map;
	const struct densemem_extent *last = NULL;
	u64 prev_end = 0, prev_dense_end = 0, total = 0, listed = 0, kept = 0;
	unsigned int i, j;
	int bad = 0;

	if (lo->granule < p->min_granule || (lo->granule & (lo->granule - 1)))
		FAIL("granule %#llx is not a power of two >= %#llx",
		     (unsigned long long)lo->granule, (unsigned long long)p->min_granule);
	if (m->p2d_nr > DENSEMEM_MAX_CHUNKS || m->d2p_nr > DENSEMEM_MAX_CHUNKS)
		FAIL("tables overflow: %lu/%lu entries", m->p2d_nr, m->d2p_nr);

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		unsigned long s, l;

		if (e->start >= e->end)
			FAIL("empty extent %u", i);
		if (e->start < prev_end)
			FAIL("extent %u at %#llx overlaps the one before", i,
			     (unsigned long long)e->start);
		prev_end = e->end;
		total += e->end - e->start;
		if (e->fate == DENSEMEM_DROPPED)
			continue;
		last = e;
		kept += e->end - e->start;
		/* monotone, disjoint dense ranges */
		if (e->dense < prev_dense_end)
			FAIL("extent %u: dense %#llx goes back below %#llx", i,
			     (unsigned long long)e->dense, (unsigned long long)prev_dense_end);
		prev_dense_end = e->dense + (e->end - e->start);
		if (e->fate == DENSEMEM_LOWMEM &&
		    prev_dense_end > p->phys_offset + p->lowmem_size)
			FAIL("lowmem extent %u ends past the linear map", i);
		if (e->fate == DENSEMEM_HIGHMEM && !p->highmem)
			FAIL("highmem extent without highmem");
		if (e->start <= p->kernel_phys && p->kernel_phys < e->end &&
		    e->dense != e->start)
			FAIL("kernel bank moved: %#llx -> %#llx",
			     (unsigned long long)e->start, (unsigned long long)e->dense);
		/* round trips at both edges, the middle and every chunk edge */
		s = (unsigned long)(e->start >> PAGE_SHIFT);
		l = (unsigned long)(e->end >> PAGE_SHIFT) - 1;
		bad += check_pfn(lo, p, e, s, verbose);
		bad += check_pfn(lo, p, e, l, verbose);
		bad += check_pfn(lo, p, e, s + (l - s) / 2, verbose);
		for (j = 1; j < 64; j++) {
			unsigned long c = ((s >> m->shift) + j) << m->shift;

			if (c > l)
				break;
			bad += check_pfn(lo, p, e, c, verbose);
			bad += check_pfn(lo, p, e, c - 1, verbose);
		}
	}

	/* every kept byte is listed, even when dropped ones are not */
	if (kept != lo->lowmem + lo->highmem)
		FAIL("kept extents hold %llu bytes, lowmem+highmem %llu",
		     (unsigned long long)kept,
		     (unsigned long long)(lo->lowmem + lo->highmem));

	/* one past the end of the dense space translates both ways */
	if (last) {
		unsigned long pend = (unsigned long)(last->end >> PAGE_SHIFT);
		unsigned long dend = m->base_pfn + m->nr_pages;
		phys_addr_t dbyte = (phys_addr_t)dend << PAGE_SHIFT;
		unsigned long delta = densemem_map_d2p_at(m, dbyte);

		if (densemem_map_p2d(m, pend) != dend)
			FAIL("p2d(end %#lx) = %#lx, not the dense end %#lx", pend,
			     densemem_map_p2d(m, pend), dend);
		if (densemem_map_d2p(m, dend) != pend)
			FAIL("d2p(dense end %#lx) = %#lx, not %#lx", dend,
			     densemem_map_d2p(m, dend), pend);
		if (densemem_map_pfn_valid(m, pend))
			FAIL("pfn %#lx past the end is valid", pend);
		/* high_memory: __va() of the end, __pa() of the dense end */
		if (densemem_map_p2v(m, last->end) !=
		    (unsigned long)(dbyte - p->phys_offset + p->page_offset))
			FAIL("p2v(end %#llx) = %#lx, not the end of the linear map",
			     (unsigned long long)last->end, densemem_map_p2v(m, last->end));
		if (dbyte + ((phys_addr_t)(long)delta << PAGE_SHIFT) != last->end)
			FAIL("d2p at the dense end does not give %#llx",
			     (unsigned long long)last->end);
	}

	/* holes of a whole granule are invalid, and cost no dense space */
	for (i = 0; i + 1 < lo->nr_ext; i++) {
		u64 hs = (lo->ext[i].end + lo->granule - 1) & ~(lo->granule - 1);
		u64 he = lo->ext[i + 1].start & ~(lo->granule - 1);

		if (lo->ext[i].fate == DENSEMEM_DROPPED ||
		    lo->ext[i + 1].fate == DENSEMEM_DROPPED)
			continue;
		if (hs < he) {
			if (densemem_map_pfn_valid(m, (unsigned long)(hs >> PAGE_SHIFT)) ||
			    densemem_map_pfn_valid(m, (unsigned long)((he - 1) >> PAGE_SHIFT)))
				FAIL("hole [%#llx-%#llx) has valid pfns",
				     (unsigned long long)hs, (unsigned long long)he);
			/* only the partial chunks at both sides stay in */
			if (lo->ext[i + 1].dense - lo->ext[i].dense -
			    (lo->ext[i].end - lo->ext[i].start) !=
			    (hs - lo->ext[i].end) + (lo->ext[i + 1].start - he))
				FAIL("hole at %#llx costs dense space", (unsigned long long)hs);
		}
	}

	/* every input byte accounted: union of the input == sum of extents */
	if (lo->lowmem + lo->highmem + lo->dropped != total + lo->lost)
		FAIL("totals %llu+%llu+%llu != extents %llu",
		     (unsigned long long)lo->lowmem, (unsigned long long)lo->highmem,
		     (unsigned long long)lo->dropped, (unsigned long long)total);
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
