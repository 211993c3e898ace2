// SPDX-License-Identifier: GPL-2.0
/*
 * The densemem translation tables: read by every pfn_to_page(),
 * page_to_pfn(), pfn_valid() and, on Arm, __va() and __pa().
 *
 * They start as the identity, which is exact for the bank that holds the
 * kernel (it keeps dense == physical), so that everything before
 * densemem_setup() - head.S, early fixups, __pa_symbol() - sees FLATMEM's
 * arithmetic.  Only the __va() table, p2v[], holds the linear map's offset,
 * which may be known only at run time: it is zero until the architecture
 * calls densemem_early_init().  densemem_setup() writes the tables once;
 * after init they are read-only.
 */
#include <linux/cache.h>
#include <linux/densemem.h>
#include <linux/export.h>

struct densemem_map densemem_map __ro_after_init = {
	.p2v_base	= (unsigned long)densemem_map.p2v,
	.vshift		= BITS_PER_LONG - 1,
	.d2p_base	= (unsigned long)densemem_map.d2p,
	.shift		= BITS_PER_LONG - 1,
	.p2d_nr		= 1,
	.d2p_nr		= 1,
	.nr_pages	= ~0UL,
};
EXPORT_SYMBOL(densemem_map);
