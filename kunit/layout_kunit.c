// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the densemem layout builder, on the memory maps of the
 * project's QEMU machines and on bad ones, with the invariants of
 * layout_check.c, which the host tests and the fuzzer check too.  Pure: no
 * state of the running kernel is read or changed.
 */
#include <kunit/test.h>
#include <linux/densemem.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include "layout_check.h"
#include "test_layouts.h"
#include "test_machines.h"

struct dm_layout_param {
	const char *desc;
	struct densemem_region r[16];
	unsigned int nr;
	u64 lowmem_size;
	bool highmem;
	u64 want_lowmem, want_highmem, want_dropped;
	/* 0: the kernel at 1 GiB + 32 KiB, every address in reach */
	u64 phys_offset, reach;
};

#define AT_1G_2G_OPT	.lowmem_size = SZ_2G

static const struct dm_layout_param dm_layouts[] = {
	{ "flat-1g", DM_MACHINE_FLAT_1G, DM_MACHINE_FLAT_1G_NR, AT_1G_2G_OPT,
	  false, SZ_1G, 0, 0 },
	{ "virt-2x512", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR, AT_1G_2G_OPT,
	  false, SZ_1G, 0, 0 },
	{ "virt-tri", DM_MACHINE_VIRT_TRI, DM_MACHINE_VIRT_TRI_NR, AT_1G_2G_OPT,
	  false, SZ_1G + SZ_256M, 0, 0 },
	{ "virt-2x1g", DM_MACHINE_VIRT_2X1G, DM_MACHINE_VIRT_2X1G_NR, AT_1G_2G_OPT,
	  false, SZ_2G, 0, 0 },
	{ "virt-quad", DM_MACHINE_VIRT_QUAD, DM_MACHINE_VIRT_QUAD_NR, AT_1G_2G_OPT,
	  false, SZ_1G + SZ_256M, 0, 0 },
	{ "virt-2x512 on 3G", DM_MACHINE_VIRT_2X512, DM_MACHINE_VIRT_2X512_NR,
	  .lowmem_size = SZ_512M + SZ_256M, false, SZ_512M + SZ_256M, 0, SZ_256M },
	{ "lpae-split highmem", DM_MACHINE_LPAE_SPLIT, DM_MACHINE_LPAE_SPLIT_NR,
	  .lowmem_size = SZ_1G + SZ_512M + SZ_256M, true,
	  SZ_1G + SZ_512M + SZ_256M, SZ_256M, 0 },
	/* its no-map region leaves the dense space: RAM past it moves up */
	{ "virt-carveout on 3G_OPT", DM_MACHINE_VIRT_CARVEOUT, DM_MACHINE_VIRT_CARVEOUT_NR,
	  .lowmem_size = SZ_1G, false, SZ_1G, 0, SZ_256M - SZ_16M },
	/* issue 18's layouts: no bank limit, no granule waste */
	{ "virt-sixteen on 3G_OPT", DM_MACHINE_VIRT_SIXTEEN, DM_MACHINE_VIRT_SIXTEEN_NR,
	  .lowmem_size = SZ_1G, false, SZ_1G, 0, 0 },
	{ "ten banks 4 KiB apart", DM_LAYOUT_TEN_BANKS_4K_APART,
	  DM_LAYOUT_TEN_BANKS_4K_APART_NR, AT_1G_2G_OPT, false, 10ULL * SZ_64M, 0, 0 },
	{ "banks 60 MiB into 64 MiB chunks", DM_LAYOUT_BANKS_60M_INTO_64M,
	  DM_LAYOUT_BANKS_60M_INTO_64M_NR, AT_1G_2G_OPT, false, SZ_2G, 0, 0 },
	{ "1 MiB bank after 300 MiB", DM_LAYOUT_SMALL_AFTER_300M,
	  DM_LAYOUT_SMALL_AFTER_300M_NR, AT_1G_2G_OPT, false, 301 * SZ_1M, 0, 0 },
	{ "overlapping, unsorted", { { SZ_1G + SZ_128M, SZ_256M }, { SZ_1G, SZ_256M } }, 2,
	  AT_1G_2G_OPT, false, SZ_256M + SZ_128M, 0, 0 },
	{ "bank below the kernel", { { SZ_512M, SZ_256M }, { SZ_1G, SZ_256M } }, 2,
	  AT_1G_2G_OPT, false, SZ_256M, 0, SZ_256M },
	/*
	 * Keystone 2 after pv_fixup: RAM at its alias above 0x8_0000_0000,
	 * reached below 4 GiB through arch_phys_to_idmap_offset, so Arm's
	 * reach is 0x8_8000_0000: the kernel's bank is lowmem, not movable
	 */
	{ "keystone-2 alias, LPAE", { { 0x800000000ULL, 8ULL * SZ_1G } }, 1,
	  .lowmem_size = SZ_1G + SZ_512M + SZ_256M, false, SZ_1G + SZ_512M + SZ_256M, 0,
	  8ULL * SZ_1G - (SZ_1G + SZ_512M + SZ_256M),
	  .phys_offset = 0x800000000ULL, .reach = 0x880000000ULL },
};

static void dm_layout_desc(const struct dm_layout_param *p, char *desc)
{
	strscpy(desc, p->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dm_layout, dm_layouts, dm_layout_desc);

static struct densemem_layout *dm_build(struct kunit *test, struct densemem_params *p)
{
	const struct dm_layout_param *c = test->param_value;
	struct densemem_layout *lo = kunit_kzalloc(test, sizeof(*lo), GFP_KERNEL);
	struct densemem_map *map = kunit_kzalloc(test, sizeof(*map), GFP_KERNEL);
	struct densemem_region *in;

	KUNIT_ASSERT_NOT_NULL(test, lo);
	KUNIT_ASSERT_NOT_NULL(test, map);
	*p = (struct densemem_params) {
		.kernel_phys = (c->phys_offset ?: SZ_1G) + SZ_32K,
		.phys_offset = c->phys_offset ?: SZ_1G,
		.page_offset = 0x70000000, .lowmem_size = c->lowmem_size,
		.phys_limit = 1ULL << 40, .min_granule = SZ_4M, .highmem = c->highmem,
		.phys_reach = c->reach,
	};
	/* the builder cleans its input in place: give it a copy */
	in = kunit_kmalloc(test, sizeof(c->r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, in);
	memcpy(in, c->r, sizeof(c->r));
	KUNIT_ASSERT_EQ(test, densemem_build(lo, map, in, c->nr, p), 0);
	return lo;
}

/* each broken invariant the shared checker finds fails the case, by name */
static void dm_fail(void *ctx, const char *msg)
{
	struct kunit *test = ctx;

	KUNIT_FAIL(test, "%s", msg);
}

static void test_every_byte_accounted(struct kunit *test)
{
	const struct dm_layout_param *c = test->param_value;
	struct densemem_check_out out = { .fail = dm_fail, .ctx = test };
	struct densemem_params p;
	struct densemem_layout *lo = dm_build(test, &p);

	KUNIT_EXPECT_EQ(test, lo->lowmem, c->want_lowmem);
	KUNIT_EXPECT_EQ(test, lo->highmem, c->want_highmem);
	KUNIT_EXPECT_EQ(test, lo->dropped, c->want_dropped);
	KUNIT_EXPECT_EQ(test, densemem_check_accounting(lo, c->r, c->nr, &out), 0);
}

/* every kept range round-trips at its edges and chunk edges, and at its end */
static void test_tables_round_trip(struct kunit *test)
{
	struct densemem_check_out out = { .fail = dm_fail, .ctx = test };
	struct densemem_params p;
	struct densemem_layout *lo = dm_build(test, &p);

	KUNIT_EXPECT_EQ(test, densemem_check_tables(lo, &p, &out), 0);
}

static void test_holes_are_invalid(struct kunit *test)
{
	struct densemem_check_out out = { .fail = dm_fail, .ctx = test };
	struct densemem_params p;
	struct densemem_layout *lo = dm_build(test, &p);

	KUNIT_EXPECT_EQ(test, densemem_check_holes(lo, &p, &out), 0);
}

static void test_kernel_bank_stays_put(struct kunit *test)
{
	struct densemem_check_out out = { .fail = dm_fail, .ctx = test };
	struct densemem_params p;
	struct densemem_layout *lo = dm_build(test, &p);

	KUNIT_EXPECT_EQ(test, densemem_check_kernel_bank(lo, &p, &out), 0);
}

static struct kunit_case densemem_layout_cases[] = {
	KUNIT_CASE_PARAM(test_every_byte_accounted, dm_layout_gen_params),
	KUNIT_CASE_PARAM(test_tables_round_trip, dm_layout_gen_params),
	KUNIT_CASE_PARAM(test_holes_are_invalid, dm_layout_gen_params),
	KUNIT_CASE_PARAM(test_kernel_bank_stays_put, dm_layout_gen_params),
	{}
};

static struct kunit_suite densemem_layout_suite = {
	.name = "densemem_layout",
	.test_cases = densemem_layout_cases,
};

kunit_test_suite(densemem_layout_suite);

MODULE_DESCRIPTION("KUnit tests of the densemem layout builder");
MODULE_LICENSE("GPL");
