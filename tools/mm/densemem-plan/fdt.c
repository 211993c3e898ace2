// SPDX-License-Identifier: GPL-2.0
/*
 * A flattened device tree (a .dtb, or /sys/firmware/fdt on a running
 * board) as the kernel reads it for memory: every available node with
 * device_type "memory" (linux,usable-memory before reg), no-map children
 * of /reserved-memory, /chosen/bootargs and the first CPU's compatible.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libfdt.h>

#include "plan.h"

static u64 read_cells(const fdt32_t *p, int n)
{
	u64 v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return v;
}

static int cells(const void *fdt, int node, const char *name, int dflt)
{
	const fdt32_t *p = fdt_getprop(fdt, node, name, NULL);

	return p ? (int)fdt32_to_cpu(*p) : dflt;
}

static bool available(const void *fdt, int node)
{
	const char *s = fdt_getprop(fdt, node, "status", NULL);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

/* Append the (address, size) pairs of @prop to @r; -ENOSPC past @max. */
static int read_reg(const void *fdt, int node, const char *prop, int ac, int sc,
		    struct densemem_region *r, unsigned int *nr, unsigned int max)
{
	const fdt32_t *p;
	int len, i;

	p = fdt_getprop(fdt, node, prop, &len);
	if (!p)
		return -ENOENT;
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2 || len % (4 * (ac + sc)))
		return -EINVAL;
	for (i = 0; i < len / 4; i += ac + sc) {
		if (*nr == max)
			return -ENOSPC;
		r[*nr].base = read_cells(p + i, ac);
		r[(*nr)++].size = read_cells(p + i + ac, sc);
	}
	return 0;
}

/*
 * The structure block, walked tag by tag with bounds checks.  Not
 * fdt_check_full(): libfdt 1.6.1 (Debian 12) dereferences NULL in it on
 * blobs the fuzzer found (regress/fdt-check-full-null.dtb).
 */
static int check_blob(const void *fdt, size_t size)
{
	int ret = fdt_check_header(fdt), depth = 0, off = 0, next, len;
	const char *name;
	uint32_t tag;

	if (ret)
		return ret;
	if (fdt_totalsize(fdt) > size)
		return -FDT_ERR_TRUNCATED;
	if (fdt_next_tag(fdt, 0, &next) != FDT_BEGIN_NODE)
		return -FDT_ERR_BADSTRUCTURE;
	do {
		tag = fdt_next_tag(fdt, off, &next);
		if (next < 0)
			return next;
		switch (tag) {
		case FDT_BEGIN_NODE:
			if (++depth > 64)
				return -FDT_ERR_BADSTRUCTURE;
			break;
		case FDT_END_NODE:
			if (--depth < 0)
				return -FDT_ERR_BADSTRUCTURE;
			break;
		case FDT_PROP:
			if (!fdt_getprop_by_offset(fdt, off, &name, &len) && len < 0)
				return len;
			if (!name)
				return -FDT_ERR_BADSTRUCTURE;
			break;
		case FDT_END:
			if (depth)
				return -FDT_ERR_BADSTRUCTURE;
			break;
		case FDT_NOP:
			break;
		default:
			return -FDT_ERR_BADSTRUCTURE;
		}
		off = next;
	} while (tag != FDT_END);
	return 0;
}

/**
 * plan_read_fdt() - fill @b from a flattened device tree
 * @b: the board, fully written
 * @fdt: the blob
 * @size: bytes at @fdt
 * @err: why it was refused
 * @errlen: size of @err
 *
 * The blob is checked in full before anything is read, so a truncated or
 * corrupt one is refused rather than half read.
 *
 * Return: 0, or a negative errno with @err set.
 */
int plan_read_fdt(struct plan_board *b, const void *fdt, size_t size,
		  char *err, size_t errlen)
{
	int ac, sc, node, cpus, ret, len;
	const char *s;

	memset(b, 0, sizeof(*b));
	snprintf(b->cpu, sizeof(b->cpu), "unknown");
	if (size < sizeof(struct fdt_header)) {
		snprintf(err, errlen,
			 "corrupt device tree blob: %zu bytes, shorter than its header", size);
		return -EINVAL;
	}
	if (fdt_magic(fdt) != FDT_MAGIC) {
		snprintf(err, errlen, "not a device tree blob (no FDT magic)");
		return -EINVAL;
	}
	ret = check_blob(fdt, size);
	if (ret) {
		snprintf(err, errlen, "corrupt device tree blob: %s", fdt_strerror(ret));
		return -EINVAL;
	}
	ac = cells(fdt, 0, "#address-cells", 1);
	sc = cells(fdt, 0, "#size-cells", 1);

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);

		if (!type || strcmp(type, "memory") || !available(fdt, node))
			continue;
		ret = read_reg(fdt, node, "linux,usable-memory", ac, sc, b->bank,
			       &b->nr_bank, PLAN_MAX_BANKS);
		if (ret == -ENOENT)
			ret = read_reg(fdt, node, "reg", ac, sc, b->bank, &b->nr_bank,
				       PLAN_MAX_BANKS);
		if (ret == -EINVAL || ret == -ENOSPC) {
			snprintf(err, errlen, "%s: %s", fdt_get_name(fdt, node, NULL),
				 ret == -ENOSPC ? "more than the tool's 256 banks" :
				 "reg does not fit #address-cells/#size-cells");
			return ret;
		}
	}
	if (!b->nr_bank) {
		snprintf(err, errlen, "no memory node with a reg");
		return -ENOENT;
	}

	node = fdt_path_offset(fdt, "/reserved-memory");
	if (node >= 0) {
		int rac = cells(fdt, node, "#address-cells", ac);
		int rsc = cells(fdt, node, "#size-cells", sc);
		int child;

		fdt_for_each_subnode(child, fdt, node) {
			if (!fdt_getprop(fdt, child, "no-map", NULL) || !available(fdt, child))
				continue;
			ret = read_reg(fdt, child, "reg", rac, rsc, b->nomap, &b->nr_nomap,
				       PLAN_MAX_BANKS);
			if (ret == -EINVAL || ret == -ENOSPC) {
				snprintf(err, errlen, "reserved-memory/%s: bad reg",
					 fdt_get_name(fdt, child, NULL));
				return ret;
			}
		}
	}

	node = fdt_path_offset(fdt, "/chosen");
	s = node >= 0 ? fdt_getprop(fdt, node, "bootargs", &len) : NULL;
	if (s && len > 0 && !memchr(s, '\0', len))
		s = NULL;	/* not a string: ignore, as the kernel would */
	if (s)
		snprintf(b->cmdline, sizeof(b->cmdline), "%s", s);

	cpus = fdt_path_offset(fdt, "/cpus");
	if (cpus >= 0) {
		fdt_for_each_subnode(node, fdt, cpus) {
			const char *compat = fdt_getprop(fdt, node, "compatible", &len);

			if (!compat || len <= 0 || !memchr(compat, '\0', len))
				continue;
			s = strchr(compat, ',');
			snprintf(b->cpu, sizeof(b->cpu), "%s", s ? s + 1 : compat);
			break;
		}
	}
	return 0;
}
