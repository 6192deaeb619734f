#include "process_guard.h"

#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static atomic_int journal_fd = -1;
static _Thread_local uint64_t current_work = 0;
static atomic_int forward_pid = 0;
static atomic_int stop_signal = 0;

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
#define CRASH_SIGNAL_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))
static struct sigaction previous[CRASH_SIGNAL_COUNT];
static atomic_int installed = 0;

// Writes `value` in decimal at `out`; returns the number of characters.
static int write_decimal(char *out, uint64_t value) {
    char digits[24];
    int count = 0;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    for (int index = 0; index < count; ++index) out[index] = digits[count - 1 - index];
    return count;
}

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    int fd = atomic_load(&journal_fd);
    if (fd >= 0) {
        char line[64];
        int length = 0;
        line[length++] = 'X';
        line[length++] = '\t';
        length += write_decimal(line + length, (uint64_t)signal_number);
        line[length++] = '\t';
        length += write_decimal(line + length, current_work);
        line[length++] = '\n';
        ssize_t ignored = write(fd, line, (size_t)length);
        (void)ignored;
    }
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; ++index) {
        if (crash_signals[index] != signal_number) continue;
        struct sigaction *before = &previous[index];
        if ((before->sa_flags & SA_SIGINFO) && before->sa_sigaction) {
            sigaction(signal_number, before, NULL);
            before->sa_sigaction(signal_number, info, context);
            return;
        }
        if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN && before->sa_handler != NULL) {
            sigaction(signal_number, before, NULL);
            before->sa_handler(signal_number);
            return;
        }
    }
    // The default action, now fatal. A fault returns to the faulting instruction, which faults again; a signal
    // sent by kill or raise (si_code <= 0) has no such instruction, so it is raised again.
    signal(signal_number, SIG_DFL);
    if (info == NULL || info->si_code <= 0 || signal_number == SIGABRT) raise(signal_number);
}

void pool_guard_install_crash_handlers(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; ++index) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_sigaction = on_crash;
        action.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[index], &action, &previous[index]);
    }
}

void pool_guard_set_journal(int fd) { atomic_store(&journal_fd, fd); }

void pool_guard_set_work(uint64_t work) { current_work = work; }

uint64_t pool_guard_work(void) { return current_work; }

static void on_forwarded(int signal_number) {
    if (signal_number == SIGINT || signal_number == SIGTERM) atomic_store(&stop_signal, signal_number);
    pid_t pid = (pid_t)atomic_load(&forward_pid);
    if (pid > 0) kill(pid, signal_number);
}

void pool_guard_forward_signals(pid_t pid) {
    atomic_store(&forward_pid, (int)pid);
    const int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2};
    // A process started from a thread that blocks signals (a dispatch worker) inherits that mask: unblock them on
    // the calling thread, which waits for the child, so they are delivered here.
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (size_t index = 0; index < sizeof(forwarded) / sizeof(forwarded[0]); ++index) sigaddset(&unblocked, forwarded[index]);
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
    for (size_t index = 0; index < sizeof(forwarded) / sizeof(forwarded[0]); ++index) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = on_forwarded;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(forwarded[index], &action, NULL);
    }
}

int pool_guard_stop_signal(void) { return atomic_load(&stop_signal); }

int pool_guard_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }
