// SPDX-License-Identifier: GPL-2.0
/*
 * densemem on Arm: what the architecture tells the layout builder.
 */
#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/mmzone.h>
#include <linux/pgtable.h>

#include <asm/barrier.h>
#include <asm/cachetype.h>
#include <asm/cputype.h>
#include <asm/densemem.h>
#include <asm/memory.h>
#include <asm/sections.h>

#include "densemem_params.h"
#include "mm.h"

#if defined(CONFIG_DENSEMEM_BENCH) && defined(CONFIG_ARM_ARCH_TIMER)
#include <asm/arch_timer.h>

/*
 * The virtual counter, in nanoseconds since reset, long before the timer
 * driver is up; 0 without a generic timer (Cortex-A9).  Under qemu -icount
 * shift=0 these are instructions: what densemem_setup() costs at boot.
 */
static u64 __init densemem_bench_ns(void)
{
	u32 frq;

	if (cpuid_feature_extract(CPUID_EXT_PFR1, 16) < 1)
		return 0;
	frq = arch_timer_get_cntfrq();
	return frq ? div_u64(__arch_counter_get_cntvct() * NSEC_PER_SEC, frq) : 0;
}
#else
static inline u64 densemem_bench_ns(void)
{
	return 0;
}
#endif

/**
 * arm_densemem_setup() - build the dense layout for the linear map
 * @vmalloc_limit: where lowmem would end physically on a stock kernel:
 *	PHYS_OFFSET plus the bytes of linear map below vmalloc_min
 * @below: bytes of linear map the layout may place below PAGE_OFFSET, for
 *	the RAM past it above (VMSPLIT_BOOT); 0 keeps the split the kernel
 *	is linked for
 *
 * Called by each adjust_lowmem_bounds(): the first call, before
 * arm_memblock_init(), makes the layout; the later one moves nothing.
 * The bank holding the kernel keeps dense == physical, so PHYS_OFFSET,
 * the ARM_PATCH_PHYS_VIRT patching and __pa_symbol() are unchanged; the
 * other banks follow it in the dense space, each on a PMD boundary so
 * that map_lowmem() can map them with sections.
 *
 * Return: the physical address where lowmem ends.
 */
u64 __init arm_densemem_setup(u64 vmalloc_limit, u64 below)
{
	struct densemem_params p = {
		/*
		 * The image itself: kernel_sec_start is PHYS_OFFSET, which
		 * need not be RAM (a bank at PHYS_OFFSET + 16 KiB).  Its start
		 * as DEBUG_VIRTUAL's __pa_symbol() bounds it: KERNEL_START.
		 */
		.kernel_phys	= __pa_symbol(KERNEL_START),
		/* what arm_memblock_init() reserves for the image */
		.kernel_size	= KERNEL_END - KERNEL_START,
		.lowmem_size	= vmalloc_limit - PHYS_OFFSET,
		.below_size	= below,
		.page_offset	= PAGE_OFFSET,
		.phys_offset	= PHYS_OFFSET,
		.highmem	= IS_ENABLED(CONFIG_HIGHMEM) && !cache_is_vipt_aliasing(),
	};
	u64 t0 = densemem_bench_ns();
	u64 limit;

	BUILD_BUG_ON(PMD_SHIFT != ARM_DENSEMEM_PMD_SHIFT);
	/* the constant the translations use is the granule set here */
	BUILD_BUG_ON(ARM_DENSEMEM_MIN_SHIFT !=
		     ARM_DENSEMEM_MIN_SHIFT_OF(MAX_PAGE_ORDER + PAGE_SHIFT));
	/* arch_phys_to_idmap_offset: set by Keystone's pv_fixup, run by now */
	arm_densemem_config_params(&p, IS_ENABLED(CONFIG_ARM_LPAE),
				   MAX_PAGE_ORDER + PAGE_SHIFT, arch_phys_to_idmap_offset);
	limit = densemem_setup(&p);
	if (t0)
		pr_info("densemem-bench: setup_ns=%llu\n", densemem_bench_ns() - t0);
	return limit;
}

/**
 * arm_densemem_memblock_limit() - where memblock allocations must end
 * @limit: the limit adjust_lowmem_bounds() computed: the end of lowmem
 *
 * With LPAE the linear map may hold RAM above 4 GiB, as ZONE_MOVABLE.
 * What memblock hands out at boot is the kernel's own: page tables,
 * mem_map[], the first percpu chunk, the swiotlb buffer.  It must stay
 * where the MMU-off code and 32-bit devices reach it, as it does on a
 * HIGHMEM kernel, whose lowmem ends below 4 GiB; kmemleak_alloc_phys()
 * also keeps such an address in an unsigned long.
 *
 * Return: @limit, or the reach of 32-bit addresses if that is lower.
 */
phys_addr_t __init arm_densemem_memblock_limit(phys_addr_t limit)
{
	u64 reach = arm_densemem_phys_reach(IS_ENABLED(CONFIG_ARM_LPAE),
					    arch_phys_to_idmap_offset);

	return reach && reach < limit ? (phys_addr_t)round_down(reach, PMD_SIZE) : limit;
}

#if IS_ENABLED(CONFIG_DENSEMEM_TRANSLATE_KUNIT_TEST)
/**
 * densemem_arch_mmu_phys() - the physical address the MMU gives a virtual one
 * @va: the virtual address, in the kernel's address space
 * @pa: where its physical address is written, when it is mapped
 *
 * A stage 1 privileged read translation (ATS1CPR): the page tables as the
 * hardware walks them, for the KUnit suite of the translations to check
 * that the linear map maps every address of the dense layout to its page.
 *
 * Return: false if the translation faulted.
 */
bool densemem_arch_mmu_phys(unsigned long va, phys_addr_t *pa)
{
	unsigned long flags;
	u64 par;

	local_irq_save(flags);
	asm volatile("mcr p15, 0, %0, c7, c8, 0" : : "r" (va));
	isb();
#ifdef CONFIG_ARM_LPAE
	asm volatile("mrrc p15, 0, %Q0, %R0, c7" : "=r" (par));
	*pa = (par & GENMASK_ULL(39, 12)) | (va & ~PAGE_MASK);
#else
	{
		u32 p;

		asm volatile("mrc p15, 0, %0, c7, c4, 0" : "=r" (p));
		par = p;
		*pa = (par & PAGE_MASK) | (va & ~PAGE_MASK);
	}
#endif
	local_irq_restore(flags);
	return !(par & 1);
}
#endif
