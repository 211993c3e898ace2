// SPDX-License-Identifier: GPL-2.0
/*
 * The user/kernel split, chosen at boot (CONFIG_VMSPLIT_BOOT).
 *
 * The kernel is linked at PAGE_OFFSET, for a 3G split.  When the board's
 * RAM does not fit the linear map above PAGE_OFFSET, densemem places the
 * rest below it (densemem_params.below_size), down to ARM_VMSPLIT_BOOT_LOWEST
 * at most, and only as far as the RAM needs; the image stays where it is
 * linked, with dense == physical.  User space and the modules follow the
 * linear map's start, as they follow PAGE_OFFSET on a fixed split:
 *
 *	0 ... TASK_SIZE | modules, 16 MiB | LOWMEM_START ... PAGE_OFFSET
 *	(the RAM below the kernel's bank) | PAGE_OFFSET: the image and the
 *	rest of the linear map | high_memory | vmalloc
 *
 * The modules are then out of branch range of the kernel's text, and
 * reach it through PLTs (ARM_MODULE_PLTS).
 */
#define pr_fmt(fmt) "vmsplit: " fmt

#include <linux/densemem.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <asm/memory.h>

#include "densemem_params.h"
#include "mm.h"

/* the first address of the linear map: LOWMEM_START */
unsigned long arm_lowmem_start __ro_after_init = PAGE_OFFSET;
EXPORT_SYMBOL(arm_lowmem_start);

/* TASK_SIZE: until the split is chosen, the link's */
unsigned long arm_task_size __ro_after_init = PAGE_OFFSET - SZ_16M;
EXPORT_SYMBOL(arm_task_size);

/* where the struct page of virtual address 0 would be: virt_to_page() */
struct page *arm_linear_pages __ro_after_init;
EXPORT_SYMBOL(arm_linear_pages);

enum vmsplit_mode { VMSPLIT_AUTO, VMSPLIT_LINK, VMSPLIT_LOWEST };

static enum vmsplit_mode vmsplit_mode __initdata;
static bool vmsplit_set __initdata;

static int __init early_vmsplit(char *arg)
{
	if (!arg)
		return -EINVAL;
	if (!strcmp(arg, "auto"))
		vmsplit_mode = VMSPLIT_AUTO;
	else if (!strcmp(arg, "3g"))
		vmsplit_mode = VMSPLIT_LINK;
	else if (!strcmp(arg, "2g"))
		vmsplit_mode = VMSPLIT_LOWEST;
	else
		pr_warn("vmsplit=%s is not auto, 3g or 2g: auto\n", arg);
	return 0;
}
early_param("vmsplit", early_vmsplit);

/**
 * arm_vmsplit_below() - how far the linear map may grow below PAGE_OFFSET
 *
 * Return: bytes of linear map below PAGE_OFFSET that densemem may fill:
 * none with vmsplit=3g.
 */
u64 __init arm_vmsplit_below(void)
{
	return arm_vmsplit_below_size(PAGE_OFFSET, vmsplit_mode == VMSPLIT_LINK);
}

/* the first address of the linear map, from the tables densemem built */
static unsigned long __init vmsplit_lowmem_start(void)
{
	return densemem_map.voffset + (densemem_map.base_pfn << PAGE_SHIFT);
}

/**
 * arm_vmsplit_high_memory() - the end of the linear map
 *
 * Without highmem, the end of the dense space, wherever the physical end
 * of lowmem maps.
 *
 * Return: high_memory.
 */
void * __init arm_vmsplit_high_memory(void)
{
	return (void *)(densemem_map.voffset +
			((densemem_map.base_pfn + densemem_map.nr_pages) << PAGE_SHIFT));
}

/**
 * arm_vmsplit_set() - the split, from the layout densemem made
 *
 * Called from adjust_lowmem_bounds() once densemem has made the layout,
 * before any user space, module or uaccess exists: TASK_SIZE and the
 * modules move 16 MiB below the linear map's start, or below
 * ARM_VMSPLIT_BOOT_LOWEST with vmsplit=2g.  Prints the split taken, and
 * why.  User space always ends below the linear map, whatever the layout.
 */
void __init arm_vmsplit_set(void)
{
	unsigned long start = vmsplit_lowmem_start();
	const char *why;

	/* adjust_lowmem_bounds() runs twice: the layout is made once */
	if (vmsplit_set)
		return;
	vmsplit_set = true;
	if (WARN(start > PAGE_OFFSET || start < ARM_VMSPLIT_BOOT_LOWEST,
		 "vmsplit: linear map from %#lx, outside [%#lx, %#lx]\n",
		 start, ARM_VMSPLIT_BOOT_LOWEST, PAGE_OFFSET))
		start = min(start, PAGE_OFFSET);
	if (vmsplit_mode == VMSPLIT_LINK)
		why = "vmsplit=3g, the split the kernel is linked for";
	else if (vmsplit_mode == VMSPLIT_LOWEST)
		why = "vmsplit=2g";
	else if (start < PAGE_OFFSET)
		why = "auto: the RAM does not fit the linear map above PAGE_OFFSET";
	else
		why = "auto: the RAM fits the linear map above PAGE_OFFSET";
	arm_lowmem_start = start;
	arm_task_size = arm_vmsplit_task_size(start, vmsplit_mode == VMSPLIT_LOWEST);
	pr_info("user %lu MiB (TASK_SIZE %#lx), linear map from %#lx, %lu MiB below PAGE_OFFSET %#lx: %s\n",
		arm_task_size >> 20, arm_task_size, start, (PAGE_OFFSET - start) >> 20,
		PAGE_OFFSET, why);
}

/**
 * arm_vmsplit_mem_map() - virt_to_page()'s base, once mem_map[] exists
 *
 * mem_map[] holds the struct page of LOWMEM_START first.
 */
void __init arm_vmsplit_mem_map(void)
{
	arm_linear_pages = mem_map - (arm_lowmem_start >> PAGE_SHIFT);
}
