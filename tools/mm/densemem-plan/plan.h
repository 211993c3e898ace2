/* SPDX-License-Identifier: GPL-2.0 */
/*
 * densemem-plan: what densemem would make of a board's memory map.
 *
 * One direction of flow: a device tree fills a
 * struct plan_board with the banks as the firmware describes them;
 * boot.c turns them into what the kernel's memblock holds when Arm calls
 * densemem_setup(), for one kernel configuration; plan.c runs the
 * kernel's own layout builder (mm/densemem/layout.c) on that and prints.
 */
#ifndef _DENSEMEM_PLAN_H
#define _DENSEMEM_PLAN_H

#include <linux/densemem.h>
#include "layout.h"
#include <linux/kernel.h>

#define PLAN_MAX_BANKS	256
#define PLAN_MAX_NOTES	64

/* The board, as the firmware hands it to the kernel. */
struct plan_board {
	struct densemem_region bank[PLAN_MAX_BANKS];
	unsigned int nr_bank;
	struct densemem_region nomap[PLAN_MAX_BANKS];
	unsigned int nr_nomap;
	char cmdline[1024];
	char cpu[64];		/* e.g. cortex-a15: decides whether LPAE exists */
};

/* One kernel configuration: a memory split, LPAE or not, highmem or not. */
struct plan_config {
	const char *split;	/* 3G, 3G_OPT, 2G, 2G_OPT */
	u64 page_offset;
	bool lpae;
	bool highmem;
	bool boot;		/* VMSPLIT_BOOT: the linear map may grow below */
};

/* What the kernel's memblock holds when densemem_setup() runs. */
struct plan_memblock {
	struct densemem_region r[PLAN_MAX_BANKS];
	unsigned int nr;
	u64 ignored;		/* bytes the kernel dropped before densemem, unnamed */
	char note[PLAN_MAX_NOTES][160];
	unsigned int nr_note;
	/* what the DT code drops and names to densemem (densemem_ignore_ram()) */
	struct densemem_ignored dt;
};

int plan_read_fdt(struct plan_board *b, const void *fdt, size_t size,
		  char *err, size_t errlen);

u64 plan_phys_offset(const struct plan_board *b, u64 load);
bool plan_cpu_has_lpae(const char *cpu);
void plan_memblock(struct plan_memblock *mb, const struct plan_board *b,
		   const struct plan_config *c, u64 phys_offset);
void plan_params(struct densemem_params *p, const struct plan_board *b,
		 const struct plan_config *c, u64 phys_offset,
		 unsigned int max_order_shift);

#endif /* _DENSEMEM_PLAN_H */
