// SPDX-License-Identifier: GPL-2.0
/*
 * densemem on Arm: what the architecture tells the layout builder.
 */
#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mmzone.h>
#include <linux/pageblock-flags.h>
#include <linux/pgtable.h>
#include <linux/sizes.h>

#include <asm/cachetype.h>
#include <asm/memory.h>
#include <asm/sections.h>

#include "mm.h"

/**
 * arm_densemem_setup() - build the dense layout for the linear map
 * @vmalloc_limit: where lowmem would end physically on a stock kernel:
 *	PHYS_OFFSET plus the bytes of linear map below vmalloc_min
 *
 * The bank holding the kernel keeps dense == physical, so PHYS_OFFSET,
 * the ARM_PATCH_PHYS_VIRT patching and __pa_symbol() are unchanged; the
 * other banks follow it in the dense space, each on a PMD boundary so
 * that map_lowmem() can map them with sections.
 *
 * Return: the physical address where lowmem ends.
 */
u64 __init arm_densemem_setup(u64 vmalloc_limit)
{
	struct densemem_params p = {
		/*
		 * The image itself: kernel_sec_start is PHYS_OFFSET, which
		 * need not be RAM (a bank at PHYS_OFFSET + 16 KiB).  Its start
		 * as DEBUG_VIRTUAL's __pa_symbol() bounds it: KERNEL_START.
		 */
		.kernel_phys	= __pa_symbol(KERNEL_START),
		.phys_limit	= IS_ENABLED(CONFIG_ARM_LPAE) ? 1ULL << 40 : 1ULL << 32,
		.lowmem_size	= vmalloc_limit - PHYS_OFFSET,
		.min_granule	= max3((u64)PMD_SIZE,
				       (u64)MAX_ORDER_NR_PAGES << PAGE_SHIFT,
				       (u64)pageblock_nr_pages << PAGE_SHIFT),
		.page_offset	= PAGE_OFFSET,
		.phys_offset	= PHYS_OFFSET,
		.highmem	= IS_ENABLED(CONFIG_HIGHMEM) && !cache_is_vipt_aliasing(),
		/*
		 * cpu_resume runs with the MMU off and sleep_save_sp holds
		 * u32s; Arm's __dma_alloc() adds GFP_DMA only below 32 bits
		 */
		.phys_reach	= IS_ENABLED(CONFIG_ARM_LPAE) ? SZ_4G : 0,
	};

	return densemem_setup(&p);
}
