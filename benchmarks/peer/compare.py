#!/usr/bin/env python3
"""Runs our default pipeline and the Python peer side by side on the same capture set, in one run, and reports
captures per second for each, their ratio, and the recall of each (words on the screenshots, code payloads).

    python3 benchmarks/peer/compare.py SET [--rounds 3] [--pipeline pipelines/default.json] [--peer ../shared/peer/peer.py]

SET is made by make-set.py (it holds truth.json). The two alternate (ours, peer, ours, peer, ...), each run on a
fresh index/database; the figure quoted is the median over the rounds, the ratio is ours/peer captures per second.
Needs a release build (`swift build -c release`) and the peer's setup (`bash ../shared/peer/setup.sh`).
"""
import argparse
import json
import os
import re
import resource
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORD = re.compile(r"[a-z0-9]+")


def children_cpu():
    """CPU seconds (user + system) of every waited-for descendant so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ours(binary, pipeline, set_dir, work):
    spec = json.load(open(pipeline))
    for source in spec["sources"]:
        source["options"]["path"] = set_dir
    path = os.path.join(work, "pipeline.json")
    json.dump(spec, open(path, "w"))
    index = os.path.join(work, "ours.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(index + suffix):
            os.remove(index + suffix)
    started, cpu_started = time.perf_counter(), children_cpu()
    subprocess.run([binary, "run", path, "--index", index, "--plain"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds, cpu = time.perf_counter() - started, children_cpu() - cpu_started
    exported = subprocess.run([binary, "export", "--index", index], check=True, capture_output=True, text=True).stdout
    results = {}
    for line in exported.splitlines():
        row = json.loads(line)
        results[row["path"]] = {"text": row.get("text") or "",
                                "codes": [code.get("payload") for code in row.get("codes") or []]}
    return seconds, cpu, results


def run_peer(peer, set_dir, work):
    db = os.path.join(work, "peer.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    started, cpu_started = time.perf_counter(), children_cpu()
    subprocess.run(["python3", peer, set_dir, "--db", db], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds, cpu = time.perf_counter() - started, children_cpu() - cpu_started
    results = {}
    for path, text, codes in sqlite3.connect(db).execute("SELECT path, text, codes FROM images"):
        results[path] = {"text": text or "", "codes": [code["text"] for code in json.loads(codes or "[]")]}
    return seconds, cpu, results


def recall(truth, results):
    found_words = total_words = found_codes = total_codes = 0
    for path, expected in truth.items():
        got = results.get(path, {"text": "", "codes": []})
        seen = set(WORD.findall(got["text"].lower()))
        words = [word.lower() for word in expected["words"]]
        total_words += len(words)
        found_words += sum(1 for word in words if word in seen)
        total_codes += len(expected["codes"])
        found_codes += sum(1 for code in expected["codes"] if code in got["codes"])
    return (found_words / max(1, total_words), found_codes / max(1, total_codes))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pipeline", default=os.path.join(ROOT, "pipelines", "default.json"))
    parser.add_argument("--peer", default=os.path.join(ROOT, "..", "shared", "peer", "peer.py"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pool-pipeline"))
    args = parser.parse_args()
    set_dir = os.path.abspath(args.set)
    truth = json.load(open(os.path.join(set_dir, "truth.json")))
    count = len(truth)
    ours_times, peer_times, ours_cpu, peer_cpu = [], [], [], []
    with tempfile.TemporaryDirectory() as work:
        for round_number in range(args.rounds):
            seconds, cpu, ours = run_ours(args.binary, args.pipeline, set_dir, work)
            ours_times.append(seconds)
            ours_cpu.append(cpu)
            seconds, cpu, peer = run_peer(args.peer, set_dir, work)
            peer_times.append(seconds)
            peer_cpu.append(cpu)
            print(f"round {round_number + 1}: ours {count / ours_times[-1]:.2f} captures/s, "
                  f"peer {count / peer_times[-1]:.2f} captures/s, ratio {peer_times[-1] / ours_times[-1]:.2f}x; "
                  f"CPU ms per capture ours {1000 * ours_cpu[-1] / count:.0f}, peer {1000 * peer_cpu[-1] / count:.0f}, "
                  f"ratio {peer_cpu[-1] / ours_cpu[-1]:.2f}x (load average {os.getloadavg()[0]:.1f})",
                  flush=True)
    ours_rate = count / statistics.median(ours_times)
    peer_rate = count / statistics.median(peer_times)
    ours_words, ours_codes = recall(truth, ours)
    peer_words, peer_codes = recall(truth, peer)
    ratios = sorted(p / o for p, o in zip(peer_times, ours_times))
    cpu_ratios = sorted(p / o for p, o in zip(peer_cpu, ours_cpu))
    print(f"captures: {count} ({sum(1 for t in truth.values() if t['words'])} screenshots)")
    print(f"ours: {ours_rate:.2f} captures/s (median of {args.rounds}), word recall {ours_words:.3f}, code recall {ours_codes:.3f}")
    print(f"peer: {peer_rate:.2f} captures/s (median of {args.rounds}), word recall {peer_words:.3f}, code recall {peer_codes:.3f}")
    print(f"ratio ours/peer: median {statistics.median(ratios):.2f}x (min {ratios[0]:.2f}x, max {ratios[-1]:.2f}x)")
    print(f"CPU ms per capture (user + system, every process): ours {1000 * statistics.median(ours_cpu) / count:.0f}, "
          f"peer {1000 * statistics.median(peer_cpu) / count:.0f}; ratio peer/ours median "
          f"{statistics.median(cpu_ratios):.2f}x (min {cpu_ratios[0]:.2f}x, max {cpu_ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main()
