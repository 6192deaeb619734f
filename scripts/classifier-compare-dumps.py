#!/usr/bin/env python3
"""Compares two `ClassifierBenchmarks dump` outputs of the same files (dev-time check for kernel changes).

Passes when, for every file, the stage's labels are the same names in the same order with confidences within
--tolerance, and the top-8 classes are the same with probabilities within --tolerance (two classes whose
probabilities are closer than the tolerance may swap places). Exit status 1 and one line per difference otherwise.

    python3 scripts/classifier-compare-dumps.py before.jsonl after.jsonl [--tolerance 1e-3]
"""
import argparse
import json
import sys


def load(path):
    with open(path) as handle:
        return {line["file"]: line for line in (json.loads(text) for text in handle if text.strip())}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--tolerance", type=float, default=1e-3)
    args = parser.parse_args()
    before, after = load(args.before), load(args.after)
    problems, worst = [], 0.0
    if set(before) != set(after):
        problems.append(f"different files: {sorted(set(before) ^ set(after))[:5]}")
    for name in sorted(set(before) & set(after)):
        a, b = before[name], after[name]
        if "error" in a or "error" in b:
            problems.append(f"{name}: error {a.get('error')} / {b.get('error')}")
            continue
        if a["labels"] != b["labels"]:
            problems.append(f"{name}: labels {a['labels']} -> {b['labels']}")
        for x, y in zip(a["confidences"], b["confidences"]):
            worst = max(worst, abs(x - y))
        pa = dict(zip(a["classes"], a["probabilities"]))
        pb = dict(zip(b["classes"], b["probabilities"]))
        for rank, (ca, cb) in enumerate(zip(a["classes"], b["classes"])):
            if ca != cb and abs(pa[ca] - pb.get(ca, 0.0)) > args.tolerance:
                problems.append(f"{name}: class at rank {rank + 1} {ca} -> {cb}")
        for c in set(pa) & set(pb):
            worst = max(worst, abs(pa[c] - pb[c]))
        if set(pa) != set(pb):
            low = min(min(a["probabilities"]), min(b["probabilities"]))
            # a class may enter/leave at rank 8 only on a near-tie
            for c in set(pa) ^ set(pb):
                p = pa.get(c, pb.get(c))
                if p - low > args.tolerance:
                    problems.append(f"{name}: class {c} ({p:.5f}) in only one top-8")
    if worst > args.tolerance:
        problems.append(f"largest probability difference {worst:.2e} > {args.tolerance}")
    for problem in problems:
        print(problem)
    print(f"{len(set(before) & set(after))} files, largest probability/confidence difference {worst:.2e}, "
          f"{len(problems)} problems; top-8 orders identical: "
          f"{sum(before[n]['classes'] == after[n]['classes'] for n in set(before) & set(after) if 'error' not in before[n] and 'error' not in after[n])}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
