/* SPDX-License-Identifier: GPL-2.0 */
/* Host stub: just the kernel types mm/densemem/layout.c uses. */
#ifndef _HOST_LINUX_TYPES_H
#define _HOST_LINUX_TYPES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
typedef uint64_t u64;
typedef uint32_t u32;
/* as with LPAE: wider than unsigned long on 32-bit hosts */
typedef uint64_t phys_addr_t;
#define BITS_PER_LONG	((int)(8 * sizeof(long)))
#endif
