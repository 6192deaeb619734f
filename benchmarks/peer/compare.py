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
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORD = re.compile(r"[a-z0-9]+")


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
    started = time.perf_counter()
    subprocess.run([binary, "run", path, "--index", index, "--plain"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    exported = subprocess.run([binary, "export", "--index", index], check=True, capture_output=True, text=True).stdout
    results = {}
    for line in exported.splitlines():
        row = json.loads(line)
        results[row["path"]] = {"text": row.get("text") or "",
                                "codes": [code.get("payload") for code in row.get("codes") or []]}
    return seconds, results


def run_peer(peer, set_dir, work):
    db = os.path.join(work, "peer.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    started = time.perf_counter()
    subprocess.run(["python3", peer, set_dir, "--db", db], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    results = {}
    for path, text, codes in sqlite3.connect(db).execute("SELECT path, text, codes FROM images"):
        results[path] = {"text": text or "", "codes": [code["text"] for code in json.loads(codes or "[]")]}
    return seconds, results


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
    ours_times, peer_times = [], []
    with tempfile.TemporaryDirectory() as work:
        for round_number in range(args.rounds):
            seconds, ours = run_ours(args.binary, args.pipeline, set_dir, work)
            ours_times.append(seconds)
            seconds, peer = run_peer(args.peer, set_dir, work)
            peer_times.append(seconds)
            print(f"round {round_number + 1}: ours {count / ours_times[-1]:.2f} captures/s, "
                  f"peer {count / peer_times[-1]:.2f} captures/s, ratio {peer_times[-1] / ours_times[-1]:.2f}x",
                  flush=True)
    ours_rate = count / statistics.median(ours_times)
    peer_rate = count / statistics.median(peer_times)
    ours_words, ours_codes = recall(truth, ours)
    peer_words, peer_codes = recall(truth, peer)
    ratios = sorted(p / o for p, o in zip(peer_times, ours_times))
    print(f"captures: {count} ({sum(1 for t in truth.values() if t['words'])} screenshots)")
    print(f"ours: {ours_rate:.2f} captures/s (median of {args.rounds}), word recall {ours_words:.3f}, code recall {ours_codes:.3f}")
    print(f"peer: {peer_rate:.2f} captures/s (median of {args.rounds}), word recall {peer_words:.3f}, code recall {peer_codes:.3f}")
    print(f"ratio ours/peer: median {statistics.median(ratios):.2f}x (min {ratios[0]:.2f}x, max {ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main()
