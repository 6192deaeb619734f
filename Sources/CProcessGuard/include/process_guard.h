// What Swift cannot do safely itself around a process that may die in a C library: signal handlers that only
// make async-signal-safe calls, and a per-thread note of the work under way.
#ifndef POOL_PROCESS_GUARD_H
#define POOL_PROCESS_GUARD_H

#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that append the line
/// "X <signal> <work>\n" to the descriptor set by pool_guard_set_journal (nothing when it is -1), where <work> is
/// the calling thread's note (pool_guard_set_work), then let the signal take its course as before (the handler
/// that was installed before, or the default action). Safe to call more than once.
void pool_guard_install_crash_handlers(void);

/// The descriptor crash lines are appended to (opened with O_APPEND); -1 for none.
void pool_guard_set_journal(int fd);

/// Notes the work the calling thread does from now on (0: none), for the crash line.
void pool_guard_set_work(uint64_t work);

/// The calling thread's note.
uint64_t pool_guard_work(void);

/// From now on SIGINT, SIGTERM, SIGHUP, SIGUSR1 and SIGUSR2 sent to this process are passed on to `pid`
/// (a supervised child); SIGINT and SIGTERM are also remembered (pool_guard_stop_signal).
void pool_guard_forward_signals(pid_t pid);

/// The last SIGINT or SIGTERM forwarded, or 0.
int pool_guard_stop_signal(void);

/// Asks the kernel to send SIGKILL to this process when its parent dies; returns 0, or -1 with errno.
int pool_guard_die_with_parent(void);

#ifdef __cplusplus
}
#endif

#endif
