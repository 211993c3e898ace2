// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the running kernel's densemem translations: for every
 * range the boot layout kept, pfn <-> page, page <-> linear address and
 * __va()/__pa() agree with each other and with the boot lines, the holes
 * between banks are invalid, and pages are contiguous within each granule
 * (so within every MAX_ORDER block and pageblock).  Read-only: the tables
 * and mem_map are only read.
 */
#include <kunit/test.h>
#include <linux/densemem.h>
#include <linux/highmem.h>
#include <linux/mm.h>

#include "densemem.h"

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

static void dm_pfn_round_trip(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned long checked = 0;
	unsigned int i, k, n;

	KUNIT_ASSERT_GT(test, lo->nr_ext, 0U);
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate == DENSEMEM_DROPPED)
			continue;
		n = dm_samples(dm_buf, PHYS_PFN(e->start), PHYS_PFN(e->end),
			       densemem_map.shift);
		for (k = 0; k < n; k++) {
			unsigned long pfn = dm_buf[k];
			struct page *page = pfn_to_page(pfn);

			KUNIT_EXPECT_TRUE_MSG(test, pfn_valid(pfn), "pfn %#lx", pfn);
			KUNIT_EXPECT_EQ_MSG(test, page_to_pfn(page), pfn, "pfn %#lx", pfn);
			KUNIT_EXPECT_EQ_MSG(test, (unsigned long)(page - mem_map),
					    PHYS_PFN(e->dense) + (pfn - PHYS_PFN(e->start)) -
					    densemem_map.base_pfn, "pfn %#lx", pfn);
			checked++;
		}
	}
	kunit_info(test, "%lu pfns checked\n", checked);
}

static void dm_lowmem_linear(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	const struct densemem_params *p = &densemem_params;
	unsigned int i, k, n;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate != DENSEMEM_LOWMEM)
			continue;
		n = dm_samples(dm_buf, PHYS_PFN(e->start), PHYS_PFN(e->end),
			       densemem_map.shift);
		for (k = 0; k < n; k++) {
			unsigned long pfn = dm_buf[k];
			phys_addr_t pa = PFN_PHYS(pfn) + 0x123;
			unsigned long want = (unsigned long)(e->dense - p->phys_offset +
							     p->page_offset) +
					     (unsigned long)(PFN_PHYS(pfn) - e->start) + 0x123;
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
	}
}

static void dm_holes_invalid(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	u64 g = lo->granule, prev_end = 0;
	unsigned int i, holes = 0;

	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];
		u64 hs = round_up(prev_end, g), he = round_down(e->start, g);

		if (e->fate == DENSEMEM_DROPPED)
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

static void dm_block_contiguous(struct kunit *test)
{
	const struct densemem_layout *lo = &densemem_layout;
	unsigned long j, step = MAX_ORDER_NR_PAGES;
	unsigned int i, k, n;

	KUNIT_EXPECT_GE(test, lo->granule, (u64)MAX_ORDER_NR_PAGES << PAGE_SHIFT);
	KUNIT_EXPECT_GE(test, lo->granule, (u64)pageblock_nr_pages << PAGE_SHIFT);
	for (i = 0; i < lo->nr_ext; i++) {
		const struct densemem_extent *e = &lo->ext[i];

		if (e->fate == DENSEMEM_DROPPED)
			continue;
		n = dm_samples(dm_buf, PHYS_PFN(e->start), PHYS_PFN(e->end),
			       densemem_map.shift);
		for (k = 0; k < n; k++) {
			unsigned long pfn = dm_buf[k];
			unsigned long b = ALIGN_DOWN(pfn, step);

			if (b < PHYS_PFN(e->start) || b + step > PHYS_PFN(e->end))
				continue;
			for (j = 0; j < step; j += 97)
				KUNIT_EXPECT_PTR_EQ_MSG(test, pfn_to_page(b + j),
							pfn_to_page(b) + j, "pfn %#lx", b + j);
		}
	}
}

static struct kunit_case dm_translate_cases[] = {
	KUNIT_CASE(dm_pfn_round_trip),
	KUNIT_CASE(dm_lowmem_linear),
	KUNIT_CASE(dm_holes_invalid),
	KUNIT_CASE(dm_block_contiguous),
	{}
};

static struct kunit_suite dm_translate_suite = {
	.name = "densemem_translate",
	.test_cases = dm_translate_cases,
};

kunit_test_suite(dm_translate_suite);

MODULE_DESCRIPTION("KUnit tests of the running kernel's densemem translations");
MODULE_LICENSE("GPL");
