/* SPDX-License-Identifier: GPL-2.0 */
/*
 * densemem: a memory model that packs discontiguous RAM banks back to back
 * into one dense pfn space, so that holes in the physical map cost neither
 * linear-map address space nor struct pages.
 *
 * This header is what the rest of the kernel calls: the architecture's
 * parameters and boot hooks, and the reasons the DT code gives for RAM it
 * leaves out.  The layout builder's own
 * API is mm/densemem/layout.h; the tables, read on the hot paths, are in
 * <linux/densemem_map.h>.
 */
#ifndef _LINUX_DENSEMEM_H
#define _LINUX_DENSEMEM_H

#include <linux/densemem_map.h>
#include <linux/types.h>
#include <asm/page.h>

struct page;

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
 * struct densemem_params - what the architecture tells the builder
 * @kernel_phys:	a physical address inside the kernel image; the bank
 *			holding it keeps dense == physical
 * @phys_limit:		first physical address the CPU cannot reach
 * @lowmem_size:	bytes of dense space the linear map can hold from
 *			@phys_offset up
 * @below_size:		bytes of dense space the linear map can also hold
 *			below @phys_offset, at virtual addresses below
 *			@page_offset (0: none).  RAM past @lowmem_size goes
 *			there, in physical order, ending where the kernel's
 *			bank begins: lowmem stays a physical prefix of the
 *			kept RAM, and the linear map grows down only as far
 *			as the RAM needs
 * @min_granule:	smallest granule in bytes: at least the linear-map
 *			section and the largest buddy or pageblock block
 * @page_offset:	virtual address of dense address @phys_offset
 * @phys_offset:	dense address mapped at @page_offset
 * @highmem:		whether ZONE_HIGHMEM can take what is past the cut
 * @phys_reach:		first physical address that a 32-bit DMA mask and code
 *			run with the MMU off cannot reach (0: all of them can).
 *			Lowmem at or above it is only for ZONE_MOVABLE; with
 *			@highmem, what is at or above it is highmem instead.
 *			The kernel runs below it: a layout whose kernel bank
 *			would be movable or highmem fails densemem_check()
 * @table_shift:	0, or log2 of a granule in bytes, at least
 *			@min_granule, at which the tables cover all of
 *			[0, @phys_limit) from chunk 0.  The architecture
 *			then reads them with a constant shift and base
 *			(DENSEMEM_TABLE_SHIFT); the builder uses it only if
 *			the span fits the tables, and the architecture
 *			makes sure at build time that it does
 * @kernel_size:	bytes from @kernel_phys that the kernel reserves for
 *			its image; a no-map region of the DT that overlaps
 *			them stays in the dense space (0: none is checked)
 */
struct densemem_params {
	u64 kernel_phys;
	u64 phys_limit;
	u64 lowmem_size;
	u64 below_size;
	u64 min_granule;
	u64 page_offset;
	u64 phys_offset;
	bool highmem;
	u64 phys_reach;
	unsigned int table_shift;
	u64 kernel_size;
};

/* /dev/mem's attributes on Arm; called only with CONFIG_DENSEMEM */
bool densemem_pfn_is_memory(unsigned long pfn);

#ifdef CONFIG_DENSEMEM
/* Boot: see mm/densemem/init.c and mm/densemem/memmap.c */
void densemem_early_init(unsigned long voffset);
u64 densemem_setup(const struct densemem_params *p);
unsigned long densemem_movable_pfn(void);
void densemem_ignore_ram(u64 start, u64 end, enum densemem_reason why);
unsigned long densemem_memmap_index(const struct page *page);
unsigned long densemem_memmap_pages(void);
u32 densemem_layout_hash(void);
/* the KUnit suite's check of the page tables, where the MMU can tell */
bool densemem_arch_mmu_phys(unsigned long va, phys_addr_t *pa);
#else
static inline void densemem_early_init(unsigned long voffset) { }
static inline void densemem_ignore_ram(u64 start, u64 end,
				       enum densemem_reason why) { }
static inline unsigned long densemem_movable_pfn(void) { return 0; }
static inline unsigned long densemem_memmap_index(const struct page *page) { return 0; }
static inline unsigned long densemem_memmap_pages(void) { return 0; }
#endif /* CONFIG_DENSEMEM */

#endif /* _LINUX_DENSEMEM_H */
