/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The densemem layout builder (layout.c): memory map in, tables and the
 * fate of every range out.  Used by mm/densemem and, compiled on the host,
 * by tools/testing/densemem and densemem-plan; nothing else in the kernel
 * needs it.
 */
#ifndef _MM_DENSEMEM_LAYOUT_H
#define _MM_DENSEMEM_LAYOUT_H

#include <linux/densemem.h>
#include <linux/densemem_map.h>
#include <linux/types.h>

/* What became of a range of the memory map. */
enum densemem_fate {
	DENSEMEM_LOWMEM,	/* in the linear map */
	DENSEMEM_HIGHMEM,	/* past the linear map, in ZONE_HIGHMEM */
	DENSEMEM_DROPPED,	/* not managed at all: see the reason */
	DENSEMEM_NOMAP,		/* no-map: outside the dense space */
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

/*
 * Input regions the builder takes: as many as memblock.memory holds before
 * memblock_allow_resize() (INIT_MEMBLOCK_MEMORY_REGIONS), which is all
 * that exists when the architecture calls densemem_setup().  Regions that
 * touch are merged first, so a bank split by no-map regions is one bank.
 * Every bank gets its chunks; the only limit on banks is the tables' span.
 * A no-map region that spans a whole granule is not RAM to the builder: it
 * leaves the dense space (see densemem_build()).
 */
#define DENSEMEM_MAX_INPUT	128
/*
 * kept ranges: one per bank, and the bank the lowmem cut splits; no-map
 * regions set aside share this room, as each is an input entry of its own
 */
#define DENSEMEM_MAX_KEPT	(DENSEMEM_MAX_INPUT + 1)
/* and room for dropped ones; past it they are counted, not listed */
#define DENSEMEM_MAX_EXTENTS	(DENSEMEM_MAX_KEPT + 32)

/*
 * Ranges of the firmware's RAM that early boot names to densemem_ignore_ram()
 * and the layout lists as dropped; past these, a warning names them.
 */
#define DENSEMEM_MAX_IGNORED	32

/**
 * struct densemem_ignored - RAM the firmware described that early boot
 * kept out of memblock, and named (densemem_ignore_ram())
 * @r: the ranges, each with its reason
 * @nr: ranges listed
 * @bytes: their bytes
 */
struct densemem_ignored {
	struct densemem_extent r[DENSEMEM_MAX_IGNORED];
	unsigned int nr;
	u64 bytes;
};

/*
 * Whether [@base, @end) holds a whole block of @g bytes (a power of two):
 * a no-map region that does leaves the dense space.
 */
static inline bool densemem_spans_granule(u64 base, u64 end, u64 g)
{
	return ((base + g - 1) & ~(g - 1)) < (end & ~(g - 1));
}

/* Whether the layout keeps @e: lowmem or highmem, not dropped or no-map. */
static inline bool densemem_extent_kept(const struct densemem_extent *e)
{
	return e->fate == DENSEMEM_LOWMEM || e->fate == DENSEMEM_HIGHMEM;
}

/**
 * struct densemem_layout - the builder's result
 * @map:	the translation tables it wrote, in place
 * @granule:	granule in bytes
 * @ext:	extents in physical order, kept and dropped
 * @nr_ext:	number of @ext
 * @nr_kept:	of them lowmem or highmem: every kept range is listed
 * @nr_nomap:	of them no-map regions outside the dense space
 * @nr_banks:	banks kept after sorting and merging
 * @lowmem:	bytes of RAM in the linear map
 * @highmem:	bytes of RAM in ZONE_HIGHMEM
 * @dropped:	bytes of RAM not managed
 * @nomap:	bytes of no-map regions outside the dense space: no linear
 *		map, no struct pages, pfn_valid() false
 * @holes:	bytes of holes absorbed into the dense space as reserved pages,
 *		between banks
 * @below:	bytes of dense space below @p->phys_offset, for the RAM past
 *		the linear map above it (@p->below_size; 0: none)
 * @below_hole:	of them, what the last granule there leaves past its RAM:
 *		reserved pages whose pfns lie past the RAM's, and so past
 *		max_pfn where nothing follows
 * @movable:	bytes of lowmem at or above @p->phys_reach: ZONE_MOVABLE only
 * @overlap:	bytes that the input listed more than once
 * @unsorted:	the input was not in physical order
 * @lost:	bytes dropped without an extent of their own (still counted);
 *		never kept bytes
 */
struct densemem_layout {
	struct densemem_map *map;
	u64 granule;
	struct densemem_extent ext[DENSEMEM_MAX_EXTENTS];
	unsigned int nr_ext;
	unsigned int nr_kept;
	unsigned int nr_nomap;
	unsigned int nr_banks;
	u64 lowmem;
	u64 highmem;
	u64 dropped;
	u64 nomap;
	u64 holes;
	u64 below;
	u64 below_hole;
	u64 movable;
	u64 overlap;
	bool unsorted;
	u64 lost;
};

/**
 * struct densemem_region - one entry of the input memory map
 * @base:	first physical byte
 * @size:	bytes
 * @nomap:	reserved memory that is never mapped (MEMBLOCK_NOMAP)
 */
struct densemem_region {
	u64 base;
	u64 size;
	bool nomap;
};

int densemem_build(struct densemem_layout *lo, struct densemem_map *map,
		   struct densemem_region *in, unsigned int nr,
		   const struct densemem_params *p);
bool densemem_insert_merged(struct densemem_region *w, unsigned int *n, unsigned int room,
			    u64 base, u64 end, u64 *overlap);
void densemem_identity(struct densemem_map *m, unsigned long voffset,
		       unsigned long base_pfn, unsigned long nr_pages);
bool densemem_fixed_tables(const struct densemem_params *p);
void densemem_map_set_mem_map(struct densemem_map *m, unsigned long mem_map,
			      unsigned long size);
void densemem_map_set_page2p(struct densemem_map *m, unsigned long *tbl,
			     unsigned long start, unsigned long first,
			     unsigned long blocks, unsigned int block_shift,
			     unsigned long size);
bool densemem_layout_is_memory(const struct densemem_layout *lo, u64 phys, u64 window);
const char *densemem_reason_str(enum densemem_reason r);
void densemem_add_dropped(struct densemem_layout *lo, u64 start, u64 end,
			  enum densemem_reason why);
bool densemem_ignored_add(struct densemem_ignored *ig, u64 start, u64 end,
			  enum densemem_reason why);
void densemem_add_ignored(struct densemem_layout *lo, const struct densemem_ignored *ig);
int densemem_report(const struct densemem_layout *lo, const struct densemem_params *p,
		    void (*emit)(void *ctx, const char *line), void *ctx);

#endif /* _MM_DENSEMEM_LAYOUT_H */
