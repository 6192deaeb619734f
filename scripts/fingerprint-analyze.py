#!/usr/bin/env python3
"""Dev-time analysis for docs/fingerprint.md: reads the CSV printed by `FingerprintBenchmarks measure` and prints
Markdown tables: fingerprint distance distributions (same picture vs different pictures), precision/recall of
match thresholds, and precision/recall of focus rules on sharp versus blurred versions.

Usage: scripts/fingerprint-analyze.py measurements.csv [--focus-threshold T --sharp-variance V --minimum-gradient G]
"""
import argparse
import csv
from collections import defaultdict

import numpy as np

# Files that are one artwork shipped twice (checked by eye): counted as the same picture.
SAME_ARTWORK = {"warty-final-ubuntu": "lomiri-default-background"}
BLURRED = 3.0  # sigma (working-image pixels, long side 1600) from which a version counts as out of focus


def popcount(values):
    values = values.astype(np.uint64)
    count = np.zeros(values.shape, dtype=np.int64)
    for shift in range(0, 64, 8):
        count += np.array([bin(b).count("1") for b in range(256)])[((values >> np.uint64(shift)) & np.uint64(255)).astype(np.int64)]
    return count


def histogram_table(same, different, top=24):
    rows = ["| distance | same picture | different pictures |", "|---:|---:|---:|"]
    same_h = np.bincount(same, minlength=65)
    diff_h = np.bincount(different, minlength=65)
    for d in range(0, top + 1):
        rows.append(f"| {d} | {same_h[d]} | {diff_h[d]} |")
    rows.append(f"| >{top} | {same_h[top + 1:].sum()} | {diff_h[top + 1:].sum()} |")
    return "\n".join(rows)


def fingerprint_report(rows):
    images = [dict(r) for r in rows if r["blur_sigma"] == "0"]
    for r in images:
        r["picture"] = SAME_ARTWORK.get(r["picture"], r["picture"])
    hashes = np.array([int(r["hash"], 16) for r in images], dtype=np.uint64)
    pictures = np.array([r["picture"] for r in images])
    kinds = {r["picture"]: r["kind"] for r in images}
    originals = {r["picture"]: i for i, r in enumerate(images) if r["variant"] == "original"}
    same, same_kind, same_variant = [], [], []
    for i, r in enumerate(images):
        if r["variant"] == "original":
            continue
        d = int(popcount(np.array([hashes[i] ^ hashes[originals[r["picture"]]]]))[0])
        same.append(d)
        same_kind.append(r["kind"])
        same_variant.append(r["variant"])
    same = np.array(same)
    # Different pictures: every pair of images (originals and variants) of two different pictures.
    i, j = np.triu_indices(len(images), 1)
    mask = pictures[i] != pictures[j]
    different = popcount(hashes[i[mask]] ^ hashes[j[mask]])
    pair_kinds = np.array([f"{kinds[a]}/{kinds[b]}" for a, b in zip(pictures[i[mask]], pictures[j[mask]])])
    print(f"Images: {len(images)} ({len(originals)} pictures: "
          + ", ".join(f"{k} {sum(1 for p in originals if kinds[p] == k)}" for k in ("photo", "art", "screenshot"))
          + f"); same-picture pairs {len(same)}, different-picture pairs {len(different)}\n")
    print(histogram_table(same, different))
    print("\n| threshold | recall (same matched) | false-match rate (different matched) | precision |")
    print("|---:|---:|---:|---:|")
    for t in range(4, 17):
        tp = (same <= t).sum()
        fp = (different <= t).sum()
        print(f"| {t} | {tp / len(same):.4f} ({tp}/{len(same)}) | {fp / len(different):.6f} ({fp}) | "
              f"{tp / max(1, tp + fp):.4f} |")
    print("\nFalse matches (different-picture pairs within the threshold) by kinds of the pair:\n")
    print("| threshold | " + " | ".join(sorted(set(pair_kinds))) + " |")
    print("|---:|" + "---:|" * len(set(pair_kinds)))
    for t in (6, 8, 10, 12, 14):
        cells = []
        for kinds_pair in sorted(set(pair_kinds)):
            selected = different[pair_kinds == kinds_pair]
            cells.append(f"{(selected <= t).sum()} / {len(selected)}")
        print(f"| {t} | " + " | ".join(cells) + " |")
    print("\nSame-picture distance by variant (median / max):\n")
    print("| variant | median | max |")
    print("|---|---:|---:|")
    for variant in sorted(set(same_variant)):
        values = same[np.array(same_variant) == variant]
        print(f"| {variant} | {int(np.median(values))} | {values.max()} |")
    print("\nBy kind: same-picture max, different-picture min:\n")
    for kind in ("photo", "art", "screenshot"):
        s = same[np.array(same_kind) == kind]
        d = different[(pair_kinds == f"{kind}/{kind}")]
        if len(s) and len(d):
            print(f"- {kind}: same median {int(np.median(s))}, 99th pct {int(np.percentile(s, 99))}, max {s.max()}; "
                  f"different {kind}/{kind} min {d.min()}, 0.1th pct {np.percentile(d, 0.1):.0f}, median {int(np.median(d))}")


def focus_rule(stats, threshold, sharp_variance, minimum_gradient):
    """FocusRule: out of focus when edge sharpness (Laplacian variance / gradient energy) < threshold, unless the
    variance reaches sharp_variance or there is no structure (gradient energy < minimum_gradient)."""
    lap, grad, edges = stats
    if grad < minimum_gradient or lap >= sharp_variance:
        return False
    return lap / grad < threshold


def focus_report(rows, threshold, sharp_variance, minimum_gradient):
    versions = defaultdict(dict)
    kinds = {}
    for r in rows:
        if r["variant"] == "original" or r["variant"].startswith("blur") and r["blur_sigma"] != "0":
            sigma = float(r["blur_sigma"])
            versions[r["picture"]][sigma] = (float(r["laplacian_variance"]), float(r["gradient_energy"]),
                                             float(r["edge_density"]))
            kinds[r["picture"]] = r["kind"]
    print("\nFocus statistics of the originals (sharp) by kind: Laplacian variance at 512 px, edge density:\n")
    print("| kind | pictures | Laplacian var. min / median | edge density min / median |")
    print("|---|---:|---:|---:|")
    for kind in ("photo", "art", "screenshot"):
        originals = [v[0.0] for p, v in versions.items() if kinds[p] == kind and 0.0 in v]
        if originals:
            lap = sorted(o[0] for o in originals)
            edges = sorted(o[2] for o in originals)
            print(f"| {kind} | {len(originals)} | {lap[0]:.1f} / {np.median(lap):.1f} | "
                  f"{edges[0]:.3f} / {np.median(edges):.3f} |")
    print("\nLaplacian variance by blur sigma (median over pictures of each kind):\n")
    sigmas = sorted({s for v in versions.values() for s in v})
    print("| kind | " + " | ".join(f"sigma {s:g}" for s in sigmas) + " |")
    print("|---|" + "---:|" * len(sigmas))
    for kind in ("photo", "art", "screenshot"):
        cells = []
        for s in sigmas:
            values = [v[s][0] for p, v in versions.items() if kinds[p] == kind and s in v]
            cells.append(f"{np.median(values):.1f}" if values else "-")
        print(f"| {kind} | " + " | ".join(cells) + " |")

    def evaluate(rule, kinds_wanted):
        tp = fp = fn = tn = 0
        mild = [0, 0]
        for p, v in versions.items():
            if kinds[p] not in kinds_wanted:
                continue
            for s, stats in v.items():
                flagged = rule(stats)
                if s == 0:
                    fp += flagged
                    tn += not flagged
                elif s >= BLURRED:
                    tp += flagged
                    fn += not flagged
                else:
                    mild[0] += flagged
                    mild[1] += 1
        precision = tp / max(1, tp + fp)
        recall = tp / max(1, tp + fn)
        return precision, recall, fp, tp + fn, mild

    print(f"\nFocus flag, out of focus = blur sigma >= {BLURRED:g} px at 1600 px; sharp = the original; sigma 1-2 "
          "reported apart (mild):\n")
    print("| rule | set | precision | recall | sharp flagged | mild flagged |")
    print("|---|---|---:|---:|---:|---:|")
    rules = [(f"Laplacian variance < {t:g}", lambda st, t=t: 0 < st[0] < t) for t in (50, 100, 200)]
    rules += [(f"edge sharpness < {t:g}", lambda st, t=t: focus_rule(st, t, float("inf"), minimum_gradient))
              for t in (1.0, threshold, 1.4)]
    rules.append((f"edge sharpness < {threshold:g} unless Laplacian variance >= {sharp_variance:g} (default)",
                  lambda st: focus_rule(st, threshold, sharp_variance, minimum_gradient)))
    for name, rule in rules:
        for label, wanted in (("photos", {"photo"}), ("screenshots", {"screenshot"}), ("art", {"art"}),
                              ("all", {"photo", "screenshot", "art"})):
            precision, recall, fp, positives, mild = evaluate(rule, wanted)
            sharp_count = sum(1 for p in versions if kinds[p] in wanted)
            print(f"| {name} | {label} | {precision:.3f} | {recall:.3f} ({positives}) | {fp}/{sharp_count} | "
                  f"{mild[0]}/{mild[1]} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("csv")
    parser.add_argument("--focus-threshold", type=float, default=1.2)
    parser.add_argument("--sharp-variance", type=float, default=300)
    parser.add_argument("--minimum-gradient", type=float, default=0.01)
    args = parser.parse_args()
    with open(args.csv) as f:
        rows = list(csv.DictReader(f))
    fingerprint_report(rows)
    focus_report(rows, args.focus_threshold, args.sharp_variance, args.minimum_gradient)


if __name__ == "__main__":
    main()
