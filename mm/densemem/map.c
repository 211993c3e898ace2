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
 * calls densemem_early_init(), which resets them to the identity with the
 * offset.  densemem_setup() then builds them from the memory map, and
 * memmap.c adds those of struct page once mem_map[] is allocated; all of
 * it before the first page is handed out.  After init they are read-only.
 */
#include <linux/cache.h>
#include <linux/densemem.h>
#include <linux/export.h>
#include <linux/jhash.h>
#include <linux/pfn.h>

struct densemem_map densemem_map __ro_after_init = {
	.p2v_base	= (unsigned long)densemem_map.p2v,
	.vshift		= 8 * sizeof(phys_addr_t) - 1,
	.d2p_base	= (unsigned long)densemem_map.d2p,
	.shift		= BITS_PER_LONG - 1,
	.p2d_nr		= 1,
	.d2p_nr		= 1,
	.nr_pages	= ~0UL,
};
EXPORT_SYMBOL(densemem_map);

/**
 * densemem_range_is_linear() - whether __va() maps a physical range as one
 * @phys: first byte
 * @size: bytes
 *
 * For the callers that take the linear map for a whole range from its
 * start, /dev/mem and memremap(): below high_memory there are holes, and
 * past a hole the linear map goes on with the next bank.  True if both
 * ends are valid pfns as far apart in the dense space as in the physical
 * one, so that no hole of a granule or more lies between them.
 *
 * Return: true if [@phys, @phys + @size) is one run of the linear map.
 */
bool densemem_range_is_linear(phys_addr_t phys, size_t size)
{
	unsigned long first = PHYS_PFN(phys), last;

	if (!size)
		return true;
	last = PHYS_PFN(phys + size - 1);
	return densemem_pfn_valid(first) && densemem_pfn_valid(last) &&
	       densemem_pfn_to_dpfn(last) - densemem_pfn_to_dpfn(first) == last - first;
}

/**
 * densemem_layout_hash() - a digest of the dense layout
 *
 * Two kernels whose digests agree translate every physical address to the
 * same linear-map address and back.  Hibernation needs that of the kernel
 * that restores an image and the kernel that wrote it: the restore copies
 * each page through the restoring kernel's linear map, and overwrites on
 * the way the page tables of the linear map with the image's.
 *
 * Return: a hash of the granule, the linear map's offset and the pfn
 * translation tables.
 */
u32 densemem_layout_hash(void)
{
	const struct densemem_map *m = &densemem_map;
	u32 h = jhash_3words(m->shift, m->voffset, m->nr_pages, m->base_pfn);

	h = jhash_2words(m->p2d_first, m->d2p_first, h);
	h = jhash(m->p2d, (m->p2d_nr + 1) * sizeof(m->p2d[0]), h);
	return jhash(m->d2p, (m->d2p_nr + 1) * sizeof(m->d2p[0]), h);
}
