#!/usr/bin/env python3
"""Checks the Swift tokenizer on CLIP's real 49408-token vocabulary (dev-time; no model weights needed).

CLIP's BPE merges ship in the PyPI package open_clip_torch (open_clip/bpe_simple_vocab_16e6.txt.gz). This
script builds vocab.json + merges.txt from it the way CLIP does (the first 48894 merges; 256 byte symbols, the
same with </w>, one per merge, then <|startoftext|> and <|endoftext|>), which is the tokenizer of Hugging Face's
CLIP repositories, then records transformers' CLIPTokenizer ids for a set of texts.

Usage:
  pip download open_clip_torch --no-deps -d /tmp/oc
  scripts/clip-real-tokenizer.py /tmp/oc/open_clip_torch-*.whl /tmp/clip-real-vocab
  CLIP_REAL_VOCAB=/tmp/clip-real-vocab swift test --filter CLIPTests
Writes the folder and Tests/CLIPTests/Fixtures/real-vocab-token-ids.json (the reference ids, committed).
"""
import gzip
import io
import json
import os
import sys
import zipfile

from transformers import CLIPTokenizer

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CLIPTests", "Fixtures",
                       "real-vocab-token-ids.json")

TEXTS = [
    "a photo of a dog",
    "A Photo of   TWO cats!!",
    "it's 2024-05-17 at the beach, isn't it?",
    "Café crème, naïve façade — déjà vu",
    "emoji 🐶 and symbols #$%&",
    "",
    "screenshot of a terminal window running htop",
    "receipt from the grocery store with the total and the date",
    "whiteboard notes: Q3 planning, OKRs & deadlines",
    "the Eiffel Tower at night, photographed from the Trocadéro",
    "QR code on a poster for a jazz concert",
    "handwritten letter from grandma (1987)",
    "snowboarding in the Alps; blue sky",
    "cat sleeping on a MacBook keyboard",
    "Straße in München im Winter",
    "東京の夜景",
    "a dog's ball, the children's toys, we'll see, you're right, I'd go, they've left",
    "https://example.com/path?query=1&x=2",
    " ".join(["the city skyline at night"] * 20),
]


def build(wheel, folder):
    with zipfile.ZipFile(wheel) as archive:
        data = archive.read("open_clip/bpe_simple_vocab_16e6.txt.gz")
    lines = gzip.GzipFile(fileobj=io.BytesIO(data)).read().decode("utf-8").split("\n")
    merges = [tuple(line.split()) for line in lines[1:49152 - 256 - 2 + 1]]
    printable = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    codes = printable[:]
    extra = 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            codes.append(256 + extra)
            extra += 1
    symbols = [chr(code) for code in codes]
    vocab = symbols + [symbol + "</w>" for symbol in symbols] + ["".join(pair) for pair in merges]
    vocab += ["<|startoftext|>", "<|endoftext|>"]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "vocab.json"), "w", encoding="utf-8") as handle:
        json.dump({token: index for index, token in enumerate(vocab)}, handle, ensure_ascii=False)
    with open(os.path.join(folder, "merges.txt"), "w", encoding="utf-8") as handle:
        handle.write("#version: 0.2\n" + "".join(f"{left} {right}\n" for left, right in merges))
    return len(vocab)


def main():
    wheel, folder = sys.argv[1], sys.argv[2]
    size = build(wheel, folder)
    assert size == 49408, size
    tokenizer = CLIPTokenizer.from_pretrained(folder)
    ids = [tokenizer(text, truncation=True, max_length=77)["input_ids"] for text in TEXTS]
    with open(FIXTURE, "w", encoding="utf-8") as handle:
        json.dump({"texts": TEXTS, "token_ids": ids}, handle, ensure_ascii=False)
    print(f"vocabulary of {size} tokens in {folder}; reference ids in {FIXTURE}")


if __name__ == "__main__":
    main()
