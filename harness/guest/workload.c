// SPDX-License-Identifier: GPL-2.0
/*
 * workload PCT FORKS [SPIN [ROUNDS]]: the benchmark's workloads, each timed
 * on its own, the last four ROUNDS times over (1 if not given); with SPIN,
 * before each of the last four, a line DENSEMEM-WORKLOAD-NEXT name=NAME and
 * SPIN times ten million turns of an empty loop in user space, for a
 * profiler on the host to act in (harness/bench/workload_profile.py).  Not a
 * sleep: under -icount sleep=off an idle guest's time passes in no time on
 * the host.
 * workload boot: the guest time from reset to now, from the generic timer's
 * virtual counter, one line DENSEMEM-WORKLOAD-BOOT ns=N (none on a CPU
 * without the generic timer or with user access to it off).
 * Under qemu -icount shift=0 the guest's nanoseconds are instructions, so
 * each line it prints,
 *   DENSEMEM-WORKLOAD name=NAME round=R units=N unit=UNIT ns=N ok=0|1
 * gives the instructions of N units of that workload in round R (0 for the
 * first two, which run once):
 *
 *   tmpfs_write     a tmpfs file of PCT % of MemAvailable written (MiB)
 *   pagecache_read  the same file read back and checked (MiB); the line
 *                   says whether it is larger than half of MemTotal
 *   fork_exec       fork and exec /bin/true, FORKS times (forks)
 *   pipe_pingpong   one byte each way between two processes (round trips)
 *   mmap_touch      mmap anonymous memory, write each page, munmap (pages)
 *   file_cycle      create, write 4 KiB, close and unlink a tmpfs file
 *                   (files)
 *
 * The kernel-heavy ones (the last three) spend most of their instructions
 * in the page allocator, page tables, the page cache and the scheduler:
 * where pfn_to_page(), page_to_pfn(), page_address() and virt_to_page()
 * run.
 *
 * Why rounds: the count of one run of a kernel-heavy workload depends on
 * the state the ones before left (which free blocks the buddy allocator
 * merges, which RCU callbacks fall inside the window), and that state
 * moves with anything that changes the boot by a few instructions: a
 * MiB of RAM more or less, another kernel image.  Each round starts from
 * another such state, so the mean over rounds varies less from boot to
 * boot than one run does.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BUF_WORDS	((1 << 20) / 4)	/* 1 MiB of 32-bit words */
#define PINGPONGS	20000
#define MMAP_MIB	16
#define MMAP_ROUNDS	16
#define FILES		4000

static unsigned int buf[BUF_WORDS];
static int reported, failed;

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long meminfo_kib(const char *key)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	size_t n = strlen(key);
	long kib = 0;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':') {
			kib = atol(line + n + 1);
			break;
		}
	if (f)
		fclose(f);
	return kib;
}

static int round_nr;

static void report(const char *name, long units, const char *unit, long long ns, int ok)
{
	printf("DENSEMEM-WORKLOAD name=%s round=%d units=%ld unit=%s ns=%lld ok=%d\n",
	       name, round_nr, units, unit, ns, ok);
	fflush(stdout);
	reported++;
	if (!ok)
		failed++;
}

static void die(const char *what)
{
	perror(what);
	printf("DENSEMEM-TESTS passed=0 failed=1\n");
	exit(1);
}

static void page_cache(int pct)
{
	long mib = meminfo_kib("MemAvailable") * pct / 100 / 1024;
	long total_mib = meminfo_kib("MemTotal") / 1024, i;
	long long t0, t1, t2;
	int fd, ok = 1;
	size_t j;

	fd = open("/mnt/file", O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (fd < 0)
		die("workload: open");
	t0 = now_ns();
	for (i = 0; i < mib; i++) {
		for (j = 0; j < BUF_WORDS; j += 1024)
			buf[j] = (unsigned int)(i * 256 + j / 1024);
		if (write(fd, buf, sizeof(buf)) != sizeof(buf))
			die("workload: write");
	}
	t1 = now_ns();
	lseek(fd, 0, SEEK_SET);
	for (i = 0; i < mib; i++) {
		if (read(fd, buf, sizeof(buf)) != sizeof(buf))
			die("workload: read");
		for (j = 0; j < BUF_WORDS; j += 1024)
			if (buf[j] != (unsigned int)(i * 256 + j / 1024))
				ok = 0;
	}
	t2 = now_ns();
	close(fd);
	unlink("/mnt/file");
	report("tmpfs_write", mib, "MiB", t1 - t0, 1);
	printf("DENSEMEM-WORKLOAD-FILE mib=%ld memtotal_mib=%ld over_half=%d\n",
	       mib, total_mib, 2 * mib > total_mib);
	report("pagecache_read", mib, "MiB", t2 - t1, ok);
}

static void fork_exec(int forks)
{
	long long t0 = now_ns();
	int k, ok = 1;

	for (k = 0; k < forks; k++) {
		pid_t pid = fork();
		int st;

		if (!pid) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			ok = 0;
	}
	report("fork_exec", forks, "fork", now_ns() - t0, ok);
}

static void pipe_pingpong(void)
{
	int to[2], from[2], k, st, ok = 1;
	long long t0;
	char c = 0;
	pid_t pid;

	if (pipe(to) || pipe(from))
		die("workload: pipe");
	pid = fork();
	if (pid < 0)
		die("workload: fork");
	if (!pid) {
		for (k = 0; k < PINGPONGS; k++)
			if (read(to[0], &c, 1) != 1 || write(from[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	t0 = now_ns();
	for (k = 0; k < PINGPONGS; k++) {
		char r;

		c = (char)k;
		if (write(to[1], &c, 1) != 1 || read(from[0], &r, 1) != 1 || r != c) {
			ok = 0;
			break;
		}
	}
	t0 = now_ns() - t0;
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		ok = 0;
	close(to[0]);
	close(to[1]);
	close(from[0]);
	close(from[1]);
	report("pipe_pingpong", PINGPONGS, "round_trip", t0, ok);
}

static void mmap_touch(void)
{
	size_t len = (size_t)MMAP_MIB << 20, off;
	long page = sysconf(_SC_PAGESIZE);
	long long t0 = now_ns();
	int r, ok = 1;

	for (r = 0; r < MMAP_ROUNDS; r++) {
		unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			die("workload: mmap");
		for (off = 0; off < len; off += page)
			p[off] = (unsigned char)(off / page + r);
		for (off = 0; off < len; off += page)
			if (p[off] != (unsigned char)(off / page + r))
				ok = 0;
		munmap(p, len);
	}
	report("mmap_touch", (long)(len / page) * MMAP_ROUNDS, "page", now_ns() - t0, ok);
}

static void file_cycle(void)
{
	long long t0 = now_ns();
	int k, ok = 1;

	memset(buf, 0x5a, 4096);
	for (k = 0; k < FILES; k++) {
		int fd = open("/mnt/f", O_CREAT | O_WRONLY | O_TRUNC, 0600);

		if (fd < 0 || write(fd, buf, 4096) != 4096)
			ok = 0;
		if (fd >= 0)
			close(fd);
		if (unlink("/mnt/f"))
			ok = 0;
	}
	report("file_cycle", FILES, "file", now_ns() - t0, ok);
}

static sigjmp_buf no_counter;

static void on_sigill(int sig)
{
	siglongjmp(no_counter, 1);
}

/*
 * CNTVCT counts from reset at CNTFRQ; under -icount shift=0 that is the
 * guest's virtual clock, one nanosecond per instruction, since QEMU began.
 */
static void boot_time(void)
{
	unsigned int lo, hi, frq;

	signal(SIGILL, on_sigill);
	if (sigsetjmp(no_counter, 1))
		return;
	asm volatile("mrc p15, 0, %0, c14, c0, 0" : "=r" (frq));
	asm volatile("isb; mrrc p15, 1, %0, %1, c14" : "=r" (lo), "=r" (hi));
	if (frq)
		printf("DENSEMEM-WORKLOAD-BOOT ns=%llu\n",
		       (((unsigned long long)hi << 32 | lo) * 1000000000ULL) / frq);
}

static unsigned long spin;

/* with a spin: say which workload comes next, then keep the CPU busy */
static void next(const char *name)
{
	unsigned long i;

	if (!spin)
		return;
	printf("DENSEMEM-WORKLOAD-NEXT name=%s\n", name);
	fflush(stdout);
	/* the empty asm keeps the compiler from dropping the loop */
	for (i = 0; i < spin; i++)
		asm volatile("" : "+r" (i));
}

int main(int argc, char **argv)
{
	int pct = argc > 1 ? atoi(argv[1]) : 60, forks = argc > 2 ? atoi(argv[2]) : 100;
	int rounds = argc > 4 ? atoi(argv[4]) : 1;

	spin = argc > 3 ? strtoul(argv[3], NULL, 0) * 10000000UL : 0;

	if (argc > 1 && !strcmp(argv[1], "boot")) {
		boot_time();
		return 0;
	}
	mkdir("/mnt", 0755);
	if (mount("tmpfs", "/mnt", "tmpfs", 0, "size=90%"))
		die("workload: mount tmpfs");
	page_cache(pct);
	for (round_nr = 0; round_nr < rounds || !round_nr; round_nr++) {
		next("fork_exec");
		fork_exec(forks);
		next("pipe_pingpong");
		pipe_pingpong();
		next("mmap_touch");
		mmap_touch();
		next("file_cycle");
		file_cycle();
	}
	umount("/mnt");
	printf("DENSEMEM-TESTS passed=%d failed=%d\n", reported - failed, failed);
	return !!failed;
}
