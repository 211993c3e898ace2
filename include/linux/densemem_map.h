/* SPDX-License-Identifier: GPL-2.0 */
/*
 * densemem translation tables: the part of densemem on the hot paths
 * (pfn_to_page(), page_to_pfn(), pfn_valid(), and on Arm __va()/__pa()).
 *
 * Two tables translate between physical and dense pfns.  Both are indexed
 * by granule ("chunk"): every chunk of the physical map that holds RAM has
 * one constant delta to its dense position.  A lookup is one shift, one
 * subtract and one table load; no branch.  A third, filled once mem_map
 * exists, gives pfn_to_page() in one shift and one load; a fourth holds the
 * physical-to-virtual delta of each chunk, so that __va() is one shift, one
 * load and one add.  page_to_pfn() reads a fifth, allocated with mem_map:
 * one entry per MAX_ORDER block of struct pages, indexed by the struct
 * page's own address in units of struct page, so that it is two shifts
 * (and a multiplication by a constant when struct page is no power of
 * two), one load and one add.
 *
 * Kept free of <asm/page.h> and <linux/mm.h>: asm/memory.h and
 * asm-generic/memory_model.h include it.
 */
#ifndef _LINUX_DENSEMEM_MAP_H
#define _LINUX_DENSEMEM_MAP_H

#include <linux/compiler.h>
#include <linux/types.h>

/* the tables exist where the builder does: DENSEMEM, its KUnit test, the host */
#ifdef CONFIG_DENSEMEM_MAX_CHUNKS
#define DENSEMEM_MAX_CHUNKS	CONFIG_DENSEMEM_MAX_CHUNKS

/**
 * struct densemem_map - the translation tables, read on every lookup
 * @p2v_base:	address of p2v[] less @p2d_first entries: __va() indexes it
 *		by physical chunk with no subtraction
 * @vshift:	log2 of the granule, in bytes
 * @d2p_base:	address of d2p[] less @d2p_first entries: __pa() indexes it
 *		by dense chunk with no subtraction
 * @shift:	log2 of the granule, in pages
 * @p2page_base: address of p2page[] less @p2d_first entries, so that
 *		pfn_to_page() indexes it by chunk with no subtraction
 * @page2p_base: address of the page_to_pfn() table less the index of its
 *		first entry: indexed by a struct page's address in units of
 *		struct page (densemem_page_units()) shifted right by the
 *		block shift its builder was given (MAX_PAGE_ORDER in the
 *		kernel, a constant: nothing else is loaded)
 * @p2d_first:	physical chunk number of p2d[0] (0 with fixed tables)
 * @p2d_nr:	number of valid p2d[] entries
 * @d2p_first:	dense chunk number of d2p[0] (0 with fixed tables)
 * @d2p_nr:	number of valid d2p[] entries
 * @base_pfn:	first dense pfn of the dense space
 * @nr_pages:	dense pages, RAM and absorbed holes alike
 * @voffset:	linear-map address minus dense address (PAGE_OFFSET -
 *		PHYS_OFFSET on Arm), modulo 2^BITS_PER_LONG
 * @p2d:	per physical chunk, dense pfn less @base_pfn, minus physical
 *		pfn: pfn + p2d[] is the page's index in the dense space
 * @d2p:	per dense chunk, physical pfn minus dense pfn
 * @p2v:	per physical chunk, linear-map address minus physical
 *		address, modulo 2^BITS_PER_LONG: @p2d in bytes plus @voffset
 * @p2page:	per physical chunk, the address the struct page of pfn 0
 *		would have: mem_map + p2d; set with mem_map
 *
 * A physical chunk without RAM holds a p2d[] delta that lands its pfns at
 * or past index @nr_pages, so pfn_valid() needs no table of its own, and
 * compares pfn + p2d[] with @nr_pages alone;
 * its p2v[] and p2page[] entries continue the chunk before it, so that one
 * past the end of any bank translates as its last byte plus one, for
 * __va() and pfn_to_page() alike.  One entry past the last of each table is
 * a sentinel, so that one-past-the-end addresses (a bank's end,
 * high_memory) translate exactly: p2d[p2d_nr] lands at the end of the
 * dense space, p2v[p2d_nr] and d2p[d2p_nr] continue the last chunk.  The
 * reverse is exact only at the end of the dense space: inside it, the
 * linear address just past one bank is the first of the next, and __pa()
 * gives the next bank's start.  Before densemem_setup() the tables are the
 * identity.
 *
 * The ``*_base`` pointers point into the structure itself: densemem_build()
 * writes the tables where they are used, and a copy is not usable.
 */
struct densemem_map {
	/*
	 * Each lookup's base and shift are neighbours, so that a compiler
	 * tuned for it can load both with one ldm (GCC does with
	 * -mtune=cortex-a15; with the kernel's default tuning, two ldr).
	 */
	unsigned long p2v_base;		/* with @vshift: __va() */
	unsigned long vshift;
	unsigned long d2p_base;		/* with @vshift: __pa() */
	unsigned long shift;		/* with @p2page_base: pfn_to_page() */
	unsigned long p2page_base;
	unsigned long page2p_base;	/* page_to_pfn() */
	unsigned long p2d_first;
	unsigned long p2d_nr;
	unsigned long d2p_first;
	unsigned long d2p_nr;
	unsigned long base_pfn;
	unsigned long nr_pages;
	unsigned long voffset;
	unsigned long p2d[DENSEMEM_MAX_CHUNKS + 1];
	unsigned long d2p[DENSEMEM_MAX_CHUNKS + 1];
	unsigned long p2v[DENSEMEM_MAX_CHUNKS + 1];
	unsigned long p2page[DENSEMEM_MAX_CHUNKS + 1];
};

#ifdef CONFIG_DENSEMEM
#include <asm/densemem.h>

/* the live tables, which the kernel's translations read */
extern struct densemem_map densemem_map;
#endif

/*
 * The granule and the tables' bases of map @m.  An architecture whose
 * tables cover its whole physical space from chunk 0 at a granule known at
 * build time defines DENSEMEM_TABLE_SHIFT in <asm/densemem.h>, and the
 * bits of the physical addresses they cover in DENSEMEM_TABLE_PHYS_BITS:
 * for the live tables these are then constants, and __va(), __pa(),
 * pfn_to_page() and pfn_valid() load neither the shift nor the table's
 * base, only the entry.  Any other map (the builder's, the tests') is read
 * from its fields.  Built, the live tables' fields hold the same values
 * (the layout checker and the KUnit suite check it); as the identity, all
 * their entries are alike, and a lookup with any shift is exact.
 */
static __always_inline bool __densemem_fixed(const struct densemem_map *m)
{
#ifdef DENSEMEM_TABLE_SHIFT
	return m == &densemem_map;
#else
	return false;
#endif
}

#ifdef DENSEMEM_TABLE_SHIFT
#define __DENSEMEM_SHIFT	DENSEMEM_TABLE_SHIFT
#define __DENSEMEM_PFN_SHIFT	(DENSEMEM_TABLE_SHIFT - CONFIG_PAGE_SHIFT)
#define __DENSEMEM_P2D_NR						\
	(1UL << (DENSEMEM_TABLE_PHYS_BITS - DENSEMEM_TABLE_SHIFT))
#else
#define __DENSEMEM_SHIFT	0
#define __DENSEMEM_PFN_SHIFT	0
#define __DENSEMEM_P2D_NR	0UL
#endif

/*
 * Each reads one field of @m, or for the live fixed tables the constant it
 * holds: __densemem_fixed() is decided at compile time, so the live
 * tables' lookups load neither.
 */
static __always_inline unsigned long densemem_geo_vshift(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? __DENSEMEM_SHIFT : m->vshift;
}

static __always_inline unsigned long densemem_geo_shift(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? __DENSEMEM_PFN_SHIFT : m->shift;
}

static __always_inline unsigned long densemem_geo_p2d_first(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? 0 : m->p2d_first;
}

static __always_inline unsigned long densemem_geo_d2p_first(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? 0 : m->d2p_first;
}

static __always_inline unsigned long densemem_geo_p2v_base(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? (unsigned long)m->p2v : m->p2v_base;
}

static __always_inline unsigned long densemem_geo_d2p_base(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? (unsigned long)m->d2p : m->d2p_base;
}

static __always_inline unsigned long densemem_geo_p2page_base(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? (unsigned long)m->p2page : m->p2page_base;
}

/* fixed tables are bounded by the physical space (see pfn_valid()) */
static __always_inline unsigned long densemem_geo_p2d_nr(const struct densemem_map *m)
{
	return __densemem_fixed(m) ? __DENSEMEM_P2D_NR : m->p2d_nr;
}

static __always_inline unsigned long densemem_map_entry(unsigned long base,
							unsigned long idx)
{
	return *(const unsigned long *)(base + idx * sizeof(unsigned long));
}

static __always_inline unsigned long
densemem_map_p2d(const struct densemem_map *m, unsigned long pfn)
{
	return pfn + m->p2d[(pfn >> densemem_geo_shift(m)) - densemem_geo_p2d_first(m)] +
	       m->base_pfn;
}

static __always_inline unsigned long
densemem_map_d2p(const struct densemem_map *m, unsigned long dpfn)
{
	return dpfn + m->d2p[(dpfn >> densemem_geo_shift(m)) - densemem_geo_d2p_first(m)];
}

/*
 * The struct page of @pfn is densemem_map_p2page(m, pfn) + @pfn: one
 * shift and one load, as SPARSEMEM's section lookup, no subtraction.
 */
static __always_inline unsigned long
densemem_map_p2page(const struct densemem_map *m, unsigned long pfn)
{
	return densemem_map_entry(densemem_geo_p2page_base(m), pfn >> densemem_geo_shift(m));
}

/*
 * DENSEMEM_ODD_INV(b): the inverse of odd @b modulo 2^BITS_PER_LONG, as a
 * constant expression when @b is one.  x' = x * (2 - b * x) doubles the
 * low bits in which b * x is 1, and x = b starts with three of them
 * (b * b is 1 modulo 8): five steps give 96, enough for 64-bit longs.
 */
#define __DENSEMEM_INV_STEP(b, x)	((x) * (2UL - (b) * (x)))
#define DENSEMEM_ODD_INV(b)						\
	__DENSEMEM_INV_STEP(b, __DENSEMEM_INV_STEP(b, __DENSEMEM_INV_STEP(b,	\
	__DENSEMEM_INV_STEP(b, __DENSEMEM_INV_STEP(b, (unsigned long)(b))))))

/*
 * The address @page of a struct page of @size bytes in units of struct
 * page, @page being a multiple of @size: its exact quotient, found without
 * a division as (@page / 2^a) * (inverse of b) modulo 2^BITS_PER_LONG, for
 * @size = 2^a * b with b odd.  One shift, and unless @size is a power of
 * two one multiplication by a constant.
 */
static __always_inline unsigned long densemem_page_units(unsigned long page,
							 unsigned long size)
{
	unsigned int a = __builtin_ctzl(size);

	return (page >> a) * DENSEMEM_ODD_INV(size >> a);
}

/*
 * The pfn of the struct page at address @page, when struct page is @size
 * bytes and the table has one entry per 2^@block_shift of them (the shift
 * densemem_map_set_page2p() was given): its address in units of struct
 * page plus the entry of its block, which holds the pfn of the block's
 * first page less that page's address in the same units.  Two shifts (and
 * a multiplication, for a struct page whose size is no power of two, as
 * MEMCG makes it on 32-bit), one load and one add; no subtraction of
 * mem_map and no second table.  @size and @block_shift are constants in
 * the kernel, so the table's address is the only other load.
 */
static __always_inline unsigned long
densemem_map_page2pfn(const struct densemem_map *m, unsigned long page,
		      unsigned long size, unsigned int block_shift)
{
	unsigned long x = densemem_page_units(page, size);

	return x + densemem_map_entry(m->page2p_base, x >> block_shift);
}

/*
 * The linear-map address of physical address @phys, offset in the page
 * included: one shift, one load, one add.  The offset of the linear map is
 * in the table, so nothing is patched or added after it.
 */
static __always_inline unsigned long
densemem_map_p2v(const struct densemem_map *m, phys_addr_t phys)
{
	return (unsigned long)phys +
	       densemem_map_entry(densemem_geo_p2v_base(m),
				  (unsigned long)(phys >> densemem_geo_vshift(m)));
}

/*
 * The pfn delta (physical minus dense) at dense address @lin: the
 * physical address is @lin plus it in bytes.  One shift and one load.
 */
static __always_inline unsigned long
densemem_map_d2p_at(const struct densemem_map *m, phys_addr_t lin)
{
	return densemem_map_entry(densemem_geo_d2p_base(m),
				  (unsigned long)(lin >> densemem_geo_vshift(m)));
}

/*
 * Whether @pfn is in the dense space.  A chunk without RAM, and with fixed
 * tables one past the last bank, lands its pfns past the dense space.
 */
static __always_inline bool
densemem_map_pfn_valid(const struct densemem_map *m, unsigned long pfn)
{
	unsigned long idx = (pfn >> densemem_geo_shift(m)) - densemem_geo_p2d_first(m);

	if (idx >= densemem_geo_p2d_nr(m))
		return false;
	return pfn + m->p2d[idx] < m->nr_pages;
}

#endif /* CONFIG_DENSEMEM_MAX_CHUNKS */

#ifdef CONFIG_DENSEMEM
bool densemem_phys_in_lowmem(phys_addr_t phys);
bool densemem_range_is_linear(phys_addr_t phys, size_t size);

/* The lookups above, of the live tables. */
static __always_inline unsigned long densemem_pfn_to_dpfn(unsigned long pfn)
{
	return densemem_map_p2d(&densemem_map, pfn);
}

static __always_inline unsigned long densemem_dpfn_to_pfn(unsigned long dpfn)
{
	return densemem_map_d2p(&densemem_map, dpfn);
}

/* pfn_to_page() adds @pfn */
static __always_inline unsigned long densemem_pfn_page_base(unsigned long pfn)
{
	return densemem_map_p2page(&densemem_map, pfn);
}

static __always_inline unsigned long densemem_phys_to_virt(phys_addr_t phys)
{
	return densemem_map_p2v(&densemem_map, phys);
}

static __always_inline unsigned long densemem_lin_to_delta(phys_addr_t lin)
{
	return densemem_map_d2p_at(&densemem_map, lin);
}

static __always_inline bool densemem_pfn_valid(unsigned long pfn)
{
	return densemem_map_pfn_valid(&densemem_map, pfn);
}
#else
/* the linear map has one offset: every range of RAM is one linear range */
static inline bool densemem_range_is_linear(phys_addr_t phys, size_t size)
{
	return true;
}
#endif /* CONFIG_DENSEMEM */

#endif /* _LINUX_DENSEMEM_MAP_H */
