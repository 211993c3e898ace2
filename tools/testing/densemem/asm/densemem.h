/* SPDX-License-Identifier: GPL-2.0 */
/* Arm's own header: densemem-plan takes the granule's rule from it. */
#include "../../../../arch/arm/include/asm/densemem.h"
