/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory maps that no QEMU machine of the project boots, for the host
 * layout tests (tools/testing/densemem) and the KUnit suite, which lay out
 * the same ones: each a struct densemem_region array initialiser and its
 * number of entries.  The machines' maps are in test_machines.h.
 */
#ifndef _MM_DENSEMEM_TEST_LAYOUTS_H
#define _MM_DENSEMEM_TEST_LAYOUTS_H

#define DM_MIB(x)	((u64)(x) << 20)
#define DM_TEN_4K(i)	{ DM_MIB(1024) + (i) * (DM_MIB(64) + 0x1000), DM_MIB(64) }

/* ten 64 MiB banks 4 KiB apart: each gap is a reserved page, no bank lost */
#define DM_LAYOUT_TEN_BANKS_4K_APART_NR	10
#define DM_LAYOUT_TEN_BANKS_4K_APART	\
	{ DM_TEN_4K(0), DM_TEN_4K(1), DM_TEN_4K(2), DM_TEN_4K(3), DM_TEN_4K(4), \
	  DM_TEN_4K(5), DM_TEN_4K(6), DM_TEN_4K(7), DM_TEN_4K(8), DM_TEN_4K(9) }

/* eight 256 MiB banks, each next one 60 MiB into a 64 MiB chunk: 2 GiB */
#define DM_LAYOUT_BANKS_60M_INTO_64M_NR	8
#define DM_LAYOUT_BANKS_60M_INTO_64M	\
	{ { DM_MIB(1024), DM_MIB(256) }, { DM_MIB(1468), DM_MIB(256) }, \
	  { DM_MIB(1852), DM_MIB(256) }, { DM_MIB(2236), DM_MIB(256) }, \
	  { DM_MIB(2620), DM_MIB(256) }, { DM_MIB(3004), DM_MIB(256) }, \
	  { DM_MIB(3388), DM_MIB(256) }, { DM_MIB(3772), DM_MIB(256) } }

/* a 1 MiB bank after a 300 MiB one */
#define DM_LAYOUT_SMALL_AFTER_300M_NR	2
#define DM_LAYOUT_SMALL_AFTER_300M	\
	{ { DM_MIB(1024), DM_MIB(300) }, { DM_MIB(1536), DM_MIB(1) } }

#endif /* _MM_DENSEMEM_TEST_LAYOUTS_H */
