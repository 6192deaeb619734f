#!/usr/bin/env python3
"""Distances between the pairs scripts/moments-make-fixtures.py makes (dev time), from the CSV that
`FingerprintBenchmarks measure MANIFEST` prints: same-template screenshots (different moments), repeated
screenshots and photo bursts (one moment each). Prints the distance histograms and, per threshold, how many
pairs of each kind would be joined.

Usage: scripts/moments-analyze.py MEASURE.csv
"""
import collections
import csv
import itertools
import sys


def distance(a, b):
    return bin(int(a, 16) ^ int(b, 16)).count("1")


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    by_picture = collections.defaultdict(dict)
    for row in rows:
        by_picture[row["picture"]][row["variant"]] = row["hash"]
    pairs = collections.defaultdict(list)
    screens = {p: v for p, v in by_picture.items() if "clock0913" in v}
    by_template = collections.defaultdict(list)
    for picture, variants in screens.items():
        by_template[picture[:3]].append(variants["clock0913"])
        for other in ("clock0914", "clock0914jpeg"):
            pairs["repeated screenshot"].append(distance(variants["clock0913"], variants[other]))
    for hashes in by_template.values():
        for a, b in itertools.combinations(hashes, 2):
            pairs["same template, other content"].append(distance(a, b))
    for picture, variants in by_picture.items():
        frames = [h for v, h in variants.items() if v.startswith("frame")]
        for a, b in itertools.combinations(frames, 2):
            pairs["photo burst"].append(distance(a, b))
    kinds = ["repeated screenshot", "same template, other content", "photo burst"]
    print("| distance | " + " | ".join(kinds) + " |")
    print("|---:|" + "---:|" * len(kinds))
    top = max(max(v) for v in pairs.values())
    for d in range(0, min(top, 24) + 1, 2):
        print(f"| {d} | " + " | ".join(str(pairs[k].count(d)) for k in kinds) + " |")
    print(f"| >24 | " + " | ".join(str(sum(1 for x in pairs[k] if x > 24)) for k in kinds) + " |")
    print()
    print("| threshold | repeated screenshots joined | same-template pairs joined | bursts joined |")
    print("|---:|---:|---:|---:|")
    for t in (0, 2, 4, 6, 8, 10):
        cells = [f"{sum(1 for x in pairs[k] if x <= t)}/{len(pairs[k])}" for k in kinds]
        print(f"| {t} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
