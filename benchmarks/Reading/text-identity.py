#!/usr/bin/env python3
"""Reads folders with two builds of pool-pipeline (decode at the default pipeline's size, then the text stage with
its default options) and says whether every capture's text is the same: the check that a speed change to the
text stage keeps its text identical.

    python3 benchmarks/Reading/text-identity.py --base OLD_BINARY [--binary NEW_BINARY] FOLDER [FOLDER ...]

Keep a copy of the release binary from before the change as OLD_BINARY; both run from the repository root, with
OMP_THREAD_LIMIT=1 and OpenBLAS's Haswell kernels. Exits 1 when some capture differs.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pipeline(folder, text_options, decode_options):
    return {
        "name": "text-identity",
        "sources": [{"id": "library", "kind": "folder", "options": {"path": os.path.abspath(folder)}}],
        "stages": [
            {"id": "decode", "kind": "vips.decode", "options": decode_options, "concurrency": 2},
            {"id": "text", "kind": "tesseract.text", "options": text_options, "concurrency": 2},
            {"id": "persist", "kind": "sqlite.persist", "options": {"slice": 50}},
        ],
        "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": "text"},
                  {"from": ["decode", "text"], "to": "persist"}],
    }


def read(binary, spec, work, name):
    path = os.path.join(work, f"{name}.json")
    json.dump(spec, open(path, "w"))
    index = os.path.join(work, f"{name}.sqlite")
    env = dict(os.environ, OMP_THREAD_LIMIT="1", OPENBLAS_CORETYPE="Haswell")
    subprocess.run([binary, "run", path, "--index", index, "--plain"], check=True, env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = subprocess.run([binary, "export", "--index", index], check=True, capture_output=True,
                              text=True, cwd=ROOT).stdout
    rows = [json.loads(line) for line in exported.splitlines()]
    return {row["path"]: row.get("text") or "" for row in rows}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--base", required=True, help="the pool-pipeline binary from before the change")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pool-pipeline"))
    parser.add_argument("--options", default='{"recognizer": "builtin"}', help="the text stage's options (JSON)")
    args = parser.parse_args()
    default = json.load(open(os.path.join(ROOT, "pipelines", "default.json")))
    decode_options = next(s for s in default["stages"] if s["kind"] == "vips.decode").get("options", {})
    text_options = json.loads(args.options)
    differs = 0
    for folder in args.folders:
        with tempfile.TemporaryDirectory() as work:
            spec = pipeline(folder, text_options, decode_options)
            before = read(os.path.abspath(args.base), spec, work, "base")
            after = read(os.path.abspath(args.binary), spec, work, "new")
        changed = sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))
        characters = sum(len(text) for text in after.values())
        print(f"{folder}: {len(before) - len(changed)} of {len(before)} captures read the same text "
              f"({characters} characters)")
        for path in changed:
            print(f"  differs: {path}\n    before: {before.get(path)!r:.300}\n    after:  {after.get(path)!r:.300}")
        differs += len(changed)
    sys.exit(1 if differs else 0)


if __name__ == "__main__":
    main()
