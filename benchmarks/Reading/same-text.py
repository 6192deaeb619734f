#!/usr/bin/env python3
"""Reads a folder with the default pipeline twice, with the line recogniser's arithmetic before issue 10's speed
work (POOL_LINE_ARITHMETIC_BASELINE=1) and with today's, and says whether every capture's text is the same.

    python3 benchmarks/Reading/same-text.py FOLDER [--binary .build/release/pool-pipeline]
"""
import argparse
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(binary, pipeline, work, baseline):
    index = os.path.join(work, f"index-{baseline}.sqlite")
    env = dict(os.environ, POOL_LINE_ARITHMETIC_BASELINE=baseline)
    subprocess.run([binary, "run", pipeline, "--index", index, "--plain"], check=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = subprocess.run([binary, "export", "--index", index], check=True, capture_output=True,
                              text=True).stdout
    rows = [json.loads(line) for line in exported.splitlines()]
    return {row["path"]: row.get("text") or "" for row in rows}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pool-pipeline"))
    parser.add_argument("--pipeline", default=os.path.join(ROOT, "pipelines", "default.json"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        spec = json.load(open(args.pipeline))
        for source in spec["sources"]:
            source["options"]["path"] = os.path.abspath(args.folder)
        pipeline = os.path.join(work, "pipeline.json")
        json.dump(spec, open(pipeline, "w"))
        before, today = read(args.binary, pipeline, work, "1"), read(args.binary, pipeline, work, "0")
    differ = [path for path in before if before[path] != today.get(path)]
    characters = sum(len(text) for text in today.values())
    print(f"{len(before) - len(differ)} of {len(before)} captures read the same text ({characters} characters)")
    for path in differ:
        print("differs:", path)


if __name__ == "__main__":
    main()
