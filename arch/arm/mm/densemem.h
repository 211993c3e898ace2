/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of densemem's layout that follow from Arm's configuration
 * alone.  One source for arch/arm/mm/densemem.c and for densemem-plan,
 * which lays a board out on the host as this kernel would; so it uses only
 * what <linux/densemem.h> defines and the granule's rule of
 * <asm/densemem.h>, which the translations' constants follow too.
 */
#ifndef __ARM_MM_DENSEMEM_H
#define __ARM_MM_DENSEMEM_H

#include <asm/densemem.h>

/**
 * arm_densemem_config_params() - the parameters that follow from the config
 * @p: its @phys_limit, @min_granule, @phys_reach and @table_shift are
 *	written
 * @lpae: CONFIG_ARM_LPAE
 * @max_order_shift: log2 of the bytes of a MAX_ORDER block (22 unless
 *	ARCH_FORCE_MAX_ORDER says otherwise)
 *
 * The granule is ARM_DENSEMEM_MIN_SHIFT_OF(): a PMD or a MAX_ORDER block,
 * whichever is larger.
 */
static inline void arm_densemem_config_params(struct densemem_params *p, bool lpae,
					      unsigned int max_order_shift)
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
	/*
	 * cpu_resume runs with the MMU off and sleep_save_sp holds u32s;
	 * Arm's __dma_alloc() adds GFP_DMA only below 32 bits
	 */
	p->phys_reach = lpae ? 1ULL << 32 : 0;
}

#endif /* __ARM_MM_DENSEMEM_H */
