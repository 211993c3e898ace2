// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/densemem/layout: the boot lines again, then the
 * tables the translations read, so that a board maintainer can compare
 * both with densemem-plan's output for the board's memory map.
 */
#include <linux/debugfs.h>
#include <linux/densemem.h>
#include <linux/init.h>
#include <linux/seq_file.h>

#include "live_layout.h"

static void densemem_seq_emit(void *ctx, const char *line)
{
	seq_printf(ctx, "%s\n", line);
}

static int layout_show(struct seq_file *m, void *v)
{
	const struct densemem_map *t = &densemem_map;
	unsigned long i;

	densemem_report(&densemem_layout, &densemem_params, densemem_seq_emit, m);
	seq_printf(m, "granule: %#llx bytes (shift %lu pages)\n",
		   (unsigned long long)densemem_layout.granule, t->shift);
	seq_printf(m, "dense pfns: %#lx-%#lx (%lu pages)\n", t->base_pfn,
		   t->base_pfn + t->nr_pages - 1, t->nr_pages);
	seq_printf(m, "tables: p2d %lu entries from chunk %#lx, d2p %lu entries from chunk %#lx, %zu bytes\n",
		   t->p2d_nr, t->p2d_first, t->d2p_nr, t->d2p_first,
		   (size_t)(t->p2d_nr + t->d2p_nr) * sizeof(t->p2d[0]));
	for (i = 0; i < t->p2d_nr; i++)
		seq_printf(m, "p2d[%lu] %#lx\n", i, t->p2d[i]);
	for (i = 0; i < t->d2p_nr; i++)
		seq_printf(m, "d2p[%lu] %#lx\n", i, t->d2p[i]);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(layout);

static int __init densemem_debugfs_init(void)
{
	struct dentry *dir = debugfs_create_dir("densemem", NULL);

	debugfs_create_file("layout", 0444, dir, NULL, &layout_fops);
	return 0;
}
late_initcall(densemem_debugfs_init);
