/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The invariants of a densemem layout (layout_check.c): shared by the
 * KUnit suite and the host tests of tools/testing/densemem.
 */
#ifndef _MM_DENSEMEM_LAYOUT_CHECK_H
#define _MM_DENSEMEM_LAYOUT_CHECK_H

#include "layout.h"

/**
 * struct densemem_check_out - where a checker names what it found broken
 * @fail: called once per broken invariant, with a line without newline
 * @ctx: passed to @fail
 */
struct densemem_check_out {
	void (*fail)(void *ctx, const char *msg);
	void *ctx;
};

int densemem_check_tables(const struct densemem_layout *lo, const struct densemem_params *p,
			  const struct densemem_check_out *out);
int densemem_check_holes(const struct densemem_layout *lo, const struct densemem_params *p,
			 const struct densemem_check_out *out);
int densemem_check_kernel_bank(const struct densemem_layout *lo,
			       const struct densemem_params *p,
			       const struct densemem_check_out *out);
int densemem_check_accounting(const struct densemem_layout *lo,
			      const struct densemem_region *in, unsigned int nr,
			      const struct densemem_check_out *out);
int densemem_check(const struct densemem_layout *lo, const struct densemem_region *in,
		   unsigned int nr, const struct densemem_params *p,
		   const struct densemem_check_out *out);

#endif /* _MM_DENSEMEM_LAYOUT_CHECK_H */
