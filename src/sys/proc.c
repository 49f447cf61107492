/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sys/proc.h"

extern char **environ;

/* Built before fork(): between fork and exec in a threaded process only
 * async-signal-safe calls are allowed, so no setenv() in the child. */
static char **build_env(const struct fsb_proc_opts *o)
{
	size_t n = 0, extra = 0, k = 0;
	char **envp;

	while (environ[n])
		n++;
	while (o && o->env && o->env[extra])
		extra++;
	envp = fsb_xcalloc(n + extra + 2, sizeof(*envp));
	for (size_t i = 0; i < n; i++) {
		bool overridden = strncmp(environ[i], "FSBENCH_PHASE=", 14) == 0;

		for (size_t j = 0; j < extra && !overridden; j++) {
			const char *eq = strchr(o->env[j], '=');
			size_t len = eq ? (size_t)(eq - o->env[j]) + 1 : strlen(o->env[j]);

			overridden = strncmp(environ[i], o->env[j], len) == 0;
		}
		if (!overridden)
			envp[k++] = fsb_xstrdup(environ[i]);
	}
	for (size_t j = 0; j < extra; j++)
		envp[k++] = fsb_xstrdup(o->env[j]);
	envp[k++] = fsb_xasprintf("FSBENCH_PHASE=%s", o && o->tag ? o->tag : "fsbench");
	envp[k] = NULL;
	return envp;
}

static void free_env(char **envp)
{
	for (char **e = envp; *e; e++)
		free(*e);
	free(envp);
}

int fsb_proc_spawn(const char *cmd, const struct fsb_proc_opts *o, struct fsb_proc *p,
		   struct fsb_err *err)
{
	char **envp = build_env(o);
	int pipefd[2] = { -1, -1 }, devnull = -1, rc = 0;
	pid_t pid;

	p->pid = -1;
	p->pidfd = -1;
	p->out_fd = -1;
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		rc = fsb_err_set(err, -errno, "pipe: %s", strerror(errno));
		goto out;
	}
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (devnull < 0) {
		rc = fsb_err_set(err, -errno, "/dev/null: %s", strerror(errno));
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		rc = fsb_err_set(err, -errno, "fork: %s", strerror(errno));
		goto out;
	}
	if (pid == 0) {
		sigset_t none;

		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		for (int s = 1; s < NSIG; s++)
			if (s != SIGKILL && s != SIGSTOP)
				signal(s, SIG_DFL);
		dup2(devnull, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		if (o && o->cwd && chdir(o->cwd) < 0) {
			static const char msg[] = "fsbench: cannot enter the phase's directory\n";

			if (write(2, msg, sizeof(msg) - 1) < 0)
				_exit(126);
			_exit(126);
		}
		execve("/bin/sh", (char *const[]){ "sh", "-c", (char *)cmd, NULL }, envp);
		_exit(127);
	}
	setpgid(pid, pid);	/* also in the parent: no window where kill(-pid) misses */
	p->pid = pid;
	p->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	p->out_fd = pipefd[0];
	pipefd[0] = -1;
out:
	if (pipefd[0] >= 0)
		close(pipefd[0]);
	if (pipefd[1] >= 0)
		close(pipefd[1]);
	if (devnull >= 0)
		close(devnull);
	free_env(envp);
	return rc;
}

/* Has the leader exited?  WNOWAIT leaves the zombie for fsb_proc_reap(),
 * which needs its rusage. */
static bool leader_exited(pid_t pid)
{
	siginfo_t si = { 0 };

	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

void fsb_proc_kill_group(pid_t pgid, double grace)
{
	double end;

	if (pgid <= 1)
		return;
	if (kill(-pgid, SIGTERM) < 0)
		return;
	kill(-pgid, SIGCONT);
	end = fsb_now() + grace;
	while (fsb_now() < end && !leader_exited(pgid)) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
	/* whatever is left of the group, leader or stragglers, goes now */
	kill(-pgid, SIGKILL);
}

int fsb_proc_io_parse(const char *text, struct fsb_proc_io *io)
{
	static const struct {
		const char *key;
		size_t off;
	} keys[] = {
		{ "rchar:", offsetof(struct fsb_proc_io, rchar) },
		{ "wchar:", offsetof(struct fsb_proc_io, wchar) },
		{ "read_bytes:", offsetof(struct fsb_proc_io, read_bytes) },
		{ "write_bytes:", offsetof(struct fsb_proc_io, write_bytes) },
		{ "cancelled_write_bytes:", offsetof(struct fsb_proc_io, cancelled) },
	};
	unsigned found = 0;

	memset(io, 0, sizeof(*io));
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		for (size_t k = 0; k < FSB_ARRAY_SIZE(keys); k++) {
			size_t n = strlen(keys[k].key);
			char *end;
			unsigned long long v;

			if (strncmp(l, keys[k].key, n))
				continue;
			errno = 0;
			v = strtoull(l + n, &end, 10);
			if (errno || end == l + n || (*end && *end != '\n'))
				return -EINVAL;
			*(unsigned long long *)((char *)io + keys[k].off) = v;
			found |= 1u << k;
		}
	return found == (1u << FSB_ARRAY_SIZE(keys)) - 1 ? 0 : -EINVAL;
}

int fsb_proc_io_read(pid_t pid, struct fsb_proc_io *io)
{
	char path[48], buf[512];
	ssize_t n;
	int fd, rc;

	memset(io, 0, sizeof(*io));
	if (pid > 0)
		snprintf(path, sizeof(path), "/proc/%d/io", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/io");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	rc = n < 0 ? -errno : 0;
	close(fd);
	if (rc)
		return rc;
	buf[n] = '\0';
	return fsb_proc_io_parse(buf, io);
}

int fsb_proc_reap_io(struct fsb_proc *p, int *status, struct rusage *ru, struct fsb_proc_io *io, int *io_rc)
{
	siginfo_t si = { 0 };
	int r;

	/* the leader stays a zombie until wait4 below: its /proc/PID/io still
	 * answers, with every child it reaped added in */
	do
		r = waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOWAIT);
	while (r < 0 && errno == EINTR);
	*io_rc = r < 0 ? -errno : fsb_proc_io_read(p->pid, io);
	if (*io_rc)
		memset(io, 0, sizeof(*io));
	return fsb_proc_reap(p, status, ru);
}

int fsb_proc_reap(struct fsb_proc *p, int *status, struct rusage *ru)
{
	pid_t r;

	do
		r = wait4(p->pid, status, 0, ru);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	/* what the command left behind in its group dies with it, and is
	 * waited for: orphaned, they are ours (fsb_proc_subreaper), and a
	 * killed process is gone only when reaped */
	kill(-p->pid, SIGKILL);
	while (waitpid(-p->pid, NULL, 0) > 0 || errno == EINTR)
		;
	return 0;
}

int fsb_proc_subreaper(void)
{
	return prctl(PR_SET_CHILD_SUBREAPER, 1) < 0 ? -errno : 0;
}

/* Send sig to every child of this process (any thread's), as
 * /proc/self/task/TID/children lists them. */
static void signal_children(int sig)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[300];
		long pid;
		FILE *fp;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/children", de->d_name);
		fp = fopen(path, "re");
		if (!fp)
			continue;
		while (fscanf(fp, "%ld", &pid) == 1)
			if (pid > 1)
				kill((pid_t)pid, sig);
		fclose(fp);
	}
	closedir(d);
}

void fsb_proc_reap_all(double grace)
{
	double end = fsb_now() + grace;
	int sig = SIGTERM;

	for (;;) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };
		pid_t r = waitpid(-1, NULL, WNOHANG);

		if (r > 0 || (r < 0 && errno == EINTR))
			continue;
		if (r < 0)
			return;	/* ECHILD: nothing is left */
		/* children alive: asked to go, then killed; one that dies
		 * leaves its own children to us, signalled on the next turn */
		if (sig == SIGTERM && fsb_now() >= end)
			sig = SIGKILL;
		signal_children(sig);
		signal_children(SIGCONT);
		nanosleep(&ts, NULL);
	}
}

void fsb_proc_close(struct fsb_proc *p)
{
	if (p->pidfd >= 0)
		close(p->pidfd);
	if (p->out_fd >= 0)
		close(p->out_fd);
	p->pidfd = p->out_fd = -1;
}

const char *fsb_wait_status_str(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "ended with wait status %#x", status);
	return buf;
}

const char *fsb_last_line(const char *s)
{
	static __thread char line[256];
	const char *end, *start;

	if (!s)
		return "";
	end = s + strlen(s);
	while (end > s && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
		end--;
	start = end;
	while (start > s && start[-1] != '\n' && start[-1] != '\r')
		start--;
	snprintf(line, sizeof(line), "%.*s", (int)(end - start), start);
	return line;
}

/* Keep at most max bytes: the tail is what explains a failure. */
static void keep_tail(struct fsb_buf *b, size_t max)
{
	if (b->len > max) {
		size_t cut = b->len - max / 2;

		memmove(b->s, b->s + cut, b->len - cut + 1);
		b->len -= cut;
	}
}

int fsb_proc_run(const char *cmd, const struct fsb_proc_opts *o, const atomic_bool *cancel,
		 char **out, struct fsb_err *err)
{
	struct fsb_buf b = { 0 };
	struct fsb_proc p;
	struct rusage ru;
	bool exited = false, eof = false, cancelled = false;
	int status = 0, rc;

	rc = fsb_proc_spawn(cmd, o, &p, err);
	if (rc)
		return rc;
	fsb_buf_add(&b, "");
	while (!eof && !exited) {
		struct pollfd pfd[2] = { { p.out_fd, POLLIN, 0 }, { p.pidfd, POLLIN, 0 } };
		int n = poll(pfd, p.pidfd >= 0 ? 2 : 1, 100);

		if (cancel && atomic_load(cancel)) {
			cancelled = true;
			fsb_proc_kill_group(p.pid, 2.0);
			break;
		}
		if (n < 0 && errno != EINTR)
			break;
		if (n > 0 && (pfd[0].revents & (POLLIN | POLLHUP))) {
			char chunk[4096];
			ssize_t r = read(p.out_fd, chunk, sizeof(chunk));

			if (r > 0) {
				fsb_buf_addn(&b, chunk, (size_t)r);
				keep_tail(&b, 256 * 1024);
			} else if (r == 0) {
				eof = true;
			}
		}
		if (n > 0 && p.pidfd >= 0 && (pfd[1].revents & POLLIN))
			exited = true;
	}
	/* drain what is already buffered, without waiting for stragglers */
	fcntl(p.out_fd, F_SETFL, O_NONBLOCK);
	for (;;) {
		char chunk[4096];
		ssize_t r = read(p.out_fd, chunk, sizeof(chunk));

		if (r <= 0)
			break;
		fsb_buf_addn(&b, chunk, (size_t)r);
		keep_tail(&b, 256 * 1024);
	}
	rc = fsb_proc_reap(&p, &status, &ru);
	fsb_proc_close(&p);
	if (cancelled) {
		rc = fsb_err_set(err, -ECANCELED, "cancelled");
	} else if (rc) {
		fsb_err_set(err, rc, "wait for '%s': %s", cmd, strerror(-rc));
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char st[96];
		const char *last = fsb_last_line(b.s);

		rc = fsb_err_set(err, -ECHILD, "'%s' %s%s%s", cmd, fsb_wait_status_str(status, st, sizeof(st)),
				 *last ? ": " : "", last);
	}
	if (out)
		*out = fsb_buf_steal(&b);
	fsb_buf_free(&b);
	return rc;
}
