#!/usr/bin/env python3
"""Dev-time fixtures for the moment rules (issue 11; not used at run time).

Writes working images (binary PPM) and manifest.csv in the format `FingerprintBenchmarks measure` reads
(path, picture, kind, variant, blur_sigma), for three kinds of pairs:

  template  screenshots of one app layout (same window chrome, sidebar, colours, font) with different content:
            different moments that look alike (the issue's false pairs)
  repeat    the same screen captured again a moment later: the clock in the title bar moved, and sometimes
            a JPEG re-save (Samsung writes JPEG screenshots): one moment
  burst     photo bursts from real photos (Debian wallpapers): each frame shifted 0.5-2 %, exposure +-4 %, sensor
            noise, a little softness: one moment

Then `scripts/moments-analyze.py MEASURE.csv` prints the distance distributions. Needs pillow, numpy,
plasma-workspace-wallpapers, lomiri-wallpapers, fonts-dejavu-core.

Usage: scripts/moments-make-fixtures.py OUTPUT_DIR [SEED]
"""
import csv
import importlib.machinery
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
fixtures = importlib.machinery.SourceFileLoader(
    "fingerprint_fixtures", os.path.join(HERE, "fingerprint-make-fixtures.py")).load_module()


def screen(template, content, clock="09:13"):
    """A screenshot of layout `template` showing content `content`; `clock` is drawn in the title bar."""
    layout = random.Random(template)
    rng = random.Random(template * 1000 + content)
    width, height = layout.choice([(1080, 2400), (1440, 900), (1280, 800), (900, 1600)])
    dark = layout.random() < 0.35
    background = (30, 31, 36) if dark else (layout.randint(235, 255),) * 3
    ink = (220, 220, 220) if dark else (20, 20, 25)
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    fonts = sorted(__import__("glob").glob("/usr/share/fonts/truetype/dejavu/*.ttf"))
    font = ImageFont.truetype(layout.choice(fonts), layout.choice([15, 18, 22, 28]))
    accent = tuple(layout.randint(40, 220) for _ in range(3))
    draw.rectangle([0, 0, width, 48], fill=accent)
    draw.text((12, 10), clock, fill=(255, 255, 255), font=font)
    draw.text((120, 10), " ".join(layout.sample(fixtures.WORDS, 3)), fill=(255, 255, 255), font=font)
    style = template % 4
    if style == 0:  # a dialog on a plain background: only its text changes
        box = [width // 6, height // 3, 5 * width // 6, height // 2]
        draw.rectangle(box, outline=ink, fill=background)
        for row in range(2):
            draw.text((box[0] + 20, box[1] + 20 + row * (font.size + 8)), " ".join(rng.sample(fixtures.WORDS, 5)),
                      fill=ink, font=font)
        draw.rectangle([box[2] - 130, box[3] - 55, box[2] - 20, box[3] - 15], fill=accent)
        return image
    left = 0
    if style in (1, 3):  # a sidebar that stays while the content scrolls
        left = layout.randint(180, 300)
        draw.rectangle([0, 48, left, height], fill=tuple(max(0, c - 18) for c in background))
        for row in range(70, height - 30, 34):
            draw.text((16, row), " ".join(layout.sample(fixtures.WORDS, 2)), fill=ink, font=font)
    line = font.size + 8
    y = 70
    while y < height - line:
        if style == 2 and rng.random() < 0.25:  # chat bubbles, left or right
            bubble = rng.randint(200, width // 2)
            x0 = left + 30 if rng.random() < 0.5 else width - 30 - bubble
            draw.rounded_rectangle([x0, y, x0 + bubble, y + 2 * line], 14, fill=accent)
            y += 2 * line + 12
            continue
        x = left + 20 + (rng.randint(0, 4) * 28 if style == 3 else 0)
        draw.text((x, y), " ".join(rng.sample(fixtures.WORDS, rng.randint(3, 12))), fill=ink, font=font)
        y += line
    return image


def burst_frame(original, rng):
    """One frame of a handheld burst: shifted, exposure moved, noisy, slightly soft."""
    shift = rng.uniform(0.005, 0.02)
    frame = fixtures.crop(original, shift, rng)
    frame = frame.resize(original.size, Image.Resampling.BILINEAR)
    pixels = np.asarray(frame, dtype=np.float32) * rng.uniform(0.96, 1.04)
    pixels += np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, 2.0, pixels.shape)
    frame = Image.fromarray(np.clip(pixels + 0.5, 0, 255).astype(np.uint8))
    return frame.filter(ImageFilter.GaussianBlur(rng.uniform(0, 0.8)))


def main():
    out = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    rows = []

    def save(image, picture, kind, variant):
        path = os.path.join(out, f"{picture}__{variant}.ppm")
        fixtures.working(image).save(path)
        rows.append((path, picture, kind, variant, 0))

    for template in range(24):
        for content in range(6):
            picture = f"t{template:02d}c{content}"
            save(screen(template, content), picture, "template", "clock0913")
            save(screen(template, content, clock="09:14"), picture, "repeat", "clock0914")
            save(fixtures.jpeg(screen(template, content, clock="09:14"), 90), picture, "repeat", "clock0914jpeg")
    photos = [s for s in fixtures.sources() if s[1] == "photo"]
    for name, _, path in photos:
        original = fixtures.working(Image.open(path).convert("RGB"))
        for frame in range(4):
            save(burst_frame(original, rng), name, "burst", f"frame{frame}")
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["path", "picture", "kind", "variant", "blur_sigma"])
        writer.writerows(rows)
    print(f"{len(rows)} images in {out}")


if __name__ == "__main__":
    main()
