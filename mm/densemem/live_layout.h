/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the files of mm/densemem: the layout this kernel built at boot. */
#ifndef _MM_DENSEMEM_LIVE_LAYOUT_H
#define _MM_DENSEMEM_LIVE_LAYOUT_H

#include "layout.h"

extern struct densemem_layout densemem_layout;
extern struct densemem_params densemem_params;

void densemem_print_layout(void);

#endif /* _MM_DENSEMEM_LIVE_LAYOUT_H */
