#!/usr/bin/env python3
"""Dev-time fixtures for measuring the fingerprint match threshold and the focus flag (not used at run time).

Turns real photographs from Debian's wallpaper packages (plasma-workspace-wallpapers, lomiri-wallpapers), the
packages' artwork, and synthetic screenshots (UI-like layouts with real text, drawn with Pillow) into working
images (long side <= 1600, as the decode stage makes them) plus variants, written as binary PPM:

  fingerprint/<picture>__<variant>.ppm   resized, JPEG-recompressed, cropped, brightened, mildly blurred
  focus/<picture>__blur<sigma>.ppm       Gaussian blur of the working image (sigma in working-image pixels)

and manifest.csv (path, picture, kind, variant, blur_sigma). Needs: pip install pillow numpy;
apt-get install plasma-workspace-wallpapers lomiri-wallpapers fonts-dejavu-core.

Usage: scripts/fingerprint-make-fixtures.py OUTPUT_DIR
"""
import csv
import glob
import io
import os
import random
import re
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

WORKING = 1600
PLASMA_PHOTOS = ["BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey",
                 "Kite", "OneStandsOut", "Path", "summer_1am"]
LOMIRI_PHOTOS = ["Bridge", "Dragonfly", "Infinite-Sea", "Kleiber", "Picture_0B", "Picture_1A", "Wine", "aitzgorri",
                 "analogpattern", "free_", "friends", "greentock", "life_", "picosdeeuropa", "seeding", "sunset"]
BLURS = [1.0, 2.0, 3.0, 5.0, 8.0]


def largest_plasma(name):
    folder = f"/usr/share/wallpapers/{name}/contents/images"
    files = [f for f in os.listdir(folder) if f.endswith((".jpg", ".png"))]
    size = lambda f: np.prod([int(v) for v in re.match(r"(\d+)x(\d+)", f).groups()])
    return os.path.join(folder, max(files, key=size))


def sources():
    """(name, kind, path or PIL image) for every original picture."""
    found = []
    for name in PLASMA_PHOTOS:
        found.append((name, "photo", largest_plasma(name)))
    for path in sorted(glob.glob("/usr/share/backgrounds/*.jpg") + glob.glob("/usr/share/backgrounds/*.png")):
        base = os.path.basename(path)
        kind = "photo" if any(base.startswith(p) for p in LOMIRI_PHOTOS) else "art"
        found.append((os.path.splitext(base)[0], kind, path))
    for folder in sorted(glob.glob("/usr/share/wallpapers/*/contents/images")):
        name = folder.split("/")[4]
        if name in PLASMA_PHOTOS or not [f for f in os.listdir(folder) if f.endswith((".jpg", ".png"))]:
            continue
        found.append((name, "art", largest_plasma(name)))
    for seed in range(24):
        found.append((f"screen{seed:02d}", "screenshot", synthetic_screenshot(seed)))
    return found


def text_lines():
    words = []
    for path in sorted(glob.glob("/usr/share/common-licenses/*"))[:6]:
        with open(path, errors="ignore") as f:
            words += f.read().split()
    return words


WORDS = text_lines()


def synthetic_screenshot(seed):
    """A UI-like screenshot: window chrome, sidebar, text; some nearly empty (a dialog on a flat background)."""
    rng = random.Random(seed)
    width, height = rng.choice([(1600, 1000), (1440, 900), (1280, 800), (900, 1600)])
    dark = rng.random() < 0.35
    background = (30, 31, 36) if dark else (rng.randint(235, 255),) * 3
    ink = (220, 220, 220) if dark else (20, 20, 25)
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    fonts = glob.glob("/usr/share/fonts/truetype/dejavu/*.ttf") + glob.glob("/usr/share/fonts/truetype/liberation2/*.ttf")
    font = ImageFont.truetype(rng.choice(sorted(fonts)), rng.choice([13, 15, 18, 22]))
    accent = tuple(rng.randint(40, 220) for _ in range(3))
    draw.rectangle([0, 0, width, 36], fill=accent)
    draw.text((12, 8), " ".join(rng.sample(WORDS, 4)), fill=(255, 255, 255), font=font)
    style = seed % 4
    if style == 0:  # a mostly empty dialog: little content, not blurred
        box = [width // 3, height // 3, 2 * width // 3, height // 2]
        draw.rectangle(box, outline=ink, fill=background)
        draw.text((box[0] + 20, box[1] + 20), " ".join(rng.sample(WORDS, 5)), fill=ink, font=font)
        draw.rectangle([box[2] - 110, box[3] - 45, box[2] - 20, box[3] - 15], fill=accent)
        return image
    left = 0
    if style in (1, 3):  # sidebar
        left = rng.randint(180, 300)
        draw.rectangle([0, 36, left, height], fill=tuple(max(0, c - 18) for c in background))
        for row in range(60, height - 30, 34):
            draw.text((16, row), " ".join(rng.sample(WORDS, 2)), fill=ink, font=font)
    line = font.size + 8
    y = 56
    while y < height - line:
        if style == 2 and rng.random() < 0.08:  # chat bubbles
            draw.rounded_rectangle([left + 30, y, left + 30 + rng.randint(200, 600), y + 2 * line], 12, fill=accent)
            y += 2 * line + 10
            continue
        count = rng.randint(3, 14)
        x = left + 20 + (rng.randint(0, 4) * 28 if style == 3 else 0)
        draw.text((x, y), " ".join(rng.sample(WORDS, count)), fill=ink, font=font)
        y += line
    return image


def working(image):
    image = image.convert("RGB")
    scale = WORKING / max(image.size)
    if scale < 1:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.BOX,
                             reducing_gap=None)
    return image


def jpeg(image, quality):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")


def crop(image, fraction, rng):
    dx, dy = image.width * fraction, image.height * fraction
    left, top = rng.uniform(0, dx), rng.uniform(0, dy)
    return image.crop((round(left), round(top), round(image.width - (dx - left)), round(image.height - (dy - top))))


def brighten(image, factor):
    pixels = np.asarray(image, dtype=np.float32) * factor
    return Image.fromarray(np.clip(pixels + 0.5, 0, 255).astype(np.uint8))


def variants(original, rng):
    """Same picture, another file: each from the full-size original, then made a working image."""
    yield "resize50", original.resize((max(1, original.width // 2), max(1, original.height // 2)),
                                      Image.Resampling.LANCZOS)
    yield "resize25", original.resize((max(1, original.width // 4), max(1, original.height // 4)),
                                      Image.Resampling.BILINEAR)
    for quality in (30, 50, 70):
        yield f"jpeg{quality}", jpeg(working(original), quality)
    for percent in (2, 3, 5):
        yield f"crop{percent}", crop(original, percent / 100, rng)
    yield "bright+20", brighten(original, 1.2)
    yield "bright-20", brighten(original, 0.8)
    yield "mix", jpeg(brighten(crop(original, 0.03, rng), 1.1).resize(
        (original.width * 3 // 5, original.height * 3 // 5), Image.Resampling.BICUBIC), 50)
    yield "blur2", working(original).filter(ImageFilter.GaussianBlur(2))


def main():
    out = sys.argv[1]
    for folder in ("fingerprint", "focus"):
        os.makedirs(os.path.join(out, folder), exist_ok=True)
    rows = []
    for name, kind, source in sources():
        original = source if isinstance(source, Image.Image) else Image.open(source).convert("RGB")
        rng = random.Random(name)
        base = working(original)
        path = os.path.join(out, "fingerprint", f"{name}__original.ppm")
        base.save(path)
        rows.append((path, name, kind, "original", 0))
        for variant, image in variants(original, rng):
            path = os.path.join(out, "fingerprint", f"{name}__{variant}.ppm")
            working(image).save(path)
            rows.append((path, name, kind, variant, 0))
        for sigma in BLURS:
            path = os.path.join(out, "focus", f"{name}__blur{sigma:g}.ppm")
            base.filter(ImageFilter.GaussianBlur(sigma)).save(path)
            rows.append((path, name, kind, f"blur{sigma:g}", sigma))
        print(name, kind, base.size, file=sys.stderr)
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["path", "picture", "kind", "variant", "blur_sigma"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
