// SPDX-License-Identifier: GPL-2.0
/*
 * Cost of the memory model's translations, measured in the running kernel.
 *
 * Not a test: with densemem_bench=N on the command line, once at boot,
 * each translation is called through a noinline wrapper on 1024 random
 * valid addresses spread over all RAM banks, N times over, and the time
 * is divided by the calls, less the same loop around an identity wrapper.
 * Under "qemu-system-arm -icount shift=0" guest time counts instructions,
 * so the figures are instructions per call, the same on every run.  Each
 * operation is also run as a linear scan of the RAM banks per call, the
 * way vendor kernels translated discontiguous memory, for comparison.
 *
 * The wrappers are kept out of line (bench_op_*), so that objdump of the
 * same vmlinux gives the static cost of each translation.
 */
#define pr_fmt(fmt) "densemem-bench: " fmt

#include <linux/init.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/pfn.h>
#include <linux/printk.h>
#include <linux/timekeeping.h>

#define BENCH_ADDRS	1024
#define BENCH_BANKS	16

static unsigned int bench_rounds __initdata;

/* densemem_bench=N: an __init parameter, gone with the init sections */
static int __init bench_setup(char *s)
{
	if (kstrtouint(s, 0, &bench_rounds))
		pr_warn("densemem-bench: densemem_bench=%s is not a number: not run\n", s);
	return 1;
}
__setup("densemem_bench=", bench_setup);

/* The RAM banks as /proc/iomem has them: what a scan walks. */
struct bench_bank {
	unsigned long start_pfn, end_pfn;
	unsigned long vstart, vend;		/* linear addresses */
	struct page *pstart, *pend;
};

static struct bench_bank banks[BENCH_BANKS] __initdata;
static unsigned int nr_banks __initdata;
static unsigned long pfns[BENCH_ADDRS] __initdata;
static unsigned long vaddrs[BENCH_ADDRS] __initdata;
static struct page *pages[BENCH_ADDRS] __initdata;
static unsigned long sink __initdata;

static int __init bench_add_bank(unsigned long pfn, unsigned long nr, void *arg)
{
	struct bench_bank *b = &banks[nr_banks];

	/* lowmem only: the linear map is what is measured */
	if (nr_banks == BENCH_BANKS || pfn >= max_low_pfn)
		return 0;
	if (nr > max_low_pfn - pfn)
		nr = max_low_pfn - pfn;
	b->start_pfn = pfn;
	b->end_pfn = pfn + nr;
	b->vstart = (unsigned long)pfn_to_kaddr(pfn);
	b->vend = b->vstart + (nr << PAGE_SHIFT);
	b->pstart = pfn_to_page(pfn);
	b->pend = b->pstart + nr;
	nr_banks++;
	return 0;
}

/* The operations, each out of line so that its code can be counted. */
static noinline unsigned long __init bench_op_none(unsigned long x)
{
	return x;
}

static noinline unsigned long __init bench_op_phys_to_virt(unsigned long pfn)
{
	return (unsigned long)phys_to_virt(PFN_PHYS(pfn));
}

static noinline unsigned long __init bench_op_virt_to_phys(unsigned long v)
{
	return (unsigned long)virt_to_phys((void *)v);
}

static noinline unsigned long __init bench_op_pfn_to_page(unsigned long pfn)
{
	return (unsigned long)pfn_to_page(pfn);
}

static noinline unsigned long __init bench_op_page_to_pfn(unsigned long page)
{
	return page_to_pfn((struct page *)page);
}

static noinline unsigned long __init bench_op_page_address(unsigned long page)
{
	return (unsigned long)page_address((struct page *)page);
}

static noinline unsigned long __init bench_op_virt_to_page(unsigned long v)
{
	return (unsigned long)virt_to_page((void *)v);
}

static noinline unsigned long __init bench_op_pfn_valid(unsigned long pfn)
{
	return pfn_valid(pfn);
}

/* The same, by a linear scan of the banks per call. */
static __always_inline const struct bench_bank *scan_pfn(unsigned long pfn)
{
	unsigned int i;

	for (i = 0; i < nr_banks; i++)
		if (pfn >= banks[i].start_pfn && pfn < banks[i].end_pfn)
			return &banks[i];
	return NULL;
}

static __always_inline const struct bench_bank *scan_virt(unsigned long v)
{
	unsigned int i;

	for (i = 0; i < nr_banks; i++)
		if (v >= banks[i].vstart && v < banks[i].vend)
			return &banks[i];
	return NULL;
}

static __always_inline const struct bench_bank *scan_page(const struct page *p)
{
	unsigned int i;

	for (i = 0; i < nr_banks; i++)
		if (p >= banks[i].pstart && p < banks[i].pend)
			return &banks[i];
	return NULL;
}

static noinline unsigned long __init bench_scan_phys_to_virt(unsigned long pfn)
{
	const struct bench_bank *b = scan_pfn(pfn);

	return b ? b->vstart + ((pfn - b->start_pfn) << PAGE_SHIFT) : 0;
}

static noinline unsigned long __init bench_scan_virt_to_phys(unsigned long v)
{
	const struct bench_bank *b = scan_virt(v);

	return b ? PFN_PHYS(b->start_pfn) + (v - b->vstart) : 0;
}

static noinline unsigned long __init bench_scan_pfn_to_page(unsigned long pfn)
{
	const struct bench_bank *b = scan_pfn(pfn);

	return b ? (unsigned long)(b->pstart + (pfn - b->start_pfn)) : 0;
}

static noinline unsigned long __init bench_scan_page_to_pfn(unsigned long page)
{
	const struct page *p = (const struct page *)page;
	const struct bench_bank *b = scan_page(p);

	return b ? b->start_pfn + (p - b->pstart) : 0;
}

static noinline unsigned long __init bench_scan_page_address(unsigned long page)
{
	const struct page *p = (const struct page *)page;
	const struct bench_bank *b = scan_page(p);

	return b ? b->vstart + ((unsigned long)(p - b->pstart) << PAGE_SHIFT) : 0;
}

static noinline unsigned long __init bench_scan_virt_to_page(unsigned long v)
{
	const struct bench_bank *b = scan_virt(v);

	return b ? (unsigned long)(b->pstart + ((v - b->vstart) >> PAGE_SHIFT)) : 0;
}

static noinline unsigned long __init bench_scan_pfn_valid(unsigned long pfn)
{
	return !!scan_pfn(pfn);
}

enum bench_arg { ARG_PFN, ARG_VIRT, ARG_PAGE };

struct bench_op {
	const char *name;
	unsigned long (*op)(unsigned long arg);
	unsigned long (*scan)(unsigned long arg);
	enum bench_arg arg;
};

static const struct bench_op ops[] __initconst = {
	{ "phys_to_virt", bench_op_phys_to_virt, bench_scan_phys_to_virt, ARG_PFN },
	{ "virt_to_phys", bench_op_virt_to_phys, bench_scan_virt_to_phys, ARG_VIRT },
	{ "pfn_to_page", bench_op_pfn_to_page, bench_scan_pfn_to_page, ARG_PFN },
	{ "page_to_pfn", bench_op_page_to_pfn, bench_scan_page_to_pfn, ARG_PAGE },
	{ "page_address", bench_op_page_address, bench_scan_page_address, ARG_PAGE },
	{ "virt_to_page", bench_op_virt_to_page, bench_scan_virt_to_page, ARG_VIRT },
	{ "pfn_valid", bench_op_pfn_valid, bench_scan_pfn_valid, ARG_PFN },
};

/*
 * Nanoseconds of the fastest of bench_rounds passes of @fn over the
 * addresses of @arg: an interrupt in a pass (the timer's tick) makes that
 * pass slower, never faster, so the fastest is the calls' own cost.
 */
static u64 __init bench_time(unsigned long (*fn)(unsigned long arg), enum bench_arg arg)
{
	const unsigned long *a = arg == ARG_PFN ? pfns : arg == ARG_VIRT ?
				 vaddrs : (const unsigned long *)pages;
	u64 t0, best = U64_MAX;
	unsigned int r, i;

	for (r = 0; r < bench_rounds; r++) {
		t0 = ktime_get_ns();
		for (i = 0; i < BENCH_ADDRS; i++)
			sink += fn(a[i]);
		best = min(best, ktime_get_ns() - t0);
	}
	return best;
}

/* Thousandths of a nanosecond per call, less the loop's own cost. */
static long __init bench_cost(u64 ns, u64 base)
{
	return (long)div64_u64((ns - base) * 1000, BENCH_ADDRS);
}

static int __init densemem_bench(void)
{
	const char *model = IS_ENABLED(CONFIG_DENSEMEM) ? "densemem" :
			    IS_ENABLED(CONFIG_SPARSEMEM) ? "sparsemem" : "flatmem";
	unsigned long total = 0, x = 0x2545f491;
	unsigned int i, k;
	u64 base;

	if (!bench_rounds)
		return 0;
	walk_system_ram_range(0, ~0UL >> 1, NULL, bench_add_bank);
	for (k = 0; k < nr_banks; k++)
		total += banks[k].end_pfn - banks[k].start_pfn;
	if (!total) {
		pr_err("no lowmem bank found\n");
		return 0;
	}
	/* the same addresses on every boot: xorshift, banks in turn */
	for (i = 0; i < BENCH_ADDRS; i++) {
		const struct bench_bank *b = &banks[i % nr_banks];

		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		pfns[i] = b->start_pfn + x % (b->end_pfn - b->start_pfn);
		vaddrs[i] = (unsigned long)pfn_to_kaddr(pfns[i]) + (x & ~PAGE_MASK);
		pages[i] = pfn_to_page(pfns[i]);
	}
	/* every wrapper must agree with its scan before it is timed */
	for (k = 0; k < ARRAY_SIZE(ops); k++)
		for (i = 0; i < BENCH_ADDRS; i++) {
			unsigned long a = ops[k].arg == ARG_PFN ? pfns[i] :
					  ops[k].arg == ARG_VIRT ? vaddrs[i] :
					  (unsigned long)pages[i];

			if (ops[k].op(a) != ops[k].scan(a)) {
				pr_err("%s(%#lx): %#lx, the scan says %#lx\n", ops[k].name,
				       a, ops[k].op(a), ops[k].scan(a));
				return 0;
			}
		}

	base = bench_time(bench_op_none, ARG_PFN);
	pr_info("model=%s struct_page=%zu banks=%u addrs=%u rounds=%u loop_ns=%llu\n",
		model, sizeof(struct page), nr_banks, BENCH_ADDRS, bench_rounds, base);
	for (k = 0; k < ARRAY_SIZE(ops); k++) {
		long op = bench_cost(bench_time(ops[k].op, ops[k].arg), base);
		long scan = bench_cost(bench_time(ops[k].scan, ops[k].arg), base);

		pr_info("op=%s model=%s milli_ns_per_call=%ld scan_milli_ns_per_call=%ld\n",
			ops[k].name, model, op, scan);
	}
	pr_info("done sink=%lu\n", sink & 1);
	return 0;
}
late_initcall(densemem_bench);
