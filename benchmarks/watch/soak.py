#!/usr/bin/env python3
"""Soak benchmark of `pool-pipeline run --watch` (issue 15).

A folder receives a new capture every second (written in place, in two halves, like a screenshot tool that is
still writing) for --minutes; the watcher indexes them. Measured:
  - latency from a file's close to its row in the index (captures.indexed_at), p50 / p95 / max;
  - the indexing process's resident memory and CPU, sampled every second, summarised per minute (growth check);
  - that SIGTERM at the end stops it cleanly (exit 143, last run endedBySystem or completed).

Usage: python3 benchmarks/watch/soak.py [--binary .build/debug/pool-pipeline] [--minutes 10] [--out results.json]
Dev-time only (standard library, sqlite3 read-only).
"""
import argparse, json, os, shutil, signal, sqlite3, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TICKS = os.sysconf("SC_CLK_TCK")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def sample(pid):
    """(rss MiB, cpu seconds) of pid, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return rss, (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, StopIteration):
        return None


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/pool-pipeline"))
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="watch-soak-")
    library = os.path.join(work, "library")
    os.makedirs(library)
    shutil.copy(os.path.join(HERE, "pipeline.json"), os.path.join(work, "pipeline.json"))
    index = os.path.join(work, "index.sqlite")
    samples = [os.path.join(d, f) for d in (os.path.join(ROOT, "samples/Screenshots"), os.path.join(ROOT, "samples/Photos"))
               for f in sorted(os.listdir(d)) if f.lower().endswith((".png", ".jpg", ".jpeg")) and f != "broken.jpg"]
    blobs = [(os.path.splitext(p)[1].lower(), open(p, "rb").read()) for p in samples]

    log = open(os.path.join(work, "watch.log"), "w")
    watcher = subprocess.Popen([args.binary, "run", os.path.join(work, "pipeline.json"), "--watch", "--plain",
                                "--index", index], stdout=log, stderr=subprocess.STDOUT)
    written = {}                         # path -> time closed
    usage = []                           # (t, rss, cpu) of the indexing child
    start = time.time()
    end = start + args.minutes * 60
    n = 0
    child = None
    while time.time() < end:
        tick = start + n
        time.sleep(max(0, tick - time.time()))
        ext, blob = blobs[n % len(blobs)]
        path = os.path.join(library, f"capture-{n:05d}{ext}")
        # Two halves with a pause between: the watcher must not read the file half-way.
        with open(path, "wb") as f:
            half = len(blob) // 2
            f.write(blob[:half]); f.flush()
            time.sleep(0.05)
            f.write(blob[half:])
        written[path] = time.time()
        n += 1
        if child is None:
            kids = children(watcher.pid)
            child = kids[0] if kids else None
        if child is not None:
            s = sample(child)
            if s: usage.append((time.time() - start, *s))

    # Let the last captures in, then stop as systemd does.
    deadline = time.time() + 60
    indexed = {}
    failed = 0
    while time.time() < deadline:
        if os.path.exists(index):
            db = sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=5)
            # captures.path is relative to the source's folder.
            indexed = {os.path.join(library, p): t for p, t in db.execute("SELECT path, indexed_at FROM captures")}
            failed = db.execute("SELECT count(*) FROM failures").fetchone()[0]
            db.close()
        if len(indexed) >= len(written): break
        time.sleep(0.5)
    watcher.send_signal(signal.SIGTERM)
    code = watcher.wait(timeout=120)
    status = subprocess.run([args.binary, "status", "--json", "--index", index], capture_output=True, text=True).stdout

    latencies = [indexed[p] - t for p, t in written.items() if p in indexed]
    minutes = {}
    for t, rss, cpu in usage:
        minutes.setdefault(int(t // 60), []).append((t, rss, cpu))
    per_minute = []
    for m in sorted(minutes):
        rows = minutes[m]
        cpu = (rows[-1][2] - rows[0][2]) / max(rows[-1][0] - rows[0][0], 1e-9) * 100 if len(rows) > 1 else 0
        per_minute.append({"minute": m + 1, "rss_mib_max": round(max(r[1] for r in rows), 1),
                           "rss_mib_last": round(rows[-1][1], 1), "cpu_percent": round(cpu, 1)})
    result = {
        "captures_written": len(written), "captures_indexed": len(indexed), "captures_failed": failed,
        "latency_s": {"p50": round(percentile(latencies, 50), 2), "p95": round(percentile(latencies, 95), 2),
                      "max": round(max(latencies), 2), "min": round(min(latencies), 2)} if latencies else None,
        "per_minute": per_minute, "exit_code": code,
        "last_run": (json.loads(status).get("lastRun") if status.strip() else None),
        "work": work,
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w") as f: f.write(text + "\n")


if __name__ == "__main__":
    main()
