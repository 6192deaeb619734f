#!/usr/bin/env python3
"""Crash benchmark: `kill -9` and double Ctrl-C at random moments of `pool-pipeline run`, then the index checked.

    python3 benchmarks/crash/crash-bench.py [--rounds 20] [--size 300] [--seed 1] [--binary PATH] [--library DIR]

1. Makes a library of `--size` captures from the samples (deterministic by `--seed`; see library.py), or takes
   `--library DIR` as it is.
2. Indexes it once without interruption: the reference index and its export.
The copied pipeline commits `--slice` captures per transaction (default 10 instead of the pipeline's 50), so
that slices commit every few seconds: kills land before, between and during commits, and work builds up across
rounds (with 50, a run on this machine commits its first slice after about 30 s, after most kills).
3. kill -9: `--rounds` times, starts `run`, waits a random time (uniform in `--delay`, by default from 0.3 s to
   1.6 x the reference run's wall time / rounds, so the kills fall inside the runs and the library is not done
   before the last one), sends SIGKILL to the process it started, waits for the indexing child to die with it, and
   checks a copy of the index (integrity_check, foreign keys, FTS5, search rows in step). Then runs to the end and
   compares the export and the failures with the reference.
4. double Ctrl-C: the same on a new index with SIGINT, then a second SIGINT 0-300 ms later. The exit status must be
   130 and no process may crash (core file, crash line in the journal, crash message); `status --json` must say
   lastRun.reason "stopped". Then runs to the end and compares.
5. Prints a table and exits 1 if anything was corrupt, lost, duplicated, differed, crashed or hung, or a stopped
   run was not recorded as "stopped".

Python 3 standard library only, plus `vips` (libvips-tools) to make the library. Builds nothing: build first with
`swift build -c release`.
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402
import library  # noqa: E402
import rounds  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/pool-pipeline"))
    parser.add_argument("--pipeline", default=os.path.join(REPO, "pipelines/default.json"),
                        help="pipeline to copy; its folder sources are pointed at the library")
    parser.add_argument("--slice", type=int, default=10,
                        help="captures per persist transaction in the copied pipeline (default 10, so that slices "
                             "commit every few seconds and work builds up across rounds; 0 keeps the pipeline's)")
    parser.add_argument("--library", help="an existing library folder to use as it is")
    parser.add_argument("--size", type=int, default=300, help="captures in a generated library (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the library and the moments (default 1)")
    parser.add_argument("--rounds", type=int, default=20, help="kills and double Ctrl-Cs, each (default 20)")
    parser.add_argument("--delay", help="LO,HI seconds after the start for the kill or the first Ctrl-C")
    parser.add_argument("--second-ms", type=float, default=300, help="the second Ctrl-C comes 0..this ms later")
    parser.add_argument("--tests", default="kill,ctrlc", help="which tests: kill, ctrlc or both (default)")
    parser.add_argument("--control", action="store_true",
                        help="also index the library a second time without interruption and compare it with the "
                             "reference (the noise floor of the comparison)")
    parser.add_argument("--ignore", action="append", default=[], help="an export field not to compare (repeat)")
    parser.add_argument("--work", help="folder for the library, indexes and logs (default: a new temporary one)")
    parser.add_argument("--run-timeout", type=float, default=1800, help="seconds a whole run may take")
    return parser.parse_args()


def say(text):
    print(text, flush=True)


def pipeline_for(template, library_dir, path, slice_size):
    with open(template) as handle:
        spec = json.load(handle)
    for source in spec.get("sources", []):
        if source.get("kind") == "folder":
            source.setdefault("options", {})["path"] = os.path.abspath(library_dir)
    for stage in spec.get("stages", []):
        if stage.get("kind") == "sqlite.persist" and slice_size:
            stage.setdefault("options", {})["slice"] = slice_size
    with open(path, "w") as handle:
        json.dump(spec, handle, indent=2)
    return path


class Bench:
    def __init__(self, options, work, pipeline):
        self.options = options
        self.work = work
        self.pipeline = pipeline
        self.environment = dict(os.environ)
        self.reference = None
        self.results = {}

    def start(self, index, folder):
        return rounds.Run(self.options.binary, self.pipeline, index, folder, self.environment)

    def complete(self, index, folder):
        """Runs to the end; returns (wall seconds, summary line)."""
        run = self.start(index, folder)
        status = run.wait(self.options.run_timeout)
        orphans = rounds.reap_orphans()
        if status != 0:
            raise SystemExit(f"crash-bench: the run in {folder} ended with "
                             f"{'a timeout' if status is None else rounds.describe(status)}: {run.output_tail()}")
        if orphans:
            say(f"  note: processes left after the run: {orphans}")
        with open(os.path.join(folder, "stdout"), "rb") as handle:
            lines = handle.read().decode(errors="replace").strip().splitlines()
        return run.wall(), (lines[-1] if lines else "")

    def snapshot(self, index):
        return (checks.export(self.options.binary, index, self.environment), checks.failures(index))

    def make_reference(self):
        index = os.path.join(self.work, "reference", "index.sqlite")
        wall, summary = self.complete(index, os.path.join(self.work, "reference", "run"))
        self.reference = self.snapshot(index)
        exported, (failed, _) = self.reference
        say(f"reference: {len(exported)} captures exported, {len(failed)} failed, {wall:.1f} s ({summary})")
        for capture, (stage, reason) in sorted(failed.items()):
            say(f"  failed in the reference: {capture}: {stage}: {reason}")
        return wall

    def compare_with_reference(self, index, name):
        problems = checks.check_integrity(index)[0] or []
        exported, failed = self.snapshot(index)
        comparison = checks.compare(self.reference[0], exported, self.reference[1], failed,
                                    ignored=set(self.options.ignore))
        say(f"  {name} vs reference: {comparison.captures} captures; lost {comparison.lost}, extra "
            f"{comparison.extra}, duplicated {comparison.duplicated}, differing {comparison.differing}, "
            f"failures differing {comparison.failures_differing}"
            + (f"; integrity: {'; '.join(problems)}" if problems else ""))
        for line in comparison.details:
            say(f"    {line}")
        return comparison, problems

    def control(self):
        index = os.path.join(self.work, "control", "index.sqlite")
        wall, _ = self.complete(index, os.path.join(self.work, "control", "run"))
        say(f"control: a second clean run, {wall:.1f} s")
        comparison, problems = self.compare_with_reference(index, "control")
        self.results["control"] = dict(comparison._asdict(), corrupt=int(bool(problems)), wall=wall)

    def interrupt_test(self, name, delay, rng, interrupt):
        """`rounds` runs on one index, each ended by `interrupt(run)` (which returns a list of problems), then a
        run to the end and the comparison."""
        started = time.monotonic()
        directory = os.path.join(self.work, name)
        index = os.path.join(directory, "index.sqlite")
        tally = dict(rounds=self.options.rounds, corrupt=0, crashes=0, hung=0, missed=0, stopped=0, problems=0)
        for number in range(1, self.options.rounds + 1):
            at = rng.uniform(*delay)
            run = self.start(index, os.path.join(directory, f"round-{number:02d}"))
            if not run.sleep_until(at):
                tally["missed"] += 1
                status = run.wait(60)
                rounds.reap_orphans()
                say(f"  {name} {number:2d}: the run ended on its own ({rounds.describe(status)}) before "
                    f"{at:.2f} s: {run.output_tail(1)}")
                continue
            outcome, problems, crashed, hung = interrupt(run, rng)
            integrity, stored = checks.check_integrity(index)
            if integrity:
                tally["corrupt"] += 1
                problems.append("index: " + "; ".join(integrity))
            tally["crashes"] += crashed
            tally["hung"] += hung
            if name == "ctrlc":
                reason = self.saved_reason(index)
                if reason == "stopped":
                    tally["stopped"] += 1
                outcome += f", lastRun {reason}"
            tally["problems"] += bool(problems)
            say(f"  {name} {number:2d}: at {at:5.2f} s: {outcome}"
                + (f"; {stored} in the index" if integrity is not None else "; no index yet")
                + ("" if not problems else " -- " + " | ".join(problems)))
        wall, summary = self.complete(index, os.path.join(directory, "final"))
        say(f"  {name}: run to the end: {wall:.1f} s ({summary})")
        comparison, problems = self.compare_with_reference(index, name)
        tally["corrupt"] += bool(problems)
        tally.update(comparison._asdict())
        tally["wall"] = time.monotonic() - started
        self.results[name] = tally

    @staticmethod
    def kill(run, rng):
        run.signal(signal.SIGKILL)
        status = run.wait(60)
        problems, crashed = [], 0
        orphans = rounds.reap_orphans()
        for pid, orphan in orphans:
            if orphan is None:
                problems.append(f"indexing process {pid} outlived the supervisor (killed after 30 s)")
            elif os.WIFSIGNALED(orphan) and os.WTERMSIG(orphan) not in (signal.SIGKILL, signal.SIGTERM):
                crashed = 1
                problems.append(f"indexing process {pid}: {rounds.describe(orphan)}")
        evidence = run.crash_evidence()
        if evidence:
            crashed = 1
            problems += evidence
        children = ", ".join(rounds.describe(orphan) for _, orphan in orphans if orphan is not None)
        return (f"{rounds.describe(status)}; child {children or 'not started'}", problems, crashed,
                int(any(orphan is None for _, orphan in orphans)))

    def ctrl_c(self, run, rng):
        second = rng.uniform(0, self.options.second_ms / 1000)
        run.signal(signal.SIGINT)
        time.sleep(second)
        run.signal(signal.SIGINT)
        status = run.wait(120)
        problems, crashed, hung = [], 0, 0
        if status is None:
            hung = 1
            problems.append("did not end within 120 s of the second Ctrl-C (killed)")
        elif status not in (130 << 8, signal.SIGINT):
            crashed = 1
            problems.append(f"exit status {rounds.describe(status)}, not 130")
        for pid, orphan in rounds.reap_orphans():
            problems.append(f"process {pid} left behind: {rounds.describe(orphan) if orphan is not None else 'alive'}")
        evidence = run.crash_evidence()
        if evidence:
            crashed = 1
            problems += evidence
        outcome = f"second after {second * 1000:3.0f} ms: {'hung' if status is None else rounds.describe(status)}"
        return outcome, problems, crashed, hung

    def saved_reason(self, index):
        result = subprocess.run([self.options.binary, "status", "--json", "--index", index],
                                       capture_output=True, env=self.environment)
        try:
            return (json.loads(result.stdout.decode().strip().splitlines()[-1]).get("lastRun") or {}).get("reason")
        except (ValueError, IndexError):
            return f"(status exited {result.returncode}: {result.stderr.decode(errors='replace').strip()[:100]})"


def table(results, rounds_count):
    names = {"kill": "kill -9", "ctrlc": "double Ctrl-C", "control": "clean vs clean"}
    header = (f"{'test':<15} {'rounds':>6} {'corrupt':>7} {'lost':>5} {'dupl.':>5} {'extra':>5} {'differ':>6} "
              f"{'fail≠':>5} {'crashes':>7} {'hung':>4} {'stopped':>8} {'missed':>6} {'wall':>7}")
    lines = [header, "-" * len(header)]
    for key in ("control", "kill", "ctrlc"):
        if key not in results:
            continue
        r = results[key]
        stopped = f"{r['stopped']}/{rounds_count}" if key == "ctrlc" else "-"
        lines.append(f"{names[key]:<15} {r.get('rounds', 0):>6} {r['corrupt']:>7} {r['lost']:>5} "
                     f"{r['duplicated']:>5} {r['extra']:>5} {r['differing']:>6} {r['failures_differing']:>5} "
                     f"{r.get('crashes', 0):>7} {r.get('hung', 0):>4} {stopped:>8} {r.get('missed', 0):>6} "
                     f"{r['wall']:>6.0f}s")
    return "\n".join(lines)


def main():
    options = arguments()
    options.binary = os.path.abspath(options.binary)
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"crash-bench: no binary at {options.binary}; build with `swift build -c release`")
    rounds.become_subreaper()
    started = time.monotonic()
    work = options.work or tempfile.mkdtemp(prefix="crash-bench-")
    os.makedirs(work, exist_ok=True)
    say(f"work folder: {work}")
    if options.library:
        library_dir = os.path.abspath(options.library)
        count, digest = library.digest(library_dir)
    else:
        library_dir = os.path.join(work, "library")
        count, digest = library.make_library(library_dir, options.size, options.seed, os.path.join(REPO, "samples"))
    say(f"library: {library_dir}: {count} files, digest {digest} (seed {options.seed})")
    pipeline = pipeline_for(options.pipeline, library_dir, os.path.join(work, "pipeline.json"),
                            options.slice)
    bench = Bench(options, work, pipeline)
    reference_wall = bench.make_reference()
    if options.control:
        bench.control()
    if options.delay:
        delay = tuple(float(value) for value in options.delay.split(","))
    else:
        delay = (0.3, max(2.0, 1.6 * reference_wall / options.rounds))
    say(f"kills and first Ctrl-Cs at {delay[0]:.2f}-{delay[1]:.2f} s after the start")
    rng = random.Random(options.seed)
    tests = options.tests.split(",")
    if "kill" in tests:
        bench.interrupt_test("kill", delay, rng, Bench.kill)
    if "ctrlc" in tests:
        bench.interrupt_test("ctrlc", delay, rng, bench.ctrl_c)
    say("")
    say(table(bench.results, options.rounds))
    say(f"total wall time {time.monotonic() - started:.0f} s; reference run {reference_wall:.1f} s; "
        f"{count} files; binary {options.binary}")
    with open(os.path.join(work, "results.json"), "w") as handle:
        json.dump(dict(bench.results, library=dict(count=count, digest=digest, seed=options.seed),
                       delay=delay, reference_wall=reference_wall), handle, indent=2)
    bad = sum(r["corrupt"] + r["lost"] + r["duplicated"] + r["extra"] + r["differing"] + r["failures_differing"]
              + r.get("crashes", 0) + r.get("hung", 0)
              for key, r in bench.results.items() if key != "control")
    if "ctrlc" in bench.results:
        stops = bench.results["ctrlc"]
        bad += stops["rounds"] - stops["missed"] - stops["stopped"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
