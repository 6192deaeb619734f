"""Starting, killing and stopping `pool-pipeline run`, and finding out how each process of it ended.

`run` is a supervisor that runs the indexing in a child process. The benchmark makes itself a child subreaper
(prctl PR_SET_CHILD_SUBREAPER), so when the supervisor is killed its child is handed to the benchmark, which waits
for it (it must die at once, by PDEATHSIG) and sees how it died. After a Ctrl-C the supervisor returns 130 however
its child ended, so a crash of the child is found from what it leaves: a core file (every run starts in its own
folder with RLIMIT_CORE at 4 MiB, so that the kernel writes a truncated core, its notes whole, when
`core_pattern` is a file name, as here; corefile.py says where it crashed), a crash line (`X`) in the journal of captures under way, or a crash message on standard error.
"""

import ctypes
import os
import signal
import subprocess
import time

import corefile

CORE_LIMIT = 4 << 20
CRASH_WORDS = ("Segmentation fault", "core dumped", "Aborted", "Assertion", "Fatal error", "Program crashed",
               "died of signal", "Illegal instruction", "Bus error")


def become_subreaper():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def describe(status):
    """A wait status as a shell shows it: "exit 130", "signal 11 (SIGSEGV)"."""
    if status is None:
        return "no end (killed after the timeout)"
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        return f"signal {number} ({signal.Signals(number).name})" + (" core" if os.WCOREDUMP(status) else "")
    return f"exit {os.WEXITSTATUS(status)}"


def children_of(pid):
    """Pids whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def reap_orphans(deadline_seconds=30.0):
    """Waits for every process handed to this one (it is a subreaper) and returns [(pid, status)]; the ones still
    alive after the deadline are killed and listed with status None."""
    reaped = []
    deadline = time.monotonic() + deadline_seconds
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return reaped
        if pid:
            reaped.append((pid, status))
            continue
        if time.monotonic() > deadline:
            for orphan in children_of(os.getpid()):
                reaped.append((orphan, None))
                os.kill(orphan, signal.SIGKILL)
            deadline = time.monotonic() + 5
        time.sleep(0.02)


class Run:
    """One `pool-pipeline run` started in its own folder, its output going to files there."""

    def __init__(self, binary, pipeline, index, folder, environment, style="--plain"):
        os.makedirs(folder, exist_ok=True)
        self.folder = folder
        self.index = index
        self.stdout = open(os.path.join(folder, "stdout"), "wb")
        self.stderr = open(os.path.join(folder, "stderr"), "wb")
        self.journal_before = self.journal_crash_lines()
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [binary, "run", pipeline, "--index", index, style], cwd=folder, env=environment,
            stdin=subprocess.DEVNULL, stdout=self.stdout, stderr=self.stderr, start_new_session=True,
            preexec_fn=lambda: __import__("resource").setrlimit(
                __import__("resource").RLIMIT_CORE, (CORE_LIMIT, CORE_LIMIT)))

    def sleep_until(self, seconds_after_start):
        """Sleeps until that long after the start; False if the run ended first."""
        while True:
            left = self.started + seconds_after_start - time.monotonic()
            if self.process.poll() is not None:
                return False
            if left <= 0:
                return True
            time.sleep(min(left, 0.01))

    def signal(self, number):
        try:
            os.kill(self.process.pid, number)
        except ProcessLookupError:
            pass

    def wait(self, timeout):
        """The supervisor's wait status (as `describe` takes it), or None if it did not end in time (then it is
        killed)."""
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None
        finally:
            self.stdout.close()
            self.stderr.close()
        code = self.process.returncode
        return (-code) & 0x7f if code < 0 else code << 8

    def wall(self):
        return time.monotonic() - self.started

    def crash_evidence(self):
        """What shows that a process of this run crashed: core files, journal crash lines, crash messages."""
        evidence = [f"core file {name}: {corefile.summary(os.path.join(self.folder, name))}"
                    for name in os.listdir(self.folder) if name.startswith("core")]
        evidence += [f"journal crash line {line}" for line in self.journal_crash_lines() - self.journal_before]
        with open(os.path.join(self.folder, "stderr"), "rb") as handle:
            text = handle.read().decode(errors="replace")
        evidence += [f"stderr: {line.strip()}" for line in text.splitlines()
                     if any(word in line for word in CRASH_WORDS)]
        return evidence

    def journal_crash_lines(self):
        """The crash lines (`X signal work`) in the index's journal of captures under way."""
        try:
            with open(self.index + ".underway", "rb") as handle:
                text = handle.read().decode(errors="replace")
        except FileNotFoundError:
            return set()
        return {line.replace("\t", " ") for line in text.splitlines() if line.startswith("X\t")}

    def output_tail(self, lines=3):
        with open(os.path.join(self.folder, "stderr"), "rb") as handle:
            text = handle.read().decode(errors="replace").strip().splitlines()
        return " | ".join(text[-lines:])
