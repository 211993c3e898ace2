/* SPDX-License-Identifier: GPL-2.0 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
