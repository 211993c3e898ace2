/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of densemem's layout that follow from Arm's configuration
 * alone.  One source for arch/arm/mm/densemem.c and for densemem-plan,
 * which lays a board out on the host as this kernel would; so it includes
 * nothing and uses only what <linux/densemem.h> defines.
 */
#ifndef __ARM_MM_DENSEMEM_H
#define __ARM_MM_DENSEMEM_H

/*
 * The linear map is mapped with PMDs: 2 MiB with LPAE, a pair of 1 MiB
 * sections without it (PMD_SIZE either way).
 */
#define ARM_DENSEMEM_PMD_BYTES	0x200000ULL	/* 2 MiB */

/**
 * arm_densemem_config_params() - the parameters that follow from the config
 * @p: its @phys_limit, @min_granule, @phys_reach and @table_shift are
 *	written
 * @lpae: CONFIG_ARM_LPAE
 * @max_order_bytes: bytes of a MAX_ORDER block (4 MiB unless
 *	ARCH_FORCE_MAX_ORDER says otherwise)
 *
 * The granule is at least a PMD, so that map_lowmem() maps each bank with
 * sections, and a MAX_ORDER block, so that no buddy straddles a bank edge;
 * a pageblock is never more than a MAX_ORDER block (pageblock-flags.h).
 */
static inline void arm_densemem_config_params(struct densemem_params *p, bool lpae,
					      u64 max_order_bytes)
{
	p->phys_limit = lpae ? 1ULL << 40 : 1ULL << 32;
	p->min_granule = max_order_bytes > ARM_DENSEMEM_PMD_BYTES ?
			 max_order_bytes : ARM_DENSEMEM_PMD_BYTES;
	/*
	 * A 32-bit physical address: the tables from chunk 0 at that
	 * granule, for the constant lookups of DENSEMEM_TABLE_SHIFT
	 * (<asm/densemem.h>), wherever they fit
	 */
	p->table_shift = lpae ? 0 : (unsigned int)__builtin_ctzll(p->min_granule);
	/*
	 * cpu_resume runs with the MMU off and sleep_save_sp holds u32s;
	 * Arm's __dma_alloc() adds GFP_DMA only below 32 bits
	 */
	p->phys_reach = lpae ? 1ULL << 32 : 0;
}

#endif /* __ARM_MM_DENSEMEM_H */
