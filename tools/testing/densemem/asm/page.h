/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_ASM_PAGE_H
#define _HOST_ASM_PAGE_H
#define PAGE_SHIFT	12
#define PAGE_SIZE	4096UL
#endif
