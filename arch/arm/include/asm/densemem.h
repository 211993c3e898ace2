/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What densemem's translations know of Arm at compile time, as
 * <asm/sparsemem.h> tells SPARSEMEM its section size.  densemem-plan,
 * which lays a board out on the host as the kernel would, uses the
 * granule's rule from here too (through arch/arm/mm/densemem_params.h).
 */
#ifndef __ASM_ARM_DENSEMEM_H
#define __ASM_ARM_DENSEMEM_H

/*
 * The linear map is mapped with PMDs: 2 MiB with LPAE, a pair of 1 MiB
 * sections without it (PMD_SHIFT either way).
 */
#define ARM_DENSEMEM_PMD_SHIFT	21

/*
 * The finest granule of a dense layout, as a shift in bytes, when a
 * MAX_ORDER block is 2^@max_order_shift bytes: a PMD, so that
 * map_lowmem() maps each bank with sections, or a MAX_ORDER block, so
 * that no buddy straddles a bank edge, whichever is larger.  A pageblock
 * is never more than a MAX_ORDER block (pageblock-flags.h).
 */
#define ARM_DENSEMEM_MIN_SHIFT_OF(max_order_shift)			\
	((max_order_shift) > ARM_DENSEMEM_PMD_SHIFT ?			\
	 (max_order_shift) : ARM_DENSEMEM_PMD_SHIFT)

#ifdef CONFIG_ARCH_FORCE_MAX_ORDER	/* the kernel, not densemem-plan */
/* that granule in this kernel */
#define ARM_DENSEMEM_MIN_SHIFT						\
	ARM_DENSEMEM_MIN_SHIFT_OF(CONFIG_ARCH_FORCE_MAX_ORDER + CONFIG_PAGE_SHIFT)

/*
 * With a 32-bit physical address the tables, at that granule, cover all
 * 4 GiB from chunk 0 (1024 entries of 4 MiB): every layout then uses them
 * so, and __va() and __pa() read them with a constant shift and a
 * constant base.  On LPAE the granule and the tables' first chunk follow
 * the layout and are read from the tables.
 */
#if !defined(CONFIG_PHYS_ADDR_T_64BIT) && \
	((CONFIG_DENSEMEM_MAX_CHUNKS) << ARM_DENSEMEM_MIN_SHIFT) >= (1LL << 32)
#define DENSEMEM_TABLE_SHIFT	ARM_DENSEMEM_MIN_SHIFT
#define DENSEMEM_TABLE_PHYS_BITS	32
#endif
#endif /* CONFIG_ARCH_FORCE_MAX_ORDER */

#endif /* __ASM_ARM_DENSEMEM_H */
