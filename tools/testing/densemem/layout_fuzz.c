// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random memory maps and parameters into
 * densemem_build(), the invariants of mm/densemem/layout_check.c out.  Any broken invariant,
 * or a sanitizer report, aborts with the input saved by libFuzzer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "layout_check.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void print_line(void *ctx, const char *msg)
{
	printf("  # %s\n", msg);
}

static const struct densemem_check_out print_fail = { .fail = print_line };

static u64 take(const unsigned char **d, size_t *n, unsigned int bytes)
{
	u64 v = 0;

	while (bytes-- && *n) {
		v = v << 8 | **d;
		(*d)++;
		(*n)--;
	}
	return v;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct densemem_layout lo;
	static struct densemem_map map;
	struct densemem_region r[48], in[48];
	struct densemem_params p = { .min_granule = 4 << 20 };
	unsigned int nr, i, sel;
	u64 split;

	if (size < 4)
		return 0;
	sel = (unsigned int)take(&data, &size, 1);
	split = take(&data, &size, 1);
	p.highmem = sel & 1;
	p.phys_limit = sel & 2 ? 1ULL << 40 : 1ULL << 32;
	p.phys_reach = sel & 2 && split & 0x80 ? 1ULL << 32 : 0;
	p.lowmem_size = (split + 1) << 24;		/* 16 MiB .. 4 GiB */
	p.page_offset = 0xc0000000 - ((split & 0x7f) << 24);
	/* 32 bits: Arm's fixed tables, or (split & 0x20) the layout's own */
	p.table_shift = sel & 2 || split & 0x20 ? 0 : 22;
	nr = (unsigned int)take(&data, &size, 1) % 48;
	for (i = 0; i < nr; i++) {
		/* starts and sizes in 64 KiB units, sometimes off by some bytes */
		r[i].base = take(&data, &size, 3) << 16 | ((sel & 4) ? take(&data, &size, 1) : 0);
		r[i].size = (take(&data, &size, 2) + 1) << 16;
		/* split & 0x40: an odd first byte makes the entry no-map */
		r[i].nomap = (split & 0x40) && (r[i].base & 0x10000);
		if (sel & 2)
			r[i].base <<= 4;
	}
	if (!nr)
		return 0;
	/* 32 bits: the linear map may grow below PAGE_OFFSET, by up to 4 GiB */
	if (!(sel & 2))
		p.below_size = take(&data, &size, 1) << 24;
	/* the kernel sits in one of the banks, or (sel & 8) maybe none */
	i = (sel >> 4) % nr;
	p.kernel_phys = r[i].base + ((sel & 8) ? r[i].size + 1 : r[i].size / 2);
	p.phys_offset = r[i].base & ~((1ULL << 24) - 1);
	if (p.phys_offset < r[i].base && !(sel & 8))
		p.phys_offset = (r[i].base + 0xfff) & ~0xfffULL;
	/*
	 * the kernel runs within the reach, as the identity map's offset
	 * makes it on Arm (arm_densemem_phys_reach(): Keystone's is the end
	 * of the 4 GiB window its RAM's alias sits in)
	 */
	if (p.phys_reach && p.kernel_phys >= p.phys_reach)
		p.phys_reach = (p.kernel_phys | (p.phys_reach - 1)) + 1;
	memcpy(in, r, nr * sizeof(r[0]));	/* cleaned in place; check() reads r */
	if (densemem_build(&lo, &map, in, nr, &p))
		return 0;
	if (densemem_check(&lo, r, nr, &p, &print_fail)) {
		for (i = 0; i < lo.nr_ext; i++)
			printf("  ext %#llx-%#llx fate %d reason %d\n",
			       (unsigned long long)lo.ext[i].start,
			       (unsigned long long)lo.ext[i].end, lo.ext[i].fate, lo.ext[i].reason);
		for (i = 0; i < nr; i++)
			printf("  in %#llx+%#llx\n", (unsigned long long)r[i].base,
			       (unsigned long long)r[i].size);
		fflush(stdout);
		fprintf(stderr, "densemem invariant broken\n");
		abort();
	}
	return 0;
}
