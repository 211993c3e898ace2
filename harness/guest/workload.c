// SPDX-License-Identifier: GPL-2.0
/*
 * workload PCT FORKS: a page-cache workload for the benchmark.  Writes a
 * tmpfs file of PCT % of MemAvailable, reads it back and checks it, then
 * forks and execs /bin/true FORKS times.  Under qemu -icount shift=0 the
 * guest's nanoseconds are instructions, so the line it prints,
 *   DENSEMEM-WORKLOAD mib=N write_ns=N read_ns=N forks=N fork_exec_ns=N ok=0|1
 * gives instructions per MiB and per fork.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BUF_WORDS	((1 << 20) / 4)	/* 1 MiB of 32-bit words */

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long avail_kib(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	long kib = 0;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %ld kB", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib;
}

int main(int argc, char **argv)
{
	int pct = argc > 1 ? atoi(argv[1]) : 60, forks = argc > 2 ? atoi(argv[2]) : 100;
	static unsigned int buf[BUF_WORDS];
	long long t0, t1, t2, t3;
	long mib = avail_kib() * pct / 100 / 1024, i;
	int fd, ok = 1, k;
	size_t j;

	mkdir("/mnt", 0755);
	if (mount("tmpfs", "/mnt", "tmpfs", 0, "size=90%")) {
		perror("workload: mount tmpfs");
		return 1;
	}
	fd = open("/mnt/file", O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (fd < 0) {
		perror("workload: open");
		return 1;
	}
	t0 = now_ns();
	for (i = 0; i < mib; i++) {
		for (j = 0; j < BUF_WORDS; j += 1024)
			buf[j] = (unsigned int)(i * 256 + j / 1024);
		if (write(fd, buf, sizeof(buf)) != sizeof(buf)) {
			perror("workload: write");
			return 1;
		}
	}
	t1 = now_ns();
	lseek(fd, 0, SEEK_SET);
	for (i = 0; i < mib; i++) {
		if (read(fd, buf, sizeof(buf)) != sizeof(buf)) {
			perror("workload: read");
			return 1;
		}
		for (j = 0; j < BUF_WORDS; j += 1024)
			if (buf[j] != (unsigned int)(i * 256 + j / 1024))
				ok = 0;
	}
	t2 = now_ns();
	close(fd);
	unlink("/mnt/file");
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
	t3 = now_ns();
	printf("DENSEMEM-WORKLOAD mib=%ld write_ns=%lld read_ns=%lld ", mib, t1 - t0, t2 - t1);
	printf("forks=%d fork_exec_ns=%lld ok=%d\n", forks, t3 - t2, ok);
	printf("DENSEMEM-TESTS passed=%d failed=%d\n", ok, !ok);
	return !ok;
}
