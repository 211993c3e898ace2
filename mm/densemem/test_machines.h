/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memory maps of the machine files of the densemem project (machines/),
 * generated from them by harness/boot/machine.py c-banks (make test-machines):
 * the memory maps that tools/testing/densemem and the KUnit suite lay out
 * are those the boots run, as memblock holds them (a no-map region is an
 * entry of its own, flagged): for each, a struct densemem_region array
 * initialiser and its number of entries.
 */
#ifndef _MM_DENSEMEM_TEST_MACHINES_H
#define _MM_DENSEMEM_TEST_MACHINES_H

/* machines/flat-1g.mem */
#define DM_MACHINE_FLAT_1G_NR	1
#define DM_MACHINE_FLAT_1G	\
	{ { 0x40000000ULL, 0x40000000ULL } }

/* machines/lpae-dma32.mem */
#define DM_MACHINE_LPAE_DMA32_NR	2
#define DM_MACHINE_LPAE_DMA32	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0x140000000ULL, 0x40000000ULL } }

/* machines/lpae-small-low.mem */
#define DM_MACHINE_LPAE_SMALL_LOW_NR	2
#define DM_MACHINE_LPAE_SMALL_LOW	\
	{ { 0x40000000ULL, 0x6000000ULL }, \
	  { 0x140000000ULL, 0x40000000ULL } }

/* machines/lpae-split-movable.mem */
#define DM_MACHINE_LPAE_SPLIT_MOVABLE_NR	2
#define DM_MACHINE_LPAE_SPLIT_MOVABLE	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0x140000000ULL, 0x40000000ULL } }

/* machines/lpae-split.mem */
#define DM_MACHINE_LPAE_SPLIT_NR	2
#define DM_MACHINE_LPAE_SPLIT	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0x140000000ULL, 0x40000000ULL } }

/* machines/pbx-a9-1g.mem */
#define DM_MACHINE_PBX_A9_1G_NR	2
#define DM_MACHINE_PBX_A9_1G	\
	{ { 0x20000000ULL, 0x20000000ULL }, \
	  { 0x70000000ULL, 0x20000000ULL } }

/* machines/virt-2x-initrd-nomap.mem */
#define DM_MACHINE_VIRT_2X_INITRD_NOMAP_NR	4
#define DM_MACHINE_VIRT_2X_INITRD_NOMAP	\
	{ { 0x40000000ULL, 0x1400000ULL }, \
	  { 0x41400000ULL, 0x400000ULL, true }, \
	  { 0x41800000ULL, 0x1e800000ULL }, \
	  { 0x80000000ULL, 0x20000000ULL } }

/* machines/virt-2x1g-cma-hole.mem */
#define DM_MACHINE_VIRT_2X1G_CMA_HOLE_NR	2
#define DM_MACHINE_VIRT_2X1G_CMA_HOLE	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0xc0000000ULL, 0x40000000ULL } }

/* machines/virt-2x1g-cma.mem */
#define DM_MACHINE_VIRT_2X1G_CMA_NR	2
#define DM_MACHINE_VIRT_2X1G_CMA	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0xc0000000ULL, 0x40000000ULL } }

/* machines/virt-2x1g.mem */
#define DM_MACHINE_VIRT_2X1G_NR	2
#define DM_MACHINE_VIRT_2X1G	\
	{ { 0x40000000ULL, 0x40000000ULL }, \
	  { 0xc0000000ULL, 0x40000000ULL } }

/* machines/virt-2x512.mem */
#define DM_MACHINE_VIRT_2X512_NR	2
#define DM_MACHINE_VIRT_2X512	\
	{ { 0x40000000ULL, 0x20000000ULL }, \
	  { 0x80000000ULL, 0x20000000ULL } }

/* machines/virt-carveout.mem */
#define DM_MACHINE_VIRT_CARVEOUT_NR	5
#define DM_MACHINE_VIRT_CARVEOUT	\
	{ { 0x40000000ULL, 0x20000000ULL }, \
	  { 0x60000000ULL, 0x10000000ULL, true }, \
	  { 0x70000000ULL, 0xf000000ULL }, \
	  { 0x7f000000ULL, 0x1000000ULL, true }, \
	  { 0x80000000ULL, 0x20000000ULL } }

/* machines/virt-firmware.mem */
#define DM_MACHINE_VIRT_FIRMWARE_NR	21
#define DM_MACHINE_VIRT_FIRMWARE	\
	{ { 0x40000000ULL, 0x1000000ULL }, \
	  { 0x41000000ULL, 0x400000ULL, true }, \
	  { 0x41400000ULL, 0x400000ULL }, \
	  { 0x41800000ULL, 0x100000ULL, true }, \
	  { 0x41900000ULL, 0x6700000ULL }, \
	  { 0x48000000ULL, 0x4000000ULL, true }, \
	  { 0x4c000000ULL, 0x4000000ULL }, \
	  { 0x50000000ULL, 0x800000ULL, true }, \
	  { 0x50800000ULL, 0x1800000ULL }, \
	  { 0x52000000ULL, 0x200000ULL, true }, \
	  { 0x52200000ULL, 0x5e00000ULL }, \
	  { 0x58000000ULL, 0x1000000ULL, true }, \
	  { 0x59000000ULL, 0x7000000ULL }, \
	  { 0x60000000ULL, 0x2000000ULL, true }, \
	  { 0x62000000ULL, 0x6000000ULL }, \
	  { 0x68000000ULL, 0x400000ULL, true }, \
	  { 0x68400000ULL, 0x7c00000ULL }, \
	  { 0x70000000ULL, 0x100000ULL, true }, \
	  { 0x70100000ULL, 0x7f00000ULL }, \
	  { 0x78000000ULL, 0x1000000ULL, true }, \
	  { 0x79000000ULL, 0x27000000ULL } }

/* machines/virt-initrd-nomap.mem */
#define DM_MACHINE_VIRT_INITRD_NOMAP_NR	3
#define DM_MACHINE_VIRT_INITRD_NOMAP	\
	{ { 0x40000000ULL, 0x3000000ULL }, \
	  { 0x43000000ULL, 0x1000000ULL, true }, \
	  { 0x44000000ULL, 0x3c000000ULL } }

/* machines/virt-load.mem */
#define DM_MACHINE_VIRT_LOAD_NR	2
#define DM_MACHINE_VIRT_LOAD	\
	{ { 0x40000000ULL, 0x10000000ULL }, \
	  { 0x80000000ULL, 0x40000000ULL } }

/* machines/virt-quad.mem */
#define DM_MACHINE_VIRT_QUAD_NR	4
#define DM_MACHINE_VIRT_QUAD	\
	{ { 0x40000000ULL, 0x20000000ULL }, \
	  { 0x80000000ULL, 0x10000000ULL }, \
	  { 0xa0000000ULL, 0x10000000ULL }, \
	  { 0xc0000000ULL, 0x10000000ULL } }

/* machines/virt-ragged.mem */
#define DM_MACHINE_VIRT_RAGGED_NR	2
#define DM_MACHINE_VIRT_RAGGED	\
	{ { 0x40100000ULL, 0x1ff00000ULL }, \
	  { 0x80000000ULL, 0x20000000ULL } }

/* machines/virt-sixteen.mem */
#define DM_MACHINE_VIRT_SIXTEEN_NR	16
#define DM_MACHINE_VIRT_SIXTEEN	\
	{ { 0x40000000ULL, 0x4000000ULL }, \
	  { 0x48000000ULL, 0x4000000ULL }, \
	  { 0x50000000ULL, 0x4000000ULL }, \
	  { 0x58000000ULL, 0x4000000ULL }, \
	  { 0x60000000ULL, 0x4000000ULL }, \
	  { 0x68000000ULL, 0x4000000ULL }, \
	  { 0x70000000ULL, 0x4000000ULL }, \
	  { 0x78000000ULL, 0x4000000ULL }, \
	  { 0x80000000ULL, 0x4000000ULL }, \
	  { 0x88000000ULL, 0x4000000ULL }, \
	  { 0x90000000ULL, 0x4000000ULL }, \
	  { 0x98000000ULL, 0x4000000ULL }, \
	  { 0xa0000000ULL, 0x4000000ULL }, \
	  { 0xa8000000ULL, 0x4000000ULL }, \
	  { 0xb0000000ULL, 0x4000000ULL }, \
	  { 0xb8000000ULL, 0x4000000ULL } }

/* machines/virt-touch.mem */
#define DM_MACHINE_VIRT_TOUCH_NR	5
#define DM_MACHINE_VIRT_TOUCH	\
	{ { 0x40000000ULL, 0x10000000ULL }, \
	  { 0x50000000ULL, 0x10000000ULL }, \
	  { 0x60000000ULL, 0x10000000ULL }, \
	  { 0x70000000ULL, 0x10000000ULL }, \
	  { 0xa0000000ULL, 0x10000000ULL } }

/* machines/virt-tri.mem */
#define DM_MACHINE_VIRT_TRI_NR	3
#define DM_MACHINE_VIRT_TRI	\
	{ { 0x40000000ULL, 0x20000000ULL }, \
	  { 0x80000000ULL, 0x20000000ULL }, \
	  { 0xc0000000ULL, 0x10000000ULL } }

#endif /* _MM_DENSEMEM_TEST_MACHINES_H */
