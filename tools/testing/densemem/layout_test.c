// SPDX-License-Identifier: GPL-2.0
/*
 * Table-driven tests of densemem_build(): one memory map per case, the
 * figures a board maintainer would work out by hand, then the invariants
 * of mm/densemem/layout_check.c.  Closes with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include "layout_check.h"
#include "../../../arch/arm/mm/densemem_params.h"
#include "test_layouts.h"
#include "test_machines.h"

#define M(x)	((u64)(x) << 20)
#define G(x)	((u64)(x) << 30)
#define MAXR	24

struct layout_case {
	const char *name;
	struct densemem_region r[MAXR];
	unsigned int nr;
	u64 kernel, phys_offset, page_offset, lowmem_size, phys_limit, reach;
	u64 below;	/* below_size: the linear map may grow below page_offset */
	bool use_highmem;
	int ret;
	u64 lowmem, highmem, dropped, granule, holes, overlap, movable, nomap;
	u64 grown;	/* bytes of dense space the layout used below phys_offset */
	unsigned int banks;
	bool unsorted;
	enum densemem_reason reason;	/* of the first dropped extent, if any */
};

#define SPLIT_3G	.page_offset = 0xc0000000, .lowmem_size = M(768)
#define SPLIT_2G_OPT	.page_offset = 0x70000000, .lowmem_size = G(2)
#define SPLIT_3G_OPT	.page_offset = 0xb0000000, .lowmem_size = G(1)
#define SPLIT_2G	.page_offset = 0x80000000, .lowmem_size = M(1792)
#define AT_1G		.kernel = 0x40008000, .phys_offset = 0x40000000
/* a split chosen at boot: lowmem may grow down to 0x70000000 */
#define DOWN_TO_2G_OPT(po)	.below = (po) - 0x70000000

static const struct layout_case cases[] = {
	{ "flat_1g_is_one_chunk", DM_MACHINE_FLAT_1G, DM_MACHINE_FLAT_1G_NR, AT_1G, SPLIT_2G_OPT,
	  .lowmem = G(1), .granule = G(1), .banks = 1 },
	{ "virt_2x512_packs_under_2g_opt", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(1), .granule = M(512), .banks = 2 },
	{ "virt_2x512_3g_drops_past_linear_map", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR,
	  AT_1G, SPLIT_3G, .lowmem = M(768), .dropped = M(256), .granule = M(512),
	  .banks = 2, .reason = DENSEMEM_NO_LINEAR_MAP },
	{ "virt_2x512_3g_highmem_keeps_rest", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR,
	  AT_1G, SPLIT_3G, .use_highmem = true, .lowmem = M(768), .highmem = M(256),
	  .granule = M(512), .banks = 2 },
	{ "virt_tri_all_lowmem", DM_MACHINE_VIRT_TRI, DM_MACHINE_VIRT_TRI_NR,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(1280), .granule = M(256), .banks = 3 },
	{ "virt_2x1g_all_lowmem", DM_MACHINE_VIRT_2X1G, DM_MACHINE_VIRT_2X1G_NR,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(2), .granule = G(1), .banks = 2 },
	{ "lpae_split_fills_2g_linear_map", DM_MACHINE_LPAE_SPLIT, DM_MACHINE_LPAE_SPLIT_NR,
	  AT_1G, SPLIT_2G, .phys_limit = 1ULL << 40, .use_highmem = true,
	  .lowmem = M(1792), .highmem = M(256), .granule = G(1), .banks = 2 },
	{ "lpae_split_no_highmem_drops_overflow", DM_MACHINE_LPAE_SPLIT, DM_MACHINE_LPAE_SPLIT_NR,
	  AT_1G, SPLIT_2G, .phys_limit = 1ULL << 40,
	  .lowmem = M(1792), .dropped = M(256), .granule = G(1), .banks = 2,
	  .reason = DENSEMEM_NO_LINEAR_MAP },
	/*
	 * LPAE, with the reach of 32-bit addresses: without highmem, lowmem
	 * above 4 GiB is ZONE_MOVABLE only; with it, lowmem ends at 4 GiB
	 */
	{ "lpae_split_above_4g_is_movable_only", DM_MACHINE_LPAE_SPLIT, DM_MACHINE_LPAE_SPLIT_NR,
	  AT_1G, SPLIT_2G, .phys_limit = 1ULL << 40, .reach = G(4),
	  .lowmem = M(1792), .dropped = M(256), .movable = M(768), .granule = G(1), .banks = 2,
	  .reason = DENSEMEM_NO_LINEAR_MAP },
	{ "lpae_split_highmem_lowmem_ends_at_4g", DM_MACHINE_LPAE_SPLIT, DM_MACHINE_LPAE_SPLIT_NR,
	  AT_1G, SPLIT_2G, .phys_limit = 1ULL << 40, .reach = G(4), .use_highmem = true,
	  .lowmem = G(1), .highmem = G(1), .granule = G(1), .banks = 2 },
	{ "pbx_a9_two_regions_lowmem", DM_MACHINE_PBX_A9_1G, DM_MACHINE_PBX_A9_1G_NR,
	  .kernel = 0x20008000, .phys_offset = 0x20000000, SPLIT_2G_OPT,
	  .lowmem = G(1), .granule = M(256), .banks = 2 },
	{ "unsorted_map_is_sorted", { { G(2), M(512) }, { G(1), M(512) } }, 2,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(1), .granule = M(512), .banks = 2,
	  .unsorted = true },
	{ "overlap_is_merged_and_counted", { { G(1), M(256) }, { G(1) + M(128), M(256) } }, 2,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(384), .granule = M(128), .banks = 1,
	  .overlap = M(128) },
	{ "unaligned_edges_lose_partial_pages", { { G(1) + 0x800, M(16) } }, 1,
	  .kernel = G(1) + M(1), .phys_offset = G(1), SPLIT_2G_OPT,
	  .lowmem = M(16) - 4096, .dropped = 4096, .granule = M(4), .banks = 1,
	  .reason = DENSEMEM_UNALIGNED },
	{ "small_hole_absorbed_as_reserved_pages", { { G(1), M(63) }, { G(1) + M(64), M(64) } }, 2,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(127), .granule = M(4), .holes = M(1), .banks = 2 },
	{ "tiny_far_bank_keeps_the_finest_granule", { { G(1), M(256) }, { 0x60000000, 0x10000 } },
	  2, AT_1G, SPLIT_2G_OPT, .lowmem = M(256) + 0x10000, .granule = M(4), .banks = 2 },
	{ "below_kernel_bank_dropped", { { 0x20000000, M(256) }, { G(1), M(256) } }, 2,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(256), .dropped = M(256), .granule = M(256),
	  .banks = 1, .reason = DENSEMEM_BELOW_KERNEL },
	{ "above_phys_width_dropped", { { G(1), M(256) }, { G(4), M(256) } }, 2,
	  AT_1G, SPLIT_2G_OPT, .phys_limit = G(4), .lowmem = M(256), .dropped = M(256),
	  .granule = M(256), .banks = 1, .reason = DENSEMEM_PHYS_LIMIT },
	/* memblock keeps a bank ending at 4 GiB one byte short of it */
	{ "bank_at_4g_names_the_capped_byte", { { G(1), G(1) }, { G(3), G(1) - 1 } }, 2,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(2) - 4096, .dropped = 4095, .granule = M(4),
	  .banks = 2, .reason = DENSEMEM_TOP_BYTE },
	/* no bank limit: every bank gets its chunks, sixteen banks or more */
	{ "sixteen_banks_with_gaps_all_kept", DM_MACHINE_VIRT_SIXTEEN, DM_MACHINE_VIRT_SIXTEEN_NR,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(1), .granule = M(64), .banks = 16 },
	/* ten banks 4 KiB apart: each gap is a reserved page, no bank lost */
	{ "ten_banks_4k_apart_all_kept", DM_LAYOUT_TEN_BANKS_4K_APART,
	  DM_LAYOUT_TEN_BANKS_4K_APART_NR,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(640), .granule = M(4), .holes = 9 * 0x1000,
	  .banks = 10 },
	/* 20 banks with partial pages: 40 dropped extents overflow the list */
	{ "extent_overflow_keeps_every_kept_range", {
	  { G(1) + M(0) + 0x800, M(32) - 0x1000 }, { G(1) + M(64) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(128) + 0x800, M(32) - 0x1000 }, { G(1) + M(192) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(256) + 0x800, M(32) - 0x1000 }, { G(1) + M(320) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(384) + 0x800, M(32) - 0x1000 }, { G(1) + M(448) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(512) + 0x800, M(32) - 0x1000 }, { G(1) + M(576) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(640) + 0x800, M(32) - 0x1000 }, { G(1) + M(704) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(768) + 0x800, M(32) - 0x1000 }, { G(1) + M(832) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(896) + 0x800, M(32) - 0x1000 }, { G(1) + M(960) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(1024) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(1088) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(1152) + 0x800, M(32) - 0x1000 },
	  { G(1) + M(1216) + 0x800, M(32) - 0x1000 } }, 20,
	  AT_1G, SPLIT_2G_OPT, .lowmem = 20 * (M(32) - 0x2000),
	  .dropped = 20 * 0x1000, .granule = M(4),
	  .holes = 19 * 0x2000, .banks = 20, .reason = DENSEMEM_UNALIGNED },
	/*
	 * Bank edges 60 MiB into a 64 MiB chunk over a 3 GiB span: the tables
	 * hold it at 4 MiB, so the holes cost no linear map and 2 GiB fit.
	 */
	{ "banks_60m_into_64m_chunks_cost_no_linear_map", DM_LAYOUT_BANKS_60M_INTO_64M,
	  DM_LAYOUT_BANKS_60M_INTO_64M_NR, AT_1G, SPLIT_2G_OPT, .lowmem = G(2), .granule = M(4),
	  .banks = 8 },
	/* a 1 MiB bank after a 300 MiB one: no 32 MiB granule, no 20 MiB hole */
	{ "small_bank_after_300m_costs_no_hole", DM_LAYOUT_SMALL_AFTER_300M,
	  DM_LAYOUT_SMALL_AFTER_300M_NR, AT_1G, SPLIT_2G_OPT, .lowmem = M(301), .granule = M(4),
	  .banks = 2 },
	/*
	 * No-map carve-outs: one that spans a 4 MiB granule leaves the dense
	 * space, so it costs no linear map; RAM past it moves up.
	 */
	{ "carveout_nomap_costs_no_linear_map", DM_MACHINE_VIRT_CARVEOUT,
	  DM_MACHINE_VIRT_CARVEOUT_NR, AT_1G, SPLIT_2G_OPT, .lowmem = M(1264), .nomap = M(272),
	  .granule = M(16), .banks = 3 },
	{ "carveout_3g_opt_fills_the_linear_map_with_ram", DM_MACHINE_VIRT_CARVEOUT,
	  DM_MACHINE_VIRT_CARVEOUT_NR, AT_1G, SPLIT_3G_OPT, .lowmem = G(1), .nomap = M(272),
	  .dropped = M(240), .granule = M(16), .banks = 3, .reason = DENSEMEM_NO_LINEAR_MAP },
	/* its partial granules stay in, as any hole's: 3 + 1 MiB */
	{ "nomap_ragged_edges_cost_their_granules", {
	  { G(1), M(257) }, { G(1) + M(257), M(64), true }, { G(1) + M(321), M(703) } }, 3,
	  AT_1G, SPLIT_2G_OPT, .lowmem = M(960), .nomap = M(64), .holes = M(4),
	  .granule = M(4), .banks = 2 },
	/* one without a whole granule stays RAM of its bank, unmapped */
	{ "small_nomap_stays_in_its_bank", {
	  { G(1), M(257) }, { G(1) + M(257), M(2), true }, { G(1) + M(259), M(765) } }, 3,
	  AT_1G, SPLIT_2G_OPT, .lowmem = G(1), .granule = G(1), .banks = 1 },
	/*
	 * The split chosen at boot: RAM past the linear map above PAGE_OFFSET
	 * moves below it, in physical order, only as far as it needs
	 */
	{ "grow_down_virt_2x512_fits_above", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR,
	  AT_1G, SPLIT_3G_OPT, DOWN_TO_2G_OPT(0xb0000000), .lowmem = G(1), .granule = M(512),
	  .banks = 2 },
	/* it turns between banks only: virt-2x512's second bank goes below whole */
	{ "grow_down_virt_2x512_3g_turns_between_banks", DM_MACHINE_VIRT_2X512,
	  DM_MACHINE_VIRT_2X512_NR, AT_1G, SPLIT_3G, DOWN_TO_2G_OPT(0xc0000000),
	  .lowmem = G(1), .granule = M(256), .banks = 2, .grown = M(512) },
	{ "grow_down_virt_tri_all_lowmem", DM_MACHINE_VIRT_TRI, DM_MACHINE_VIRT_TRI_NR,
	  AT_1G, SPLIT_3G_OPT, DOWN_TO_2G_OPT(0xb0000000), .lowmem = M(1280), .granule = M(256),
	  .banks = 3, .grown = M(256) },
	{ "grow_down_virt_2x1g_all_lowmem", DM_MACHINE_VIRT_2X1G, DM_MACHINE_VIRT_2X1G_NR,
	  AT_1G, SPLIT_3G_OPT, DOWN_TO_2G_OPT(0xb0000000), .lowmem = G(2), .granule = G(1),
	  .banks = 2, .grown = G(1) },
	{ "grow_down_limited_drops_the_rest", DM_MACHINE_VIRT_TRI, DM_MACHINE_VIRT_TRI_NR,
	  AT_1G, SPLIT_3G_OPT, .below = M(128), .lowmem = M(1152), .dropped = M(128),
	  .granule = M(128), .banks = 3, .reason = DENSEMEM_NO_LINEAR_MAP, .grown = M(128) },
	{ "grow_down_limited_highmem_keeps_the_rest", DM_MACHINE_VIRT_TRI, DM_MACHINE_VIRT_TRI_NR,
	  AT_1G, SPLIT_3G_OPT, .below = M(128), .use_highmem = true, .lowmem = M(1152),
	  .highmem = M(128), .granule = M(128), .banks = 3, .grown = M(128) },
	/* never inside a bank: the kernel's, 2 GiB, does not fit above */
	{ "grow_down_never_splits_a_bank", { { M(256), G(2) } }, 1,
	  .kernel = M(256) + 0x8000, .phys_offset = M(256), SPLIT_3G_OPT,
	  DOWN_TO_2G_OPT(0xb0000000), .lowmem = G(1), .dropped = G(1), .granule = M(256),
	  .banks = 1, .reason = DENSEMEM_NO_LINEAR_MAP },
	/* never below dense 0: RAM at 256 MiB has only that much room below */
	{ "grow_down_stops_at_dense_zero", { { M(256), M(512) }, { G(2), G(1) } }, 2,
	  .kernel = M(256) + 0x8000, .phys_offset = M(256), SPLIT_3G_OPT,
	  DOWN_TO_2G_OPT(0xb0000000), .lowmem = M(768), .dropped = M(768), .granule = M(256),
	  .banks = 2, .reason = DENSEMEM_NO_LINEAR_MAP, .grown = M(256) },
	/* holes below PAGE_OFFSET cost nothing either */
	{ "grow_down_sixteen_banks", DM_MACHINE_VIRT_SIXTEEN, DM_MACHINE_VIRT_SIXTEEN_NR,
	  AT_1G, .page_offset = 0xb0000000, .lowmem_size = M(512), .below = M(512),
	  .lowmem = G(1), .granule = M(64), .banks = 16, .grown = M(512) },
	{ "no_kernel_bank_is_an_error", { { G(2), M(256) } }, 1,
	  AT_1G, SPLIT_2G_OPT, .ret = -EINVAL, .dropped = M(256),
	  .reason = DENSEMEM_NO_KERNEL_BANK },
	{ "empty_map_is_an_error", { { 0 } }, 0, AT_1G, SPLIT_2G_OPT, .ret = -EINVAL },
};

static void quiet(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

static void print_line(void *ctx, const char *msg)
{
	printf("  # %s\n", msg);
}

static const struct densemem_check_out print_fail = { .fail = print_line };

static int run_case(const struct layout_case *c)
{
	static struct densemem_layout lo;
	static struct densemem_map map;
	struct densemem_region in[MAXR];
	struct densemem_params p = {
		.kernel_phys = c->kernel, .phys_offset = c->phys_offset,
		.page_offset = c->page_offset, .lowmem_size = c->lowmem_size,
		.below_size = c->below,
		.phys_limit = c->phys_limit ? c->phys_limit : 1ULL << 32,
		.min_granule = M(4), .highmem = c->use_highmem, .phys_reach = c->reach,
	};
	int bad = 0, ret;
	unsigned int i;

	memcpy(in, c->r, sizeof(in));	/* the builder cleans its input in place */
	ret = densemem_build(&lo, &map, in, c->nr, &p);
#define EXPECT(what, got, want) do {					\
	u64 g_ = (u64)(got), w_ = (u64)(want);					\
										\
	if (g_ != w_) {								\
		bad++;								\
		printf("  # %s: %s = %#llx, want %#llx\n", c->name, what,	\
		       (unsigned long long)g_, (unsigned long long)w_);	\
	}									\
} while (0)
	EXPECT("ret", (u64)(long long)ret, (u64)(long long)c->ret);
	EXPECT("lowmem", lo.lowmem, c->lowmem);
	EXPECT("highmem", lo.highmem, c->highmem);
	EXPECT("dropped", lo.dropped, c->dropped);
	EXPECT("overlap", lo.overlap, c->overlap);
	EXPECT("unsorted", lo.unsorted, c->unsorted);
	EXPECT("movable", lo.movable, c->movable);
	EXPECT("nomap", lo.nomap, c->nomap);
	EXPECT("below", lo.below, c->grown);
	if (!ret) {
		EXPECT("granule", lo.granule, c->granule);
		EXPECT("holes", lo.holes, c->holes);
		EXPECT("banks", lo.nr_banks, c->banks);
		bad += densemem_check(&lo, c->r, c->nr, &p, &print_fail);
	} else {
		/* FLATMEM's arithmetic over [phys_offset, end of RAM) */
		unsigned long base = (unsigned long)(c->phys_offset >> PAGE_SHIFT), top = base;

		for (i = 0; i < c->nr; i++)
			if (c->r[i].base + c->r[i].size > (u64)top << PAGE_SHIFT)
				top = (unsigned long)((c->r[i].base + c->r[i].size) >> PAGE_SHIFT);
		EXPECT("failed: p2d(base + 1)", densemem_map_p2d(&map, base + 1), base + 1);
		EXPECT("failed: __va(phys_offset)", densemem_map_p2v(&map, c->phys_offset),
		       c->page_offset);
		EXPECT("failed: pfn_valid(base - 1)", densemem_map_pfn_valid(&map, base - 1), 0);
		EXPECT("failed: pfn_valid(base)", densemem_map_pfn_valid(&map, base), top > base);
		EXPECT("failed: pfn_valid(end - 1)", densemem_map_pfn_valid(&map, top - 1),
		       top > base);
		EXPECT("failed: pfn_valid(end)", densemem_map_pfn_valid(&map, top), 0);
	}
	for (i = 0; i < lo.nr_ext; i++)
		if (lo.ext[i].fate == DENSEMEM_DROPPED)
			break;
	EXPECT("first drop reason", i < lo.nr_ext ? lo.ext[i].reason : DENSEMEM_OK, c->reason);
	if (densemem_report(&lo, &p, quiet, NULL) != (int)lo.nr_ext + 1 +
	    !!lo.unsorted + !!lo.overlap + !!lo.lost + !!lo.movable + !!lo.below)
		EXPECT("report lines", 0, 1);
	return bad;
}

/*
 * The identity map serves early boot: every pfn is itself and valid, and
 * __va()/__pa() add the linear map's offset, up to the top of the
 * address space of unsigned long's width.
 */
static int identity_case(void)
{
	const unsigned long voff = 0x30000000UL;
	struct densemem_map m;
	unsigned long pfns[] = { 0, 1, 0x40000, 0x7ffff, 0xfffff, 0x140000, ~0UL >> 1 };
	phys_addr_t addrs[] = { 0, 0x123, 0x40000000, 0x7fffffff, 0x80000000,
				(phys_addr_t)~0UL };
	unsigned int i;
	int bad = 0;

	densemem_identity(&m, voff, 0, ~0UL);
	for (i = 0; i < ARRAY_SIZE(pfns); i++)
		if (densemem_map_p2d(&m, pfns[i]) != pfns[i] ||
		    densemem_map_d2p(&m, pfns[i]) != pfns[i] ||
		    !densemem_map_pfn_valid(&m, pfns[i])) {
			printf("  # identity: pfn %#lx\n", pfns[i]);
			bad++;
		}
	/* alike entries: a lookup with any shift, fixed tables' too, is exact */
	for (i = 0; i <= DENSEMEM_MAX_CHUNKS; i++)
		if (m.p2v[i] != voff || m.d2p[i] || m.p2d[i]) {
			printf("  # identity: entry %u\n", i);
			bad++;
		}
	for (i = 0; i < ARRAY_SIZE(addrs); i++)
		if (densemem_map_p2v(&m, addrs[i]) != (unsigned long)addrs[i] + voff ||
		    densemem_map_d2p_at(&m, addrs[i]) != 0) {
			printf("  # identity: address %#llx\n", (unsigned long long)addrs[i]);
			bad++;
		}
	return bad;
}

/*
 * RAM that never reached memblock (below PHYS_OFFSET, say) is listed in
 * physical order among the dropped ranges and counted as dropped, and the
 * input the builder cleaned in place is the merged, page-aligned map.
 */
static int ignored_case(void)
{
	static struct densemem_layout lo;
	static struct densemem_map map;
	struct densemem_region in[] = {
		{ 0x80000000, M(512) }, { 0x40200000, M(510) }, { 0x60000000, 0 },
	};
	struct densemem_params p = {
		.kernel_phys = 0x40208000, .phys_offset = 0x40200000,
		.page_offset = 0x70000000, .lowmem_size = M(1536),
		.phys_limit = 1ULL << 32, .min_granule = M(4),
	};
	int bad = 0;

	if (densemem_build(&lo, &map, in, ARRAY_SIZE(in), &p))
		return 1;
	bad += in[0].base != 0x40200000 || in[1].base != 0x80000000;
	densemem_add_dropped(&lo, 0x40100000, 0x40200000, DENSEMEM_BELOW_PHYS_OFFSET);
	bad += lo.nr_ext != 3 || lo.ext[0].start != 0x40100000 ||
	       lo.ext[0].fate != DENSEMEM_DROPPED ||
	       lo.ext[0].reason != DENSEMEM_BELOW_PHYS_OFFSET ||
	       lo.ext[1].start != 0x40200000 || lo.ext[1].fate != DENSEMEM_LOWMEM;
	bad += lo.dropped != M(1) || lo.lowmem != M(1022);
	if (bad)
		printf("  # ignored: %u extents, dropped %#llx, lowmem %#llx\n", lo.nr_ext,
		       (unsigned long long)lo.dropped, (unsigned long long)lo.lowmem);
	return bad;
}

/*
 * With a 32-bit physical address Arm lays out with fixed tables (chunk 0,
 * 4 MiB), so that __va() and __pa() need no load of the shift or base.
 * Every case that fits 32 bits gives the same extents, dense addresses
 * and totals with them as without, at the finest granule, and passes
 * every invariant, the fixed tables' own included.
 */
static int fixed_tables_case(void)
{
	static struct densemem_layout lo, fl;
	static struct densemem_map map, fmap;
	struct densemem_region in[MAXR];
	unsigned int i, j, n = 0;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct layout_case *c = &cases[i];
		struct densemem_params p = {
			.kernel_phys = c->kernel, .phys_offset = c->phys_offset,
			.page_offset = c->page_offset, .lowmem_size = c->lowmem_size,
			.phys_limit = c->phys_limit ? c->phys_limit : 1ULL << 32,
			.min_granule = M(4), .highmem = c->use_highmem,
			.phys_reach = c->reach,
		};
		int ret, fret, b = 0;

		if (p.phys_limit > 1ULL << 32)
			continue;
		memcpy(in, c->r, sizeof(in));
		ret = densemem_build(&lo, &map, in, c->nr, &p);
		p.table_shift = 22;
		memcpy(in, c->r, sizeof(in));
		fret = densemem_build(&fl, &fmap, in, c->nr, &p);
		n++;
		b += ret != fret || !densemem_fixed_tables(&p);
		b += lo.lowmem != fl.lowmem || lo.highmem != fl.highmem ||
		     lo.dropped != fl.dropped || lo.holes != fl.holes ||
		     lo.nomap != fl.nomap || lo.nr_banks != fl.nr_banks ||
		     lo.nr_ext != fl.nr_ext;
		for (j = 0; !b && j < lo.nr_ext; j++)
			b += lo.ext[j].start != fl.ext[j].start || lo.ext[j].end != fl.ext[j].end ||
			     lo.ext[j].fate != fl.ext[j].fate ||
			     lo.ext[j].dense != fl.ext[j].dense;
		if (!fret) {
			b += fl.granule != M(4);
			b += densemem_check(&fl, c->r, c->nr, &p, &print_fail);
		}
		if (b)
			printf("  # fixed tables: %s differs or is broken\n", c->name);
		bad += b;
	}
	if (n < 20) {
		printf("  # fixed tables: only %u cases within 32 bits\n", n);
		bad++;
	}
	return bad;
}

/* One TAP line; counts it. */
static void tap(unsigned int n, const char *name, int bad, unsigned int *passed,
		unsigned int *failed)
{
	printf("%s %u %s\n", bad ? "not ok" : "ok", n, name);
	bad ? (*failed)++ : (*passed)++;
}

/*
 * Keystone 2 with LPAE: after pv_fixup all RAM sits at the alias above
 * 0x8_0000_0000, which the kernel reaches at 0x8000_0000 with the MMU off
 * and through 32-bit DMA (arch_phys_to_idmap_offset).  With the reach
 * Arm derives from that offset the kernel's bank is plain lowmem, with
 * and without highmem; with the reach of a board without an offset
 * (4 GiB) the whole bank would be ZONE_MOVABLE or highmem, and the
 * checker must say so.
 */
static int keystone_case(void)
{
	static struct densemem_layout lo;
	static struct densemem_map map;
	const struct densemem_region ram = { 0x800000000ULL, G(8) };
	const long long idmap = -(0x800000000LL - 0x80000000LL);
	struct densemem_region in[1];
	struct densemem_params p = {
		.kernel_phys = 0x800008000ULL, .phys_offset = 0x800000000ULL,
		.page_offset = 0x80000000, .lowmem_size = M(1792),
	};
	int bad = 0, hm, b;

	for (hm = 0; hm < 2; hm++) {
		arm_densemem_config_params(&p, true, 22, idmap);
		p.highmem = hm;
		in[0] = ram;
		if (densemem_build(&lo, &map, in, 1, &p))
			return 1;
		b = densemem_check(&lo, &ram, 1, &p, &print_fail);
		b += lo.movable != 0 || lo.lowmem != M(1792);
		if (b)
			printf("  # keystone%s: reach %#llx, lowmem %#llx, movable %#llx\n",
			       hm ? " highmem" : "", (unsigned long long)p.phys_reach,
			       (unsigned long long)lo.lowmem, (unsigned long long)lo.movable);
		arm_densemem_config_params(&p, true, 22, 0);
		in[0] = ram;
		if (densemem_build(&lo, &map, in, 1, &p))
			return 1;
		if (!densemem_check_kernel_bank(&lo, &p, NULL)) {
			printf("  # keystone%s, reach 4 GiB: the kernel's bank passed\n",
			       hm ? " highmem" : "");
			b++;
		}
		bad += b;
	}
	return bad;
}

/*
 * /dev/mem maps what FLATMEM's pfn_valid() calls memory cacheable, the
 * rest uncached.  A span too wide for the static tables coarsens the
 * granule (32 MiB here), so the 16 MiB hole after the first bank is
 * absorbed into the dense space: pfn_valid() is true there, yet a
 * device's registers there must stay uncached.  A no-map region set
 * aside is the reverse: pfn_valid() false, memory to FLATMEM.
 */
static int devmem_case(void)
{
	static struct densemem_layout lo;
	static struct densemem_map map;
	struct densemem_region in[] = {
		{ 0x40000000, M(512) }, { 0x60000000, M(64), true },
		{ 0x64000000, 0x7f000000 - 0x64000000 }, { 0x800000000ULL, M(512) },
	};
	struct densemem_params p = {
		.kernel_phys = 0x40008000, .phys_offset = 0x40000000,
		.page_offset = 0x80000000, .lowmem_size = M(1792),
	};
	const u64 block = M(4), hole = 0x7f800000, nomap = 0x62000000;
	int bad = 0;

	arm_densemem_config_params(&p, true, 22, 0);
	if (densemem_build(&lo, &map, in, ARRAY_SIZE(in), &p))
		return 1;
	bad += lo.granule != M(32);
	bad += !densemem_map_pfn_valid(&map, hole >> PAGE_SHIFT);
	bad += densemem_layout_is_memory(&lo, hole, block);
	bad += densemem_map_pfn_valid(&map, nomap >> PAGE_SHIFT);
	bad += !densemem_layout_is_memory(&lo, nomap, block);
	bad += !densemem_layout_is_memory(&lo, 0x40000000, block);
	bad += !densemem_layout_is_memory(&lo, 0x7effffff, block);
	bad += densemem_layout_is_memory(&lo, 0x7f400000, block);
	if (bad)
		printf("  # devmem: granule %#llx, %d checks failed\n",
		       (unsigned long long)lo.granule, bad);
	return bad;
}

int main(void)
{
	unsigned int i, passed = 0, failed = 0;

	printf("# densemem layout tests, %d-bit unsigned long\n", BITS_PER_LONG);
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		tap(i + 1, cases[i].name, run_case(&cases[i]), &passed, &failed);
	tap(++i, "identity_before_setup", identity_case(), &passed, &failed);
	tap(++i, "ignored_ram_listed_in_order", ignored_case(), &passed, &failed);
	tap(++i, "fixed_tables_same_layouts", fixed_tables_case(), &passed, &failed);
	tap(++i, "keystone_reach_from_idmap_offset", keystone_case(), &passed, &failed);
	tap(++i, "devmem_memory_as_flatmem_sees_it", devmem_case(), &passed, &failed);
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
