// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the running kernel's densemem translations: for every
 * range the boot layout kept, pfn <-> page, page <-> linear address and
 * __va()/__pa() agree with each other and with the boot lines, the holes
 * between banks are invalid, and pages are contiguous within each granule
 * (so within every MAX_ORDER block and pageblock).  The tables and
 * mem_map are only read.  Two cases look past the tables: the MMU's own
 * address translation must map each linear address the boot lines name to
 * its physical page, and a value written through __va() must be read back
 * through an independent mapping of the same page (vmap()), on a page of
 * every bank, with no two banks' pages aliased.
 */
#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/densemem.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/memblock.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/kfence.h>
#include <linux/mm.h>
#include <linux/of.h>
#include <linux/of_reserved_mem.h>
#include <linux/page_ext.h>
#include <linux/percpu.h>
#include <linux/pgtable.h>
#include <linux/sched/task_stack.h>
#include <linux/vmalloc.h>
#include <linux/vmcore_info.h>
#ifdef CONFIG_ARM
#include <asm/idmap.h>
#endif

#include "live_layout.h"

#define DM_SAMPLES	128

/* First, last, middle and both sides of every granule edge of [s, e). */
static unsigned int dm_samples(unsigned long *out, unsigned long s, unsigned long e,
			       unsigned long shift)
{
	unsigned long c;
	unsigned int n = 0;

	out[n++] = s;
	out[n++] = s + (e - s) / 2;
	out[n++] = e - 1;
	for (c = ((s >> shift) + 1) << shift; c < e && n + 2 <= DM_SAMPLES;
	     c += 1UL << shift) {
		out[n++] = c - 1;
		out[n++] = c;
	}
	return n;
}

static unsigned long dm_buf[DM_SAMPLES];

/*
 * Run @check on the samples of every range the layout kept (lowmem and
 * highmem, or with @lowmem_only the linear map's alone).
 * Return: the number of pfns checked.
 */
static unsigned long dm_check_samples(struct kunit *test, bool lowmem_only,
				      void (*check)(struct kunit *test,
						    const struct densemem_extent *e,
						    unsigned long pfn))
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned long checked = 0;
	unsigned int i, k, n;

	KUNIT_ASSERT_GT(test, lo->nr_ext, 0U);
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e) || (lowmem_only && e->fate != DENSEMEM_LOWMEM))
			continue;
		n = dm_samples(dm_buf, PHYS_PFN(e->start), PHYS_PFN(e->end),
			       densemem_map.shift);
		for (k = 0; k < n; k++)
			check(test, e, dm_buf[k]);
		checked += n;
	}
	return checked;
}

/* The linear address the boot lines give physical address @pa of @e. */
static unsigned long dm_boot_line_va(const struct densemem_extent *e, phys_addr_t pa)
{
	const struct densemem_params *p = &densemem_params;

	return (unsigned long)(e->dense - p->phys_offset + p->page_offset) +
	       (unsigned long)(pa - e->start);
}

static void dm_check_round_trip(struct kunit *test, const struct densemem_extent *e,
				unsigned long pfn)
{
	struct page *page = pfn_to_page(pfn);

	KUNIT_EXPECT_TRUE_MSG(test, pfn_valid(pfn), "pfn %#lx", pfn);
	KUNIT_EXPECT_EQ_MSG(test, page_to_pfn(page), pfn, "pfn %#lx", pfn);
	KUNIT_EXPECT_EQ_MSG(test, (unsigned long)(page - mem_map),
			    PHYS_PFN(e->dense) + (pfn - PHYS_PFN(e->start)) -
			    densemem_map.base_pfn, "pfn %#lx", pfn);
}

static void dm_pfn_round_trip(struct kunit *test)
{
	kunit_info(test, "%lu pfns checked, struct page of %zu bytes\n",
		   dm_check_samples(test, false, dm_check_round_trip), sizeof(struct page));
}

static void dm_check_linear(struct kunit *test, const struct densemem_extent *e,
			    unsigned long pfn)
{
	phys_addr_t pa = PFN_PHYS(pfn) + 0x123;
	unsigned long want = dm_boot_line_va(e, pa);
	void *va = __va(pa);
	struct page *page = pfn_to_page(pfn);

	KUNIT_EXPECT_EQ_MSG(test, (unsigned long)va, want, "pa %pa", &pa);
	KUNIT_EXPECT_EQ_MSG(test, __pa(va), pa, "pa %pa", &pa);
	KUNIT_EXPECT_EQ_MSG(test, virt_to_pfn(va), pfn, "pa %pa", &pa);
	KUNIT_EXPECT_PTR_EQ_MSG(test, virt_to_page(va), page, "pa %pa", &pa);
	KUNIT_EXPECT_PTR_EQ_MSG(test, page_address(page),
				(void *)(want - 0x123), "pa %pa", &pa);
	KUNIT_EXPECT_TRUE_MSG(test, virt_addr_valid(va), "pa %pa", &pa);
}

static void dm_lowmem_linear(struct kunit *test)
{
	dm_check_samples(test, true, dm_check_linear);
}

/*
 * One past the end of every range kept: __va() of it is one past the
 * linear address of its last byte, and pfn_to_page() of it one past its
 * last page, as under FLATMEM.  dma_contiguous_remap() and
 * prepare_page_table() walk [__va(start), __va(end)) and stop at __va()
 * of a bank's end; anything further clears another bank's mappings.
 */
static void dm_range_ends(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned int i, ends = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		unsigned long epfn = PHYS_PFN(e->end);
		phys_addr_t end = e->end;

		if (!densemem_extent_kept(e))
			continue;
		KUNIT_EXPECT_PTR_EQ_MSG(test, pfn_to_page(epfn), pfn_to_page(epfn - 1) + 1,
					"end %pa", &end);
		if (e->fate == DENSEMEM_LOWMEM)
			KUNIT_EXPECT_EQ_MSG(test, (unsigned long)__va(end),
					    (unsigned long)__va(end - 1) + 1, "end %pa", &end);
		ends++;
	}
	KUNIT_EXPECT_GT(test, ends, 0U);
	kunit_info(test, "%u range ends checked\n", ends);
}

/*
 * The architecture sizes max_mapnr as under FLATMEM, from
 * pfn_to_page(max_pfn) - mem_map (Arm's mem_init()): one past the last pfn
 * is one past the end of mem_map[] over the dense space, whatever holes lie
 * below it.  Where the linear map grows below PAGE_OFFSET (VMSPLIT_BOOT),
 * the last pfn is not at the end of the dense space, and Arm takes the
 * dense space's size; one past its end is still one past mem_map[].
 */
static void dm_max_mapnr(struct kunit *test)
{
	unsigned long end = densemem_map.base_pfn + densemem_map.nr_pages;

	KUNIT_EXPECT_PTR_EQ(test, pfn_to_page(densemem_dpfn_to_pfn(end)),
			    mem_map + densemem_map.nr_pages);
	if (!IS_ENABLED(CONFIG_VMSPLIT_BOOT))
		KUNIT_EXPECT_PTR_EQ(test, pfn_to_page(max_pfn), mem_map + densemem_map.nr_pages);
	KUNIT_EXPECT_EQ(test, max_mapnr, densemem_map.nr_pages);
}

/*
 * pfn_to_page() and page_to_pfn() are macros, as under every memory model;
 * each must evaluate its argument once, as SPARSEMEM's do, so that
 * pfn_to_page(pfn++) takes one step and gives the page of the pfn before it.
 */
static void dm_translate_once(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned long pfn, i;
	struct page *page, *p;

	for (i = 0; !densemem_extent_kept(&lo->ext[i]); i++)
		KUNIT_ASSERT_LT(test, i + 1, (unsigned long)lo->nr_ext);
	pfn = PHYS_PFN(lo->ext[i].start);
	i = pfn;
	page = pfn_to_page(i++);
	KUNIT_EXPECT_EQ(test, i, pfn + 1);
	KUNIT_EXPECT_PTR_EQ(test, page, pfn_to_page(pfn));
	p = page;
	KUNIT_EXPECT_EQ(test, page_to_pfn(p++), pfn);
	KUNIT_EXPECT_PTR_EQ(test, p, page + 1);
}

#ifdef DENSEMEM_TABLE_SHIFT
/*
 * With fixed tables (<asm/densemem.h>) __va(), __pa(), pfn_to_page() and
 * pfn_valid() read the tables with the shift, base and bound compiled in:
 * the layout must have them, and the lookups agree with those that read
 * them from the tables, at both ends of every kept range and, for
 * pfn_valid(), at every half chunk of the physical space.
 */
static void dm_fixed_tables(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	const struct densemem_map *m = &densemem_map;
	unsigned long pfn;
	unsigned int i, k;

	KUNIT_ASSERT_EQ(test, m->vshift, (unsigned long)DENSEMEM_TABLE_SHIFT);
	KUNIT_ASSERT_EQ(test, m->shift, (unsigned long)(DENSEMEM_TABLE_SHIFT - PAGE_SHIFT));
	KUNIT_ASSERT_EQ(test, m->p2d_first, 0UL);
	KUNIT_ASSERT_EQ(test, m->d2p_first, 0UL);
	/* pfn_valid() reads every chunk of the physical space, none past it */
	for (pfn = 0; pfn < 1UL << (32 - PAGE_SHIFT); pfn += 1UL << (m->shift - 1))
		KUNIT_EXPECT_EQ(test, pfn_valid(pfn), densemem_map_pfn_valid(m, pfn));
	KUNIT_EXPECT_FALSE(test, pfn_valid(1UL << (32 - PAGE_SHIFT)));
	KUNIT_EXPECT_FALSE(test, pfn_valid(ULONG_MAX));
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		phys_addr_t at[2] = { e->start, e->end - 1 };

		if (e->fate != DENSEMEM_LOWMEM)
			continue;
		for (k = 0; k < 2; k++) {
			phys_addr_t lin = e->dense + (at[k] - e->start);

			KUNIT_EXPECT_EQ(test, (unsigned long)__va(at[k]),
					densemem_map_p2v(m, at[k]));
			KUNIT_EXPECT_EQ(test, densemem_lin_to_delta(lin),
					densemem_map_d2p_at(m, lin));
			KUNIT_EXPECT_EQ(test, __pa(__va(at[k])), at[k]);
			KUNIT_EXPECT_PTR_EQ(test, pfn_to_page(PHYS_PFN(at[k])),
					    (struct page *)densemem_map_p2page(m, PHYS_PFN(at[k])) +
					    PHYS_PFN(at[k]));
			KUNIT_EXPECT_EQ(test, densemem_pfn_to_dpfn(PHYS_PFN(at[k])),
					densemem_map_p2d(m, PHYS_PFN(at[k])));
			KUNIT_EXPECT_EQ(test, densemem_dpfn_to_pfn(PHYS_PFN(lin)),
					densemem_map_d2p(m, PHYS_PFN(lin)));
		}
	}
}
#endif

#ifdef CONFIG_PAGE_EXTENSION
/*
 * page_ext[] (page_owner, idle page tracking, ...) parallels mem_map[]:
 * indexed by dense pfn, so that a hole costs no page_ext either.  The
 * entries of the first and the last page kept, in the dense space, lie as
 * far apart as their struct pages do, in entries; indexed by physical pfn,
 * the holes between them would be in between.
 */
static void dm_page_ext_dense(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	struct page *first = NULL, *last = NULL;
	struct page_ext *a, *b, *z;
	unsigned long entry, span;
	unsigned int i;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (!densemem_extent_kept(e))
			continue;
		if (!first || pfn_to_page(PHYS_PFN(e->start)) < first)
			first = pfn_to_page(PHYS_PFN(e->start));
		if (!last || pfn_to_page(PHYS_PFN(e->end) - 1) > last)
			last = pfn_to_page(PHYS_PFN(e->end) - 1);
	}
	KUNIT_ASSERT_NOT_NULL(test, first);
	a = page_ext_get(first);
	if (!a)
		kunit_skip(test, "no page_ext in this kernel (no client needs it)");
	b = page_ext_get(first + 1);
	z = page_ext_get(last);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, z);
	entry = (unsigned long)b - (unsigned long)a;
	span = (unsigned long)z - (unsigned long)a;
	page_ext_put(z);
	page_ext_put(b);
	page_ext_put(a);
	KUNIT_ASSERT_GT(test, entry, 0UL);
	KUNIT_EXPECT_EQ_MSG(test, span / entry, (unsigned long)(last - first),
			    "page_ext entries between the first and the last page kept");
	kunit_info(test, "%lu bytes per page_ext entry, %lu entries from first to last page\n",
		   entry, span / entry);
}
#endif

/*
 * Whether @page was initialised as memmap_init() initialises every page
 * mem_map[] holds: not the poison memmap_alloc() leaves (all ones, with
 * DEBUG_VM) nor untouched memory (no zone of this node, no reference), and
 * reserved unless RAM.  Read raw, so that a poisoned page fails the test
 * rather than a VM_BUG_ON.
 */
static bool dm_page_initialised(const struct page *page)
{
	unsigned long flags = READ_ONCE(page->flags);

	return flags != ~0UL && (flags & BIT(PG_reserved)) &&
	       page_ref_count(page) == 1 &&
	       populated_zone(page_zone(page)) &&
	       page_to_nid(page) == first_online_node;
}

static unsigned long dm_uninitialised(struct kunit *test, unsigned long from,
				      unsigned long to)
{
	unsigned long d, bad = 0;

	for (d = from; d < to; d++) {
		const struct page *page = mem_map + ((long)d - (long)densemem_map.base_pfn);

		if (dm_page_initialised(page))
			continue;
		if (bad++ < 4)
			KUNIT_FAIL(test,
				   "mem_map[] entry of dense pfn %#lx: flags %#lx, not initialised",
				   d, READ_ONCE(page->flags));
	}
	return bad;
}

/*
 * mem_map[] runs from a MAX_ORDER boundary at or below the first dense
 * pfn to one at or above the last, as FLATMEM's does, and the buddy
 * allocator reads the struct pages of a block's buddies there: when
 * PHYS_OFFSET is not MAX_ORDER aligned (virt-ragged: 0x40200000 with
 * 4 MiB blocks) the pages below it in mem_map[] are the buddies of the
 * first free block.  Each must be initialised, reserved.
 */
static void dm_memmap_edges_initialised(struct kunit *test)
{
	unsigned long base = densemem_map.base_pfn, top = base + densemem_map.nr_pages;
	unsigned long start = ALIGN_DOWN(base, MAX_ORDER_NR_PAGES);
	unsigned long end = ALIGN(top, MAX_ORDER_NR_PAGES), d, outside = 0;

	KUNIT_EXPECT_EQ(test, dm_uninitialised(test, start, base), 0UL);
	KUNIT_EXPECT_EQ(test, dm_uninitialised(test, top, end), 0UL);
	/*
	 * and inside it, those whose pfns lie outside the node's span (past
	 * the RAM below PAGE_OFFSET, with VMSPLIT_BOOT), which memmap_init()
	 * does not walk
	 */
	for (d = base; d < top; d++) {
		unsigned long pfn = densemem_dpfn_to_pfn(d);

		if (pfn >= node_start_pfn(first_online_node) &&
		    pfn < node_end_pfn(first_online_node))
			continue;
		outside++;
		KUNIT_EXPECT_EQ(test, dm_uninitialised(test, d, d + 1), 0UL);
	}
	kunit_info(test, "%lu struct pages below the dense space, %lu above it, %lu in it off the node\n",
		   base - start, end - top, outside);
}

static void dm_holes_invalid(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	u64 g = lo->granule, prev_end = 0;
	unsigned int i, holes = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		u64 hs = round_up(prev_end, g), he = round_down(e->start, g);

		if (!densemem_extent_kept(e))
			continue;
		if (prev_end && hs < he) {
			KUNIT_EXPECT_FALSE_MSG(test, pfn_valid(PHYS_PFN(hs)), "hole %#llx", hs);
			KUNIT_EXPECT_FALSE_MSG(test, pfn_valid(PHYS_PFN(he) - 1),
					       "hole end %#llx", he);
			holes++;
		}
		prev_end = e->end;
	}
	/* past the last range kept */
	KUNIT_EXPECT_FALSE(test, pfn_valid(PHYS_PFN(round_up(prev_end, g))));
	kunit_info(test, "%u holes of a granule or more\n", holes);
}

/* Write and read back the first and the last word of [@phys, +@size) through memremap(). */
static void dm_check_memremap(struct kunit *test, phys_addr_t phys, size_t size,
			      unsigned long flags)
{
	u32 *v = memremap(phys, size, flags);

	KUNIT_ASSERT_NOT_NULL_MSG(test, v, "memremap(%pa, %zu, %#lx)", &phys, size, flags);
	v[0] = 0x5a5a0000 | (u32)flags;
	v[size / 4 - 1] = ~v[0];
	KUNIT_EXPECT_EQ(test, v[0], 0x5a5a0000 | (u32)flags);
	KUNIT_EXPECT_EQ(test, v[size / 4 - 1], ~v[0]);
	memunmap(v);
}

/* A device takes @rmem as its DMA pool, allocates from it and writes there. */
static void dm_check_dma_pool(struct kunit *test, struct reserved_mem *rmem)
{
	struct device *dev = kunit_device_register(test, "densemem-nomap-dma");
	dma_addr_t handle;
	u32 *cpu;

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(dev));
	dev->coherent_dma_mask = DMA_BIT_MASK(32);
	dev->dma_mask = &dev->coherent_dma_mask;
	KUNIT_ASSERT_EQ(test, rmem->ops->device_init(rmem, dev), 0);
	cpu = dma_alloc_coherent(dev, SZ_64K, &handle, GFP_KERNEL);
	KUNIT_EXPECT_NOT_NULL(test, cpu);
	if (cpu) {
		KUNIT_EXPECT_GE(test, (u64)handle, (u64)rmem->base);
		KUNIT_EXPECT_LE(test, (u64)handle + SZ_64K, (u64)rmem->base + rmem->size);
		cpu[0] = 0xd1a5d1a5;
		cpu[SZ_64K / 4 - 1] = 0xa5d1a5d1;
		KUNIT_EXPECT_EQ(test, cpu[0] ^ cpu[SZ_64K / 4 - 1], 0x74747474U);
		dma_free_coherent(dev, SZ_64K, cpu, handle);
	}
	if (rmem->ops->device_release)
		rmem->ops->device_release(rmem, dev);
	/* and its driver, whose name the next pool's device takes */
	kunit_device_unregister(test, dev);
}

/*
 * A no-map region that left the dense space has no struct pages and no
 * linear map, yet what uses no-map reserved memory works on it: the
 * reserved memory code knows it, memremap() maps it (write-back and
 * write-combined), and a device takes it as its shared-dma-pool and
 * allocates DMA buffers from it.  Every whole granule of it is invalid.
 */
static void dm_nomap_regions(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	struct device_node *rm = of_find_node_by_path("/reserved-memory"), *np;
	u64 g = lo->granule;
	unsigned int i, n = 0, pools = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		struct reserved_mem *rmem = NULL;
		u64 x;

		if (e->fate != DENSEMEM_NOMAP)
			continue;
		for (x = round_up(e->start, g); x + g <= e->end; x += g) {
			KUNIT_EXPECT_FALSE_MSG(test, pfn_valid(PHYS_PFN(x)), "block %#llx", x);
			KUNIT_EXPECT_FALSE_MSG(test, pfn_valid(PHYS_PFN(x + g) - 1),
					       "block end %#llx", x + g);
		}
		for_each_child_of_node(rm, np) {
			struct reserved_mem *r = of_reserved_mem_lookup(np);

			if (r && r->base <= e->start && e->end <= (u64)r->base + r->size)
				rmem = r;
		}
		KUNIT_EXPECT_NOT_NULL_MSG(test, rmem, "no reserved-memory node holds [%#llx-%#llx)",
					  e->start, e->end);
		dm_check_memremap(test, e->start, SZ_64K, MEMREMAP_WB);
		dm_check_memremap(test, e->end - SZ_64K, SZ_64K, MEMREMAP_WC);
		if (rmem && rmem->ops && rmem->ops->device_init) {
			dm_check_dma_pool(test, rmem);
			pools++;
		}
		n++;
	}
	of_node_put(rm);
	if (!n)
		kunit_skip(test, "no no-map region out of the dense space");
	kunit_info(test, "%u no-map regions out of the dense space, %u of them DMA pools\n",
		   n, pools);
}

static void dm_check_block(struct kunit *test, const struct densemem_extent *e,
			   unsigned long pfn)
{
	unsigned long j, step = MAX_ORDER_NR_PAGES;
	unsigned long b = ALIGN_DOWN(pfn, step);

	if (b < PHYS_PFN(e->start) || b + step > PHYS_PFN(e->end))
		return;
	for (j = 0; j < step; j += 97)
		KUNIT_EXPECT_PTR_EQ_MSG(test, pfn_to_page(b + j),
					pfn_to_page(b) + j, "pfn %#lx", b + j);
}

static void dm_block_contiguous(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;

	KUNIT_EXPECT_GE(test, lo->granule, (u64)MAX_ORDER_NR_PAGES << PAGE_SHIFT);
	KUNIT_EXPECT_GE(test, lo->granule, (u64)pageblock_nr_pages << PAGE_SHIFT);
	dm_check_samples(test, false, dm_check_block);
}

#ifdef CONFIG_ARM
static unsigned long dm_mmu_checked;

static void dm_check_mmu(struct kunit *test, const struct densemem_extent *e,
			 unsigned long pfn)
{
	phys_addr_t phys = PFN_PHYS(pfn) + 0x5a4, pa = 0;
	unsigned long va = dm_boot_line_va(e, phys);

	/*
	 * no-map carve-outs are in the dense space, unmapped; so are
	 * KFENCE's guard pages and freed objects, in its pool in lowmem
	 */
	if (!memblock_is_map_memory(phys) || is_kfence_address((void *)va))
		return;
	KUNIT_EXPECT_TRUE_MSG(test, densemem_arch_mmu_phys(va, &pa),
			      "virt %#lx (phys %pa) is not mapped", va, &phys);
	KUNIT_EXPECT_EQ_MSG(test, (u64)pa, (u64)phys, "the MMU maps virt %#lx elsewhere", va);
	dm_mmu_checked++;
}

/* The MMU maps every linear address of the boot lines to its own page. */
static void dm_mmu_maps_lowmem(struct kunit *test)
{
	dm_mmu_checked = 0;
	dm_check_samples(test, true, dm_check_mmu);
	KUNIT_EXPECT_GT(test, dm_mmu_checked, 0UL);
	kunit_info(test, "%lu linear addresses translated by the MMU\n", dm_mmu_checked);
}
#endif

/*
 * A page of each kept lowmem range: written through __va(), read back
 * through vmap(), a mapping built from the pfn alone.  Each bank's page
 * gets its own pattern, written before any is read, so two banks aliased
 * in the linear map show as one overwriting the other.  The pages are the
 * test's own, free blocks taken until every range has one, from any zone
 * (lowmem above 4 GiB on LPAE is ZONE_MOVABLE only): MAX_ORDER blocks
 * first, then smaller ones, since the suites that ran before (KFENCE,
 * test_free_pages, page_owner's stacks) may leave no free MAX_ORDER
 * block in a bank.
 */
static void dm_write_read_independent(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	struct page *mine[DENSEMEM_MAX_EXTENTS] = { }, *b, *tmp;
	unsigned int i, want = 0, got = 0;
	LIST_HEAD(blocks);
	int order;

	for (i = 0; i < lo->nr_ext; i++)
		want += lo->ext[i].fate == DENSEMEM_LOWMEM;
	for (order = MAX_PAGE_ORDER; order >= 0 && got < want; order--) {
		while (got < want) {
			phys_addr_t phys;

			b = alloc_pages(GFP_HIGHUSER_MOVABLE | __GFP_NOWARN | __GFP_NORETRY, order);
			if (!b)
				break;
			set_page_private(b, order);
			list_add(&b->lru, &blocks);
			phys = page_to_phys(b);
			for (i = 0; i < lo->nr_ext; i++)
				if (lo->ext[i].fate == DENSEMEM_LOWMEM && !mine[i] &&
				    lo->ext[i].start <= phys && phys < lo->ext[i].end) {
					mine[i] = b;
					got++;
				}
		}
	}

	for (i = 0; i < lo->nr_ext; i++) {
		phys_addr_t phys;
		u32 *va;

		if (!mine[i])
			continue;
		phys = page_to_phys(mine[i]);
		va = __va(phys);
		va[0] = (u32)(phys >> PAGE_SHIFT) ^ 0x5a5a0000;
		va[PAGE_SIZE / sizeof(u32) - 1] = ~va[0];
	}
	for (i = 0; i < lo->nr_ext; i++) {
		phys_addr_t phys;
		u32 *map, pat;

		if (!mine[i])
			continue;
		phys = page_to_phys(mine[i]);
		pat = (u32)(phys >> PAGE_SHIFT) ^ 0x5a5a0000;
		map = vmap(&mine[i], 1, VM_MAP, PAGE_KERNEL);
		KUNIT_EXPECT_NOT_NULL(test, map);
		if (!map)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, map[0], pat, "phys %pa read through vmap()", &phys);
		KUNIT_EXPECT_EQ_MSG(test, map[PAGE_SIZE / sizeof(u32) - 1], ~pat,
				    "end of phys %pa read through vmap()", &phys);
		/* and the other way round */
		map[1] = ~pat;
		KUNIT_EXPECT_EQ_MSG(test, ((u32 *)__va(phys))[1], ~pat,
				    "phys %pa written through vmap()", &phys);
		vunmap(map);
	}
	list_for_each_entry_safe(b, tmp, &blocks, lru) {
		order = page_private(b);
		list_del(&b->lru);
		set_page_private(b, 0);
		__free_pages(b, order);
	}

	/* every range with room for a free page must have been reached */
	for (i = 0; i < lo->nr_ext; i++)
		if (lo->ext[i].fate == DENSEMEM_LOWMEM && !mine[i])
			KUNIT_EXPECT_LT_MSG(test, lo->ext[i].end - lo->ext[i].start,
					    (u64)SZ_64M, "no free block in [%#llx-%#llx)",
					    lo->ext[i].start, lo->ext[i].end);
	kunit_info(test, "%u of %u lowmem ranges written and read back\n", got, want);
}

#ifdef CONFIG_PHYS_ADDR_T_64BIT
/* the bytes of OPT=SIZE on the command line, 0 if absent or a percentage */
static unsigned long long dm_cmdline_bytes(const char *opt)
{
	const char *p = saved_command_line;
	unsigned long long size;
	char *end;

	while ((p = strstr(p, opt))) {
		if (p == saved_command_line || p[-1] == ' ') {
			size = memparse(p + strlen(opt), &end);
			return *end == '%' ? 0 : size;
		}
		p += strlen(opt);
	}
	return 0;
}

/*
 * movablecore= is honoured under DENSEMEM: ZONE_MOVABLE holds what it
 * asks (find_zone_movable_pfns_for_nodes() rounds it to MAX_ORDER
 * blocks), as far as the zones it may take from reach (not ZONE_DMA,
 * which on LPAE spans the first 4 GiB unless the machine says less), and
 * still all lowmem above the reach of 32-bit addresses
 * (dm_dma32_below_reach()).
 */
static void dm_movablecore_honoured(struct kunit *test)
{
	unsigned long long want = dm_cmdline_bytes("movablecore=");
	struct zone *movable = &NODE_DATA(0)->node_zones[ZONE_MOVABLE];
	u64 avail = 0;
	int z;

	if (!want)
		kunit_skip(test, "no movablecore=SIZE on the command line");
	for (z = ZONE_NORMAL; z <= ZONE_MOVABLE; z++)
		avail += NODE_DATA(0)->node_zones[z].present_pages;
	kunit_info(test, "movablecore=%llu MiB: ZONE_MOVABLE has %lu MiB from pfn 0x%lx, of %llu MiB it may take\n",
		   want >> 20, movable->present_pages >> (20 - PAGE_SHIFT),
		   movable->zone_start_pfn, avail >> (20 - PAGE_SHIFT));
	KUNIT_EXPECT_GE(test, (u64)movable->present_pages + MAX_ORDER_NR_PAGES,
			min_t(u64, want >> PAGE_SHIFT, avail));
	KUNIT_EXPECT_GE(test, (u64)movable->present_pages, densemem_layout.movable >> PAGE_SHIFT);
}

#define DM_DMA_LIVE	1024
#define DM_DMA_ROUNDS	4

/*
 * With LPAE, lowmem above the reach of 32-bit addresses is ZONE_MOVABLE
 * only: coherent DMA buffers for a 32-bit mask (Arm's __dma_alloc() adds
 * GFP_DMA only below 32 bits and never checks the handle), kernel
 * allocations, the stack cpu_suspend() saves to and the identity map
 * (read with the MMU off) all stay below it.  Thousands of buffers, a
 * thousand live at a time, so that they spread over the free lists.
 */
static void dm_dma32_below_reach(struct kunit *test)
{
	u64 reach = densemem_params.phys_reach, top = 0;
	dma_addr_t *handle;
	struct device *dev;
	struct page **pages;
	void **cpu;
	unsigned int r, i, n = 0;

	if (!reach || !densemem_layout.movable)
		kunit_skip(test, "no lowmem at or above the reach of 32-bit addresses");
	/* ZONE_MOVABLE is exactly the lowmem above the reach */
	for (i = 0; i < densemem_layout.nr_ext; i++)
		if (densemem_layout.ext[i].fate == DENSEMEM_LOWMEM &&
		    densemem_layout.ext[i].end > reach)
			break;
	KUNIT_ASSERT_LT(test, i, densemem_layout.nr_ext);
	/* kernelcore= and movablecore= may move its start down, never up */
	KUNIT_EXPECT_LE(test, NODE_DATA(0)->node_zones[ZONE_MOVABLE].zone_start_pfn,
			PHYS_PFN(max(densemem_layout.ext[i].start, reach)));
	if (!dm_cmdline_bytes("kernelcore=") && !dm_cmdline_bytes("movablecore="))
		KUNIT_EXPECT_EQ(test, (u64)NODE_DATA(0)->node_zones[ZONE_MOVABLE].present_pages,
				densemem_layout.movable >> PAGE_SHIFT);
	dev = kunit_device_register(test, "densemem-dma32");
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(dev));
	dev->coherent_dma_mask = DMA_BIT_MASK(32);
	dev->dma_mask = &dev->coherent_dma_mask;
	handle = kunit_kcalloc(test, DM_DMA_LIVE, sizeof(*handle), GFP_KERNEL);
	cpu = kunit_kcalloc(test, DM_DMA_LIVE, sizeof(*cpu), GFP_KERNEL);
	pages = kunit_kcalloc(test, DM_DMA_LIVE, sizeof(*pages), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, handle && cpu && pages);
	for (r = 0; r < DM_DMA_ROUNDS; r++) {
		for (i = 0; i < DM_DMA_LIVE; i++, n++) {
			cpu[i] = dma_alloc_coherent(dev, PAGE_SIZE, &handle[i], GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, cpu[i]);
			KUNIT_EXPECT_LE_MSG(test, (u64)handle[i] + PAGE_SIZE - 1, DMA_BIT_MASK(32),
					    "buffer %u", n);
			top = max_t(u64, top, handle[i]);
		}
		for (i = 0; i < DM_DMA_LIVE; i++)
			dma_free_coherent(dev, PAGE_SIZE, cpu[i], handle[i]);
	}
	/* the kernel's own allocations, as slab and page tables make them */
	for (i = 0; i < DM_DMA_LIVE; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, pages[i]);
		KUNIT_EXPECT_LT(test, (u64)page_to_phys(pages[i]), reach);
	}
	for (i = 0; i < DM_DMA_LIVE; i++)
		__free_page(pages[i]);
	if (!IS_ENABLED(CONFIG_VMAP_STACK))
		KUNIT_EXPECT_LT(test, (u64)virt_to_phys(task_stack_page(current)), reach);
#ifdef CONFIG_ARM
	KUNIT_EXPECT_LT(test, (u64)virt_to_phys(idmap_pgd), reach);
#endif
	/*
	 * what memblock handed out at boot: mem_map[], the first percpu
	 * chunk and the page table that maps the top of lowmem
	 */
	KUNIT_EXPECT_LT(test, (u64)virt_to_phys(mem_map + max_mapnr - 1), reach);
	KUNIT_EXPECT_LT(test, (u64)virt_to_phys(pcpu_base_addr), reach);
	KUNIT_EXPECT_LT(test, (u64)virt_to_phys(pmd_off_k((unsigned long)high_memory - 1)), reach);
	kunit_info(test, "%u coherent buffers, the highest at %#llx\n", n, top);
}
#endif

#ifdef CONFIG_ARM
/*
 * /dev/mem's mmap() keeps FLATMEM's attributes: RAM and no-map regions,
 * set aside or not, cacheable; a hole a pageblock or more away from them
 * uncached, as a device's registers there must be, even where the layout
 * absorbed the hole into the dense space.
 */
static u64 dm_devmem_prot(struct file *f, u64 phys, pgprot_t prot)
{
	return pgprot_val(phys_mem_access_prot(f, PHYS_PFN(phys), PAGE_SIZE, prot));
}

static void dm_devmem_attributes(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	u64 bs = PAGE_SIZE * pageblock_nr_pages, prev_end = 0, h;
	pgprot_t prot = vm_get_page_prot(VM_READ | VM_WRITE | VM_SHARED);
	pgprot_t nc = pgprot_noncached(prot);
	struct file *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	unsigned int i, ranges = 0, holes = 0;

	KUNIT_ASSERT_NOT_NULL(test, f);
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate == DENSEMEM_DROPPED)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, dm_devmem_prot(f, e->start, prot),
				    (u64)pgprot_val(prot), "%s at %#llx",
				    e->fate == DENSEMEM_NOMAP ? "no-map" : "RAM", e->start);
		ranges++;
		h = ALIGN(prev_end, bs);
		if (prev_end && h + bs <= ALIGN_DOWN(e->start, bs)) {
			KUNIT_EXPECT_EQ_MSG(test, dm_devmem_prot(f, h, prot),
					    (u64)pgprot_val(nc), "hole at %#llx", h);
			holes++;
		}
		prev_end = e->end;
	}
	kunit_info(test, "%u ranges cacheable, %u holes uncached\n", ranges, holes);
}
#endif

#ifdef CONFIG_VMCORE_INFO
static void dm_vmcoreinfo_has(struct kunit *test, const char *want)
{
	KUNIT_EXPECT_NOT_NULL_MSG(test, strnstr((const char *)vmcoreinfo_data, want,
						vmcoreinfo_size), "no %s", want);
}

/*
 * What a crash dump tells the tools that read it: mem_map[] only under
 * densemem's own name, and the tables that give a pfn's index in it.  A
 * tool that took SYMBOL(mem_map) for FLATMEM's, as makedumpfile and crash
 * do, would index it by pfn and read the wrong struct page past the first
 * hole; without it, they refuse the dump.
 */
static void dm_vmcoreinfo(struct kunit *test)
{
	char want[80];

	KUNIT_ASSERT_NOT_NULL(test, vmcoreinfo_data);
	KUNIT_EXPECT_NULL(test, strnstr((const char *)vmcoreinfo_data, "SYMBOL(mem_map)=",
					vmcoreinfo_size));
	snprintf(want, sizeof(want), "SYMBOL(densemem_mem_map)=%lx\n", (unsigned long)&mem_map);
	dm_vmcoreinfo_has(test, want);
	snprintf(want, sizeof(want), "SYMBOL(densemem_map)=%lx\n", (unsigned long)&densemem_map);
	dm_vmcoreinfo_has(test, want);
	snprintf(want, sizeof(want), "OFFSET(densemem_map.p2d)=%lu\n",
		 (unsigned long)offsetof(struct densemem_map, p2d));
	dm_vmcoreinfo_has(test, want);
	snprintf(want, sizeof(want), "LENGTH(densemem_map.p2d)=%lu\n",
		 (unsigned long)ARRAY_SIZE(densemem_map.p2d));
	dm_vmcoreinfo_has(test, want);
}
#endif

static struct kunit_case dm_translate_cases[] = {
	KUNIT_CASE(dm_pfn_round_trip),
	KUNIT_CASE(dm_lowmem_linear),
	KUNIT_CASE(dm_range_ends),
	KUNIT_CASE(dm_max_mapnr),
	KUNIT_CASE(dm_translate_once),
#ifdef DENSEMEM_TABLE_SHIFT
	KUNIT_CASE(dm_fixed_tables),
#endif
	KUNIT_CASE(dm_memmap_edges_initialised),
#ifdef CONFIG_PAGE_EXTENSION
	KUNIT_CASE(dm_page_ext_dense),
#endif
	KUNIT_CASE(dm_holes_invalid),
	KUNIT_CASE(dm_nomap_regions),
	KUNIT_CASE(dm_block_contiguous),
#ifdef CONFIG_PHYS_ADDR_T_64BIT
	KUNIT_CASE_SLOW(dm_dma32_below_reach),
	KUNIT_CASE(dm_movablecore_honoured),
#endif
#ifdef CONFIG_ARM
	KUNIT_CASE(dm_mmu_maps_lowmem),
	KUNIT_CASE(dm_devmem_attributes),
#endif
#ifdef CONFIG_VMCORE_INFO
	KUNIT_CASE(dm_vmcoreinfo),
#endif
	KUNIT_CASE_SLOW(dm_write_read_independent),
	{}
};

static struct kunit_suite dm_translate_suite = {
	.name = "densemem_translate",
	.test_cases = dm_translate_cases,
};

kunit_test_suite(dm_translate_suite);

MODULE_DESCRIPTION("KUnit tests of the running kernel's densemem translations");
MODULE_LICENSE("GPL");
