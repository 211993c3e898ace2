// SPDX-License-Identifier: GPL-2.0
/*
 * uspace: how much address space one process gets, and where it ends.
 *
 * Reserves address space in 16 MiB, then 1 MiB, pieces until none is
 * left, touches one page of each MiB of it, and reads the highest address
 * it got.  With the kernel's TASK_SIZE (the "vmsplit:" boot line of a
 * VMSPLIT_BOOT kernel, read from the kernel log), checks the boundary:
 * nothing maps at or above it, a page just below it does, and a system
 * call takes a user pointer up to it but not one byte past it, nor a
 * pointer into the linear map.
 *
 * Prints "DENSEMEM-TEST uspace ..." lines and "DENSEMEM-TESTS passed=N failed=N".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/klog.h>
#include <sys/mman.h>

#define MIB	(1UL << 20)

static int passed, failed;

static void check(int ok, const char *what, unsigned long v)
{
	printf("DENSEMEM-TEST uspace %s %s %#lx\n", ok ? "ok" : "FAIL", what, v);
	if (ok)
		passed++;
	else
		failed++;
}

/* TASK_SIZE and the linear map's start from the kernel's "vmsplit:" line */
static int boot_split(unsigned long *task_size, unsigned long *lowmem)
{
	static char log[1 << 17];
	int n = klogctl(3, log, sizeof(log) - 1);	/* SYSLOG_ACTION_READ_ALL */
	char *p;

	if (n <= 0)
		return 0;
	log[n] = 0;
	p = strstr(log, "vmsplit: user ");
	if (!p)
		return 0;
	p = strstr(p, "TASK_SIZE ");
	if (!p || sscanf(p, "TASK_SIZE %lx), linear map from %lx", task_size, lowmem) != 2)
		return 0;
	return 1;
}

/* @size bytes of address space, backed on first touch */
static void *reserve(unsigned long size)
{
	return mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

int main(void)
{
	unsigned long size, top = 0, total = 0, touched = 0, ts, lm, a;
	int fds[2];
	void *m;

	for (size = 16 * MIB; size >= MIB; size /= 16)
		while ((m = reserve(size)) != MAP_FAILED) {
			/* a store the compiler may not drop: the page is faulted in */
			for (a = 0; a < size; a += MIB, touched++)
				((volatile char *)m)[a] = 1;
			total += size;
			if ((unsigned long)m + size > top)
				top = (unsigned long)m + size;
		}
	printf("DENSEMEM-TEST uspace mapped=%lu MiB touched=%lu pages top=%#lx\n",
	       total / MIB, touched, top);
	check(total > 0, "mapped", total);
	if (!boot_split(&ts, &lm)) {
		printf("DENSEMEM-TEST uspace no vmsplit line: TASK_SIZE unknown\n");
		goto out;
	}
	printf("DENSEMEM-TEST uspace TASK_SIZE=%#lx linear_map=%#lx\n", ts, lm);
	check(top <= ts && top > ts - 64 * MIB, "highest mapping just below TASK_SIZE", top);
	m = mmap((void *)ts, 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	check(m == MAP_FAILED, "nothing maps at TASK_SIZE", ts);
	/* a free page just below TASK_SIZE: the stack and sigpage sit there */
	for (a = ts - 4096, m = MAP_FAILED; m == MAP_FAILED && a > ts - 64 * MIB; a -= 4096) {
		m = mmap((void *)a, 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (m == MAP_FAILED && errno == ENOMEM)
			continue;
	}
	if (pipe(fds))
		return 1;
	if (m != MAP_FAILED) {
		memset(m, 0x5a, 4096);
		check(write(fds[1], m, 4096) == 4096, "write() from a page below TASK_SIZE",
		      (unsigned long)m);
	}
	/* one byte past the top of user space: EFAULT */
	errno = 0;
	check(write(fds[1], (void *)(ts - 1), 2) < 0 && errno == EFAULT,
	      "write() across TASK_SIZE is EFAULT", ts - 1);
	errno = 0;
	check(write(fds[1], (void *)lm, 16) < 0 && errno == EFAULT,
	      "write() from the linear map is EFAULT", lm);
out:
	printf("DENSEMEM-TESTS passed=%d failed=%d\n", passed, failed);
	return failed != 0;
}
