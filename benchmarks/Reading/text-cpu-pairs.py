#!/usr/bin/env python3
"""CPU time of the text stage per capture, two builds alternated in one run (base, new, base, new, ...): the paired
measure for speed changes on a loaded machine. Each run is `pool-pipeline bench tesseract.text --json` over FOLDER
(one worker, OMP_THREAD_LIMIT=1, OpenBLAS's Haswell kernels); the figure is the stage's CPU milliseconds per capture
(user + system, as the bench counts it), mean over the captures; the ratio new/base is taken pair by pair.

    python3 benchmarks/Reading/text-cpu-pairs.py --base OLD_BINARY [--binary NEW_BINARY] [--pairs 3] FOLDER
"""
import argparse
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cpu_per_capture(binary, folder, options, runs):
    env = dict(os.environ, OMP_THREAD_LIMIT="1", OPENBLAS_CORETYPE="Haswell")
    out = subprocess.run([binary, "bench", "tesseract.text", "--images", folder, "--runs", str(runs), "--warmup",
                          "0", "--options", options, "--json"], check=True, capture_output=True, text=True,
                         env=env, cwd=ROOT).stdout
    report = json.loads(out.strip().splitlines()[-1])
    cpu = report["result"]["cpu"]
    return sum(cpu) / len(cpu)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--base", required=True)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pool-pipeline"))
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--runs", type=int, default=1, help="timed passes over the folder in each run")
    parser.add_argument("--options", default='{"recognizer":"builtin"}')
    args = parser.parse_args()
    ratios = []
    for pair in range(args.pairs):
        base = cpu_per_capture(os.path.abspath(args.base), args.folder, args.options, args.runs)
        new = cpu_per_capture(os.path.abspath(args.binary), args.folder, args.options, args.runs)
        ratios.append(new / base)
        load = os.getloadavg()[0]
        print(f"pair {pair + 1}: base {base:.1f} ms, new {new:.1f} ms CPU per capture, new/base {new / base:.3f}"
              f" (load {load:.1f})", flush=True)
    print(f"median new/base {statistics.median(ratios):.3f} over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
