#!/usr/bin/env python3
"""Builds the CLIP test fixtures from Hugging Face transformers, the reference the Swift code is checked against.

Dev-time only (needs: pip install torch transformers safetensors pillow). Writes Tests/CLIPTests/Fixtures/:
  tiny-clip/        a tiny random CLIPModel as Hugging Face saves it (config.json, model.safetensors,
                    preprocessor_config.json) plus a small byte-level BPE vocabulary (vocab.json, merges.txt)
  images/*.rgb      small test images, raw 8-bit RGB rows
  pixel_values.f32  the reference preprocessing of those images, little-endian float32 [n, 3, 32, 32]
  reference.json    texts, their token ids, and the reference image and text embeddings (L2-normalised)

The BPE vocabulary is learnt here from a short paragraph, with CLIP's layout: 256 byte symbols, the same with
"</w>", one symbol per merge, then <|startoftext|> and <|endoftext|>. The token ids come from transformers'
CLIPTokenizer reading those files, not from this script.
"""
import collections
import json
import os
import re
import shutil
import struct
import sys

import numpy as np
import torch
from PIL import Image, ImageDraw
from transformers import CLIPConfig, CLIPModel, CLIPTokenizer
from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CLIPTests", "Fixtures")
MODEL = os.path.join(ROOT, "tiny-clip")

CORPUS = """
A photo of a dog on the beach at sunset. Two cats sleeping on a sofa. A screenshot of a text message.
The receipt from the grocery store, with the total and the date. A mountain lake in the morning fog.
Children playing football in the park; a red bicycle leaning against the wall. Snow on the trees.
A birthday cake with candles. The city skyline at night, lights reflected in the river. A QR code on a poster.
Whiteboard notes from the meeting: plans, dates and names. It's a sunny day and we're going out.
"""

TEXTS = [
    "a photo of a dog",
    "A Photo of   TWO cats!!",
    "it's 2024-05-17 at the beach, isn't it?",
    "Café crème, naïve façade — déjà vu",
    "emoji 🐶 and symbols #$%&",
    "",
    " ".join(["the city skyline at night"] * 20),
]


def bytes_to_unicode():
    printable = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    codes = printable[:]
    extra = 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            codes.append(256 + extra)
            extra += 1
    return {byte: chr(code) for byte, code in zip(printable, codes)}


def learn_bpe(text, merges_wanted):
    alphabet = bytes_to_unicode()
    words = collections.Counter(re.findall(r"[a-z]+|[0-9]|[^\sa-z0-9]+", text.lower()))
    symbols = {}
    for word in words:
        chars = [alphabet[b] for b in word.encode("utf-8")]
        chars[-1] += "</w>"
        symbols[word] = chars
    merges = []
    for _ in range(merges_wanted):
        pairs = collections.Counter()
        for word, count in words.items():
            parts = symbols[word]
            for left, right in zip(parts, parts[1:]):
                pairs[(left, right)] += count
        if not pairs:
            break
        best = max(pairs.items(), key=lambda item: (item[1], item[0]))[0]
        merges.append(best)
        for word in words:
            parts, merged, index = symbols[word], [], 0
            while index < len(parts):
                if index + 1 < len(parts) and (parts[index], parts[index + 1]) == best:
                    merged.append(parts[index] + parts[index + 1])
                    index += 2
                else:
                    merged.append(parts[index])
                    index += 1
            symbols[word] = merged
    vocab = list(bytes_to_unicode().values())
    vocab += [symbol + "</w>" for symbol in vocab]
    vocab += [left + right for left, right in merges]
    vocab += ["<|startoftext|>", "<|endoftext|>"]
    return {token: index for index, token in enumerate(vocab)}, merges


def make_images():
    rng = np.random.default_rng(7)
    images = {}
    for name, (width, height) in {"wide": (61, 37), "tall": (40, 70), "square": (32, 32), "small": (20, 27)}.items():
        y, x = np.mgrid[0:height, 0:width]
        base = np.stack([x * 255 / max(width - 1, 1), y * 255 / max(height - 1, 1),
                         (x + y) * 127 / max(width + height - 2, 1)], axis=-1)
        noise = rng.normal(0, 25, size=base.shape)
        image = Image.fromarray(np.clip(base + noise, 0, 255).astype(np.uint8), "RGB")
        draw = ImageDraw.Draw(image)
        draw.ellipse([width // 5, height // 4, width * 3 // 5, height * 3 // 4], fill=(230, 40, 30))
        draw.line([0, height - 1, width - 1, 0], fill=(10, 10, 10), width=2)
        images[name] = image
    return images


def perturb(model):
    """Random init leaves layer norms at 1/0 and biases at 0; perturb them so a swapped tensor shows."""
    generator = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for name, parameter in model.named_parameters():
            if "norm" in name or name.endswith("bias") or "class_embedding" in name:
                parameter.add_(torch.randn(parameter.shape, generator=generator) * 0.2)


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    os.makedirs(MODEL)
    os.makedirs(os.path.join(ROOT, "images"))

    vocab, merges = learn_bpe(CORPUS, 300)
    with open(os.path.join(MODEL, "vocab.json"), "w", encoding="utf-8") as handle:
        json.dump(vocab, handle, ensure_ascii=False)
    with open(os.path.join(MODEL, "merges.txt"), "w", encoding="utf-8") as handle:
        handle.write("#version: 0.2\n" + "".join(f"{left} {right}\n" for left, right in merges))
    tokenizer = CLIPTokenizer.from_pretrained(MODEL)
    token_ids = [tokenizer(text, truncation=True, max_length=77)["input_ids"] for text in TEXTS]

    torch.manual_seed(0)
    config = CLIPConfig(
        text_config=dict(vocab_size=len(vocab), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=2, max_position_embeddings=77, bos_token_id=vocab["<|startoftext|>"],
                         eos_token_id=vocab["<|endoftext|>"], pad_token_id=vocab["<|endoftext|>"]),
        vision_config=dict(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=3,
                           image_size=32, patch_size=8),
        projection_dim=16)
    model = CLIPModel(config).eval()
    perturb(model)
    model.save_pretrained(MODEL, safe_serialization=True)
    for extra in os.listdir(MODEL):
        if extra not in ("config.json", "model.safetensors", "vocab.json", "merges.txt"):
            os.remove(os.path.join(MODEL, extra))

    processor = CLIPImageProcessorPil(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32})
    processor.save_pretrained(MODEL)
    images = make_images()
    for name, image in images.items():
        with open(os.path.join(ROOT, "images", f"{name}.rgb"), "wb") as handle:
            handle.write(np.asarray(image, dtype=np.uint8).tobytes())
    pixel_values = processor(images=list(images.values()), return_tensors="pt")["pixel_values"]
    with open(os.path.join(ROOT, "pixel_values.f32"), "wb") as handle:
        handle.write(pixel_values.numpy().astype("<f4").tobytes())

    def features(output):
        tensor = output if torch.is_tensor(output) else output.pooler_output
        return torch.nn.functional.normalize(tensor, dim=-1)

    with torch.no_grad():
        image_embeddings = features(model.get_image_features(pixel_values=pixel_values))
        padded = [ids + [vocab["<|endoftext|>"]] * (77 - len(ids)) for ids in token_ids]
        text_embeddings = features(model.get_text_features(input_ids=torch.tensor(padded)))

    reference = {
        "source": f"transformers {sys.modules['transformers'].__version__}, torch {torch.__version__}",
        "texts": TEXTS,
        "token_ids": token_ids,
        "text_embeddings": text_embeddings.tolist(),
        "images": [{"name": name, "width": image.width, "height": image.height} for name, image in images.items()],
        "image_embeddings": image_embeddings.tolist(),
    }
    with open(os.path.join(ROOT, "reference.json"), "w", encoding="utf-8") as handle:
        json.dump(reference, handle, ensure_ascii=False, indent=1)
    total = sum(os.path.getsize(os.path.join(folder, file)) for folder, _, files in os.walk(ROOT) for file in files)
    print(f"wrote {ROOT} ({total} bytes)")


if __name__ == "__main__":
    main()
