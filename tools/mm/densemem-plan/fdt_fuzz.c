// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: any blob, as a DTB, through the whole
 * plan (reader, the kernel's pre-densemem steps, the layout builder) for
 * every configuration.  It must refuse or succeed, never crash.
 */
#include <stdint.h>
#include <string.h>

#include "plan.h"

static const struct plan_config cfg[] = {
	{ "3G", 0xc0000000, false, false }, { "2G_OPT", 0x70000000, false, true },
	{ "2G", 0x80000000, true, false },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct plan_board b;
	static struct plan_memblock mb;
	static struct densemem_layout lo;
	static struct densemem_map map;
	struct densemem_params p;
	char err[256];
	unsigned int i;

	if (plan_read_fdt(&b, data, size, err, sizeof(err)))
		return 0;
	for (i = 0; i < ARRAY_SIZE(cfg); i++) {
		u64 po = plan_phys_offset(&b, 0);

		plan_memblock(&mb, &b, &cfg[i], po);
		plan_params(&p, &b, &cfg[i], po, 10 + PAGE_SHIFT);
		densemem_build(&lo, &map, mb.r, mb.nr, &p);
	}
	return 0;
}
