#!/usr/bin/env python3
"""Scores the codes stage on a set from scripts/make-code-set.py: codes found / codes drawn, per variant of its options.

    python3 scripts/code-set-recall.py SET [--binary .build/release/pool-pipeline] [--variant NAME=JSON ...]

Each variant (default: one, "default" = {}) runs `pool-pipeline run` on a pipeline of `vips.decode` (1600 px, as
in pipelines/default.json), `zxing.codes` with the variant's options and `sqlite.persist`, then `export`; a drawn
code counts as found when a read code's payload contains its data (check digits and GS1 prefixes may be added),
as make-code-set.py defines it. Prints each variant's recall, the codes it missed, and, for two variants or more,
the codes the first finds that a later one does not ("lost") and the other way round. Dev-time only.
"""
import argparse
import json
import os
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def run(binary, set_dir, options, work):
    spec = {
        "name": "code-set", "description": "decode and codes only",
        "sources": [{"id": "library", "kind": "folder", "options": {"path": set_dir}}],
        "stages": [{"id": "decode", "kind": "vips.decode", "options": {"size": 1600}},
                   {"id": "codes", "kind": "zxing.codes", "options": options},
                   {"id": "persist", "kind": "sqlite.persist", "options": {"slice": 50}}],
        "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["codes", "persist"]},
                  {"from": "codes", "to": "persist"}],
    }
    path, index = os.path.join(work, "pipeline.json"), os.path.join(work, "index.sqlite")
    json.dump(spec, open(path, "w"))
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(index + suffix):
            os.remove(index + suffix)
    subprocess.run([binary, "run", path, "--index", index, "--plain"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    exported = subprocess.run([binary, "export", "--index", index], check=True, capture_output=True, text=True).stdout
    results = {}
    for line in exported.splitlines():
        row = json.loads(line)
        results[os.path.relpath(row["path"], set_dir) if os.path.isabs(row["path"]) else row["path"]] = \
            [str(code.get("payload") or "") for code in row.get("codes") or []]
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("set")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pool-pipeline"))
    parser.add_argument("--variant", action="append", default=[])
    args = parser.parse_args()
    set_dir = os.path.abspath(args.set)
    truth = json.load(open(os.path.join(set_dir, "truth.json")))
    variants = [v.split("=", 1) for v in args.variant] or [["default", "{}"]]
    found_by = {}
    total = sum(len(codes) for codes in truth.values())
    with tempfile.TemporaryDirectory() as work:
        for name, options in variants:
            results = run(args.binary, set_dir, json.loads(options), work)
            found = set()
            for path, codes in truth.items():
                read = results.get(path, [])
                for code in codes:
                    if any(code["data"] in payload for payload in read):
                        found.add((path, code["data"]))
            found_by[name] = found
            missed = [f"{p}:{c['symbology']}{' (inverted)' if c['style'].get('inverted') else ''}"
                      for p, codes in truth.items() for c in codes if (p, c["data"]) not in found]
            extra = sum(1 for p in results if p not in truth)
            print(f"{name}: {len(found)}/{total} codes found ({len(results)} captures exported"
                  f"{', %d not in truth' % extra if extra else ''}); missed: {', '.join(missed) or 'none'}")
    first = variants[0][0]
    for name, _ in variants[1:]:
        lost = sorted(found_by[first] - found_by[name])
        gained = sorted(found_by[name] - found_by[first])
        print(f"{name} vs {first}: lost {len(lost)} {lost or ''}, gained {len(gained)} {gained or ''}")


if __name__ == "__main__":
    main()
