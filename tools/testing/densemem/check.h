/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DENSEMEM_CHECK_H
#define _DENSEMEM_CHECK_H
#include <linux/densemem.h>

int densemem_check(const struct densemem_layout *lo, const struct densemem_region *in,
		   unsigned int nr, const struct densemem_params *p, int verbose);
#endif
