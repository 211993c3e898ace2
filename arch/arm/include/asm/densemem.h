/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What densemem's translations know of Arm at compile time, as
 * <asm/sparsemem.h> tells SPARSEMEM its section size.
 */
#ifndef __ASM_ARM_DENSEMEM_H
#define __ASM_ARM_DENSEMEM_H

/*
 * The finest granule of a dense layout, as a shift in bytes: a PMD (2 MiB,
 * a pair of 1 MiB sections without LPAE) or a MAX_ORDER block, whichever
 * is larger.  arm_densemem_config_params() computes the same from the
 * running configuration, and arm_densemem_setup() checks at build time
 * that the two agree.
 */
#define ARM_DENSEMEM_MIN_SHIFT						\
	(CONFIG_ARCH_FORCE_MAX_ORDER + CONFIG_PAGE_SHIFT > 21 ?		\
	 CONFIG_ARCH_FORCE_MAX_ORDER + CONFIG_PAGE_SHIFT : 21)

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
#endif

#endif /* __ASM_ARM_DENSEMEM_H */
