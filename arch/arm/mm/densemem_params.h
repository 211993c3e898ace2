/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of densemem's layout that follow from Arm's configuration
 * alone.  One source for arch/arm/mm/densemem.c and for densemem-plan,
 * which lays a board out on the host as this kernel would; so it uses only
 * what <linux/densemem.h> defines and the granule's rule of
 * <asm/densemem.h>, which the translations' constants follow too.
 */
#ifndef __ARM_MM_DENSEMEM_PARAMS_H
#define __ARM_MM_DENSEMEM_PARAMS_H

#include <asm/densemem.h>

/**
 * arm_densemem_phys_reach() - the first physical address past 32-bit reach
 * @lpae: CONFIG_ARM_LPAE
 * @idmap_offset: arch_phys_to_idmap_offset, what the identity map adds to
 *	a physical address: Keystone 2 runs from its RAM's alias above
 *	0x8_0000_0000 and reaches it with the MMU off, and through 32-bit
 *	DMA, at the alias below 4 GiB
 *
 * cpu_resume runs with the MMU off and sleep_save_sp holds u32s, and
 * Arm's __dma_alloc() adds GFP_DMA only below 32 bits: what lies at or
 * past the reach is ZONE_MOVABLE or highmem, never the kernel's own.
 *
 * Return: that address, or 0 without LPAE (all of it is in reach).
 */
static inline u64 arm_densemem_phys_reach(bool lpae, long long idmap_offset)
{
	return lpae ? (1ULL << 32) - (u64)idmap_offset : 0;
}

/**
 * arm_densemem_config_params() - the parameters that follow from the config
 * @p: its @phys_limit, @min_granule, @phys_reach and @table_shift are
 *	written
 * @lpae: CONFIG_ARM_LPAE
 * @max_order_shift: log2 of the bytes of a MAX_ORDER block (22 unless
 *	ARCH_FORCE_MAX_ORDER says otherwise)
 * @idmap_offset: arch_phys_to_idmap_offset (see arm_densemem_phys_reach())
 *
 * The granule is ARM_DENSEMEM_MIN_SHIFT_OF(): a PMD or a MAX_ORDER block,
 * whichever is larger.
 */
static inline void arm_densemem_config_params(struct densemem_params *p, bool lpae,
					      unsigned int max_order_shift,
					      long long idmap_offset)
{
	unsigned int shift = ARM_DENSEMEM_MIN_SHIFT_OF(max_order_shift);

	p->phys_limit = lpae ? 1ULL << 40 : 1ULL << 32;
	p->min_granule = 1ULL << shift;
	/*
	 * A 32-bit physical address: the tables from chunk 0 at that
	 * granule, for the constant lookups of DENSEMEM_TABLE_SHIFT
	 * (<asm/densemem.h>), wherever they fit
	 */
	p->table_shift = lpae ? 0 : shift;
	p->phys_reach = arm_densemem_phys_reach(lpae, idmap_offset);
}

/*
 * VMSPLIT_BOOT: the lowest start of the linear map, where VMSPLIT_2G_OPT
 * puts PAGE_OFFSET (2 GiB of linear map)
 */
#define ARM_VMSPLIT_BOOT_LOWEST	0x70000000UL

/**
 * arm_vmsplit_below_size() - how far the linear map may grow down
 * @page_offset: CONFIG_PAGE_OFFSET, the split the kernel is linked for
 * @link_split: vmsplit=3g: keep it
 *
 * Return: bytes of linear map below @page_offset densemem may fill
 * (densemem_params.below_size).
 */
static inline u64 arm_vmsplit_below_size(u64 page_offset, bool link_split)
{
	return link_split || page_offset <= ARM_VMSPLIT_BOOT_LOWEST ? 0 :
	       page_offset - ARM_VMSPLIT_BOOT_LOWEST;
}

/**
 * arm_vmsplit_task_size() - TASK_SIZE, once the linear map's start is known
 * @lowmem_start: the first address of the linear map
 * @lowest_split: vmsplit=2g: user space ends below ARM_VMSPLIT_BOOT_LOWEST
 *
 * The modules take the 16 MiB below the linear map, as on a fixed split.
 *
 * Return: the top of user space.
 */
static inline unsigned long arm_vmsplit_task_size(unsigned long lowmem_start, bool lowest_split)
{
	unsigned long top = lowest_split && lowmem_start > ARM_VMSPLIT_BOOT_LOWEST ?
			    ARM_VMSPLIT_BOOT_LOWEST : lowmem_start;

	return top - (16UL << 20);
}

#endif /* __ARM_MM_DENSEMEM_PARAMS_H */
