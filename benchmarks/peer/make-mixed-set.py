#!/usr/bin/env python3
"""Makes the mixed library for the peer yardstick (issue 10): the parity corpus's layouts plus real photos and codes.

    python3 benchmarks/peer/make-mixed-set.py OUT [--seed 99] [--per-family 4] [--screenshots 12] [--photos 40]

OUT/parity/ is `scripts/parity-corpus.py OUT/parity --seed SEED` (eleven layout families, none tuned to); OUT/
screenshots/ and OUT/photos/ come from `make-set.py` (its screenshots carry the QR and Code 128 codes; its photos
are real ones from Debian's wallpaper packages). OUT/truth.json merges both in `compare.py`'s form: per file, the
words to find (the parity rows' words, split as `compare.py` splits what was read) and the code payloads.
Use a seed that neither the tests nor docs/reading.md use. Dev-time only.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
WORD = re.compile(r"[a-z0-9]+")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--per-family", type=int, default=4)
    parser.add_argument("--screenshots", type=int, default=12)
    parser.add_argument("--photos", type=int, default=40)
    args = parser.parse_args()
    subprocess.run([sys.executable, os.path.join(HERE, "make-set.py"), args.out, "--screenshots",
                    str(args.screenshots), "--photos", str(args.photos), "--seed", str(args.seed)], check=True)
    parity = os.path.join(args.out, "parity")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "parity-corpus.py"), parity, "--seed",
                    str(args.seed), "--per-family", str(args.per_family)], check=True)
    truth = json.load(open(os.path.join(args.out, "truth.json")))
    for image in json.load(open(os.path.join(parity, "truth.json")))["images"]:
        words = [word for row in image["rows"] for word in WORD.findall(row["text"].lower())]
        truth["parity/" + image["file"]] = {"words": words, "codes": []}
    os.remove(os.path.join(parity, "truth.json"))
    with open(os.path.join(args.out, "truth.json"), "w") as handle:
        json.dump(truth, handle, indent=1, sort_keys=True)
    print(f"{len(truth)} captures in {args.out}")


if __name__ == "__main__":
    main()
