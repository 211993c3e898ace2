/* SPDX-License-Identifier: GPL-2.0 */
/*
 * densemem: a memory model that packs discontiguous RAM banks back to back
 * into one dense pfn space, so that holes in the physical map cost neither
 * linear-map address space nor struct pages.
 *
 * This header is the layout builder's: memory map in, tables and the fate
 * of every range out.  The tables themselves, read on the hot paths, are
 * in <linux/densemem_map.h>.
 */
#ifndef _LINUX_DENSEMEM_H
#define _LINUX_DENSEMEM_H

#include <linux/densemem_map.h>
#include <linux/types.h>
#include <asm/page.h>

struct densemem_map;
struct page;

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
	DENSEMEM_NO_LINEAR_MAP,	/* past the linear map, and no highmem */
	DENSEMEM_NO_KERNEL_BANK,	/* no bank holds the kernel */
	DENSEMEM_TOP_BYTE,	/* partial page one byte short of the limit */
	DENSEMEM_BELOW_PHYS_OFFSET,	/* firmware RAM below PHYS_OFFSET */
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
 * @phys_reach:		first physical address that a 32-bit DMA mask and code
 *			run with the MMU off cannot reach (0: all of them can).
 *			Lowmem at or above it is only for ZONE_MOVABLE; with
 *			@highmem, what is at or above it is highmem instead
 */
struct densemem_params {
	u64 kernel_phys;
	u64 phys_limit;
	u64 lowmem_size;
	u64 min_granule;
	u64 page_offset;
	u64 phys_offset;
	bool highmem;
	u64 phys_reach;
};

/*
 * Input regions the builder takes: as many as memblock.memory holds before
 * memblock_allow_resize() (INIT_MEMBLOCK_MEMORY_REGIONS), which is all
 * that exists when the architecture calls densemem_setup().  Regions that
 * touch are merged first, so a bank split by no-map regions is one bank.
 * Every bank gets its chunks; the only limit on banks is the tables' span.
 */
#define DENSEMEM_MAX_INPUT	128
/* kept ranges: one per bank, and the bank the lowmem cut splits */
#define DENSEMEM_MAX_KEPT	(DENSEMEM_MAX_INPUT + 1)
/* and room for dropped ones; past it they are counted, not listed */
#define DENSEMEM_MAX_EXTENTS	(DENSEMEM_MAX_KEPT + 32)

/*
 * Ranges of the firmware's RAM that early boot names to densemem_ignore_ram()
 * and the layout lists as dropped; past these, a warning names them.
 */
#define DENSEMEM_MAX_IGNORED	32

/**
 * struct densemem_layout - the builder's result
 * @map:	the translation tables it wrote, in place
 * @granule:	granule in bytes
 * @ext:	extents in physical order, kept and dropped
 * @nr_ext:	number of @ext
 * @nr_kept:	of them lowmem or highmem: every kept range is listed
 * @nr_banks:	banks kept after sorting and merging
 * @lowmem:	bytes of RAM in the linear map
 * @highmem:	bytes of RAM in ZONE_HIGHMEM
 * @dropped:	bytes of RAM not managed
 * @holes:	bytes of holes absorbed into the dense space as reserved pages
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
	unsigned int nr_banks;
	u64 lowmem;
	u64 highmem;
	u64 dropped;
	u64 holes;
	u64 movable;
	u64 overlap;
	bool unsorted;
	u64 lost;
};

/** struct densemem_region - one entry of the input memory map */
struct densemem_region {
	u64 base;
	u64 size;
};

int densemem_build(struct densemem_layout *lo, struct densemem_map *map,
		   struct densemem_region *in, unsigned int nr,
		   const struct densemem_params *p);
void densemem_identity(struct densemem_map *m, unsigned long voffset);
void densemem_map_set_mem_map(struct densemem_map *m, unsigned long mem_map,
			      unsigned long size);
void densemem_map_set_page2p(struct densemem_map *m, unsigned long *tbl,
			     unsigned long start, unsigned long first,
			     unsigned long blocks, unsigned int block_shift,
			     unsigned int size_shift);
const char *densemem_reason_str(enum densemem_reason r);
void densemem_add_dropped(struct densemem_layout *lo, u64 start, u64 end,
			  enum densemem_reason why);
int densemem_report(const struct densemem_layout *lo, const struct densemem_params *p,
		    void (*emit)(void *ctx, const char *line), void *ctx);

#ifdef CONFIG_DENSEMEM
/* Boot: see mm/densemem/init.c and mm/densemem/memmap.c */
void densemem_early_init(unsigned long voffset);
u64 densemem_setup(const struct densemem_params *p);
unsigned long densemem_movable_pfn(void);
void densemem_ignore_ram(u64 start, u64 end, enum densemem_reason why);
unsigned long densemem_memmap_index(const struct page *page);
unsigned long densemem_memmap_pages(void);
#else
static inline void densemem_early_init(unsigned long voffset) { }
static inline void densemem_ignore_ram(u64 start, u64 end,
				       enum densemem_reason why) { }
static inline unsigned long densemem_movable_pfn(void) { return 0; }
static inline unsigned long densemem_memmap_index(const struct page *page) { return 0; }
static inline unsigned long densemem_memmap_pages(void) { return 0; }
#endif /* CONFIG_DENSEMEM */

#endif /* _LINUX_DENSEMEM_H */
