/* SPDX-License-Identifier: GPL-2.0 */
/*
 * densemem: a memory model that packs discontiguous RAM banks back to back
 * into one dense pfn space, so that holes in the physical map cost neither
 * linear-map address space nor struct pages.
 *
 * Two tables translate between physical and dense pfns.  Both are indexed
 * by granule ("chunk"): every chunk of the physical map that holds RAM has
 * one constant delta to its dense position.  A lookup is one shift, one
 * subtract and one table load; no branch.
 */
#ifndef _LINUX_DENSEMEM_H
#define _LINUX_DENSEMEM_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/page.h>

#ifndef CONFIG_DENSEMEM_MAX_CHUNKS
#define CONFIG_DENSEMEM_MAX_CHUNKS 64
#endif
#ifndef CONFIG_DENSEMEM_MAX_BANKS
#define CONFIG_DENSEMEM_MAX_BANKS 8
#endif

#define DENSEMEM_MAX_CHUNKS	CONFIG_DENSEMEM_MAX_CHUNKS
#define DENSEMEM_MAX_BANKS	CONFIG_DENSEMEM_MAX_BANKS

/**
 * struct densemem_map - the translation tables, read on every lookup
 * @shift:	log2 of the granule, in pages
 * @p2d_first:	physical chunk number of p2d[0]
 * @p2d_nr:	number of valid p2d[] entries
 * @d2p_first:	dense chunk number of d2p[0]
 * @d2p_nr:	number of valid d2p[] entries
 * @base_pfn:	first dense pfn of the dense space
 * @nr_pages:	dense pages, RAM and absorbed holes alike
 * @p2d:	per physical chunk, dense pfn minus physical pfn
 * @d2p:	per dense chunk, physical pfn minus dense pfn
 *
 * A physical chunk without RAM holds a delta that lands its pfns at or past
 * @base_pfn + @nr_pages, so pfn_valid() needs no table entry of its own.
 * One entry past the last of each table is a sentinel, so that one-past-
 * the-end addresses (a bank's end, high_memory) translate exactly:
 * p2d[p2d_nr] lands at the end of the dense space, d2p[d2p_nr] continues
 * the last dense chunk.  Before densemem_setup() the tables are the
 * identity.
 */
struct densemem_map {
	unsigned long shift;
	unsigned long p2d_first;
	unsigned long p2d_nr;
	unsigned long d2p_first;
	unsigned long d2p_nr;
	unsigned long base_pfn;
	unsigned long nr_pages;
	unsigned long p2d[DENSEMEM_MAX_CHUNKS + 1];
	unsigned long d2p[DENSEMEM_MAX_CHUNKS + 1];
};

static __always_inline unsigned long
densemem_map_p2d(const struct densemem_map *m, unsigned long pfn)
{
	return pfn + m->p2d[(pfn >> m->shift) - m->p2d_first];
}

static __always_inline unsigned long
densemem_map_d2p(const struct densemem_map *m, unsigned long dpfn)
{
	return dpfn + m->d2p[(dpfn >> m->shift) - m->d2p_first];
}

static __always_inline bool
densemem_map_pfn_valid(const struct densemem_map *m, unsigned long pfn)
{
	unsigned long idx = (pfn >> m->shift) - m->p2d_first;

	if (idx >= m->p2d_nr)
		return false;
	return pfn + m->p2d[idx] - m->base_pfn < m->nr_pages;
}

/* What became of a range of the memory map. */
enum densemem_fate {
	DENSEMEM_LOWMEM,	/* in the linear map */
	DENSEMEM_HIGHMEM,	/* past the linear map, in ZONE_HIGHMEM */
	DENSEMEM_DROPPED,	/* not managed at all: see the reason */
};

enum densemem_reason {
	DENSEMEM_OK,
	DENSEMEM_UNALIGNED,	/* partial page at a bank edge */
	DENSEMEM_BELOW_KERNEL,	/* below the bank that holds the kernel */
	DENSEMEM_PHYS_LIMIT,	/* beyond the physical address width */
	DENSEMEM_TOO_MANY_BANKS,	/* more than CONFIG_DENSEMEM_MAX_BANKS */
	DENSEMEM_NO_LINEAR_MAP,	/* past the linear map, and no highmem */
	DENSEMEM_NO_KERNEL_BANK,	/* no bank holds the kernel */
	DENSEMEM_NR_REASONS,
};

/**
 * struct densemem_extent - one range of the input and its fate
 * @start:	first physical byte
 * @end:	one past the last physical byte
 * @dense:	dense address of @start (lowmem and highmem only)
 * @fate:	what the layout does with it
 * @reason:	why, for dropped ranges
 */
struct densemem_extent {
	u64 start;
	u64 end;
	u64 dense;
	enum densemem_fate fate;
	enum densemem_reason reason;
};

/**
 * struct densemem_params - what the architecture tells the builder
 * @kernel_phys:	a physical address inside the kernel image; the bank
 *			holding it keeps dense == physical
 * @phys_limit:		first physical address the CPU cannot reach
 * @lowmem_size:	bytes of dense space the linear map can hold
 * @min_granule:	smallest granule in bytes: at least the linear-map
 *			section and the largest buddy or pageblock block
 * @page_offset:	virtual address of dense address @phys_offset
 * @phys_offset:	dense address mapped at @page_offset
 * @highmem:		whether ZONE_HIGHMEM can take what is past the cut
 */
struct densemem_params {
	u64 kernel_phys;
	u64 phys_limit;
	u64 lowmem_size;
	u64 min_granule;
	u64 page_offset;
	u64 phys_offset;
	bool highmem;
};

#define DENSEMEM_MAX_EXTENTS	(2 * DENSEMEM_MAX_BANKS + 16)

/**
 * struct densemem_layout - the builder's result
 * @map:	the translation tables
 * @granule:	granule in bytes
 * @ext:	extents in physical order, kept and dropped
 * @nr_ext:	number of @ext
 * @nr_banks:	banks kept after sorting and merging
 * @lowmem:	bytes of RAM in the linear map
 * @highmem:	bytes of RAM in ZONE_HIGHMEM
 * @dropped:	bytes of RAM not managed
 * @holes:	bytes of holes absorbed into the dense space as reserved pages
 * @overlap:	bytes that the input listed more than once
 * @unsorted:	the input was not in physical order
 * @lost:	bytes dropped without an extent of their own (still counted)
 */
struct densemem_layout {
	struct densemem_map map;
	u64 granule;
	struct densemem_extent ext[DENSEMEM_MAX_EXTENTS];
	unsigned int nr_ext;
	unsigned int nr_banks;
	u64 lowmem;
	u64 highmem;
	u64 dropped;
	u64 holes;
	u64 overlap;
	bool unsorted;
	u64 lost;
};

/** struct densemem_region - one entry of the input memory map */
struct densemem_region {
	u64 base;
	u64 size;
};

int densemem_build(struct densemem_layout *lo, const struct densemem_region *in,
		   unsigned int nr, const struct densemem_params *p);
void densemem_identity(struct densemem_map *m);
const char *densemem_reason_str(enum densemem_reason r);
int densemem_report(const struct densemem_layout *lo, const struct densemem_params *p,
		    void (*emit)(void *ctx, const char *line), void *ctx);

#endif /* _LINUX_DENSEMEM_H */
