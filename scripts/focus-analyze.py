#!/usr/bin/env python3
"""Precision and recall of the out-of-focus flag on a labelled set (dev time), from the CSV that
`FingerprintBenchmarks focus MANIFEST` prints. Positive = out of focus ("blurred"); "mild" is reported apart.

Usage: scripts/focus-analyze.py FOCUS.csv
"""
import csv
import sys


def report(rows, name, flag):
    blurred = [r for r in rows if r["label"] == "blurred"]
    sharp = [r for r in rows if r["label"] == "sharp"]
    mild = [r for r in rows if r["label"] == "mild"]
    tp = sum(1 for r in blurred if flag(r))
    fp = sum(1 for r in sharp if flag(r))
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / len(blurred) if blurred else 1.0
    print(f"| {name} | {precision:.3f} | {recall:.3f} ({tp}/{len(blurred)}) | {fp}/{len(sharp)} | "
          f"{sum(1 for r in mild if flag(r))}/{len(mild)} |")


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    print("| rule, set | precision | recall | sharp flagged | mild flagged |")
    print("|---|---:|---:|---:|---:|")
    for kind in ("photo", "smooth", None):
        subset = [r for r in rows if kind is None or r["kind"] == kind]
        label = kind or "all"
        report(subset, f"before: edge sharpness < 1.2 unless Laplacian variance >= 300, {label}",
               lambda r: float(r["edge_sharpness"]) < 1.2 and float(r["laplacian_variance"]) < 300)
        report(subset, f"detail ratio < 0.78 (default), {label}", lambda r: r["flagged"] == "1")
    for variant in ("gauss", "motion"):
        subset = [r for r in rows if r["label"] != "blurred" or r["variant"].startswith(variant)]
        report(subset, f"detail ratio < 0.78, {variant} blur only", lambda r: r["flagged"] == "1")
    misses = [r for r in rows if (r["label"] == "blurred") != (r["flagged"] == "1") and r["label"] != "mild"]
    for r in misses:
        print(f"  wrong: {r['label']} {r['picture']} {r['variant']} ratio {float(r['detail_ratio']):.3f}")


if __name__ == "__main__":
    main()
