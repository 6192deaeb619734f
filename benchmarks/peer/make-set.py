#!/usr/bin/env python3
"""Makes the mixed capture set for the peer comparison: screenshots with known text (and some codes) and real photos.

    python3 benchmarks/peer/make-set.py OUT [--screenshots 60] [--photos 60] [--seed 7]

Screenshots: phone (1170x2532), desktop (1440x900) and tablet (1640x2360) sizes, light and dark themes, DejaVu Sans,
Serif and Mono from 15 to 40 px, paragraphs of common English words; one in five carries a QR code or a Code 128
barcode made by zint. Photos: real photographs from Debian's wallpaper packages (lomiri-wallpapers,
plasma-workspace-wallpapers), scaled to 2000-4000 px on the long side and saved as JPEG. OUT/truth.json lists, per
file, the words drawn and the code payloads, which `compare.py` scores recall against. Dev-time only (Pillow).
"""
import argparse
import json
import os
import random
import subprocess
import tempfile

from PIL import Image, ImageDraw, ImageFont

WORDS = """time person year way day thing man world life hand part child eye woman place work week case point
government company number group problem fact city garden kitchen window market river bridge mountain coffee bread
travel ticket station platform train airport flight booking receipt invoice payment delivery order price total
discount shipping address street avenue museum gallery concert festival cinema theatre recipe butter sugar flour
lemon pepper garlic onion tomato cheese chicken salad soup dinner lunch breakfast morning evening weekend holiday
summer winter autumn spring weather forecast rain snow sunny cloudy temperature article story news report editor
camera picture photo screen phone laptop keyboard battery charger cable printer update version settings account
password security message reply forward contact meeting calendar reminder schedule appointment doctor library book
author chapter page novel poem music album song artist playlist movie series episode season review rating stars
product brand model colour size stock basket checkout return warranty support service customer member offer sale
football tennis running cycling swimming walking hiking climbing park forest beach island harbour village castle
church school student teacher lesson homework project design drawing painting building kitchen bedroom office""".split()
FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
]
SIZES = [(1170, 2532), (1440, 900), (1640, 2360)]
PHOTO_FOLDERS = ["/usr/share/backgrounds/lomiri-wallpapers", "/usr/share/wallpapers", "/usr/share/backgrounds"]


def screenshot(rng, path, index):
    width, height = SIZES[index % len(SIZES)]
    dark = index % 3 == 1
    background, ink = ((24, 24, 28), (232, 232, 236)) if dark else ((250, 250, 250), (20, 20, 24))
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    accent = (rng.randrange(40, 200), rng.randrange(40, 200), rng.randrange(40, 200))
    draw.rectangle([0, 0, width, int(height * 0.06)], fill=accent)          # a title bar
    words_drawn = []
    y = int(height * 0.08)
    code = None
    if index % 5 == 2:
        code = make_code(rng, index)
        code_image = Image.open(code["file"]).convert("RGB")
        scale = max(1, int(width * 0.3 / code_image.width))
        code_image = code_image.resize((code_image.width * scale, code_image.height * scale), Image.NEAREST)
        image.paste(code_image, (width - code_image.width - 40, height - code_image.height - 40))
    while y < height * (0.7 if code else 0.92):
        size = rng.choice([15, 18, 22, 26, 30, 34, 40])
        font = ImageFont.truetype(rng.choice(FONTS), size)
        x = int(width * 0.05)
        line = []
        while True:
            word = rng.choice(WORDS)
            if rng.random() < 0.08:
                word = word.capitalize()
            candidate = " ".join(line + [word])
            if font.getlength(candidate) > width * 0.88:
                break
            line.append(word)
        draw.text((x, y), " ".join(line), font=font, fill=ink)
        words_drawn += line
        y += int(size * rng.choice([1.5, 1.8, 2.4]))
    image.save(path)
    return {"words": words_drawn, "codes": [code["payload"]] if code else []}


def make_code(rng, index):
    payload = f"https://shop.example.com/p/{rng.randrange(10**6, 10**7)}" if index % 2 == 0 else f"TKT{rng.randrange(10**8, 10**9)}"
    symbology = "58" if index % 2 == 0 else "20"   # QR, Code 128
    file = os.path.join(tempfile.gettempdir(), f"pool-peer-code-{index}.png")
    subprocess.run(["zint", "-b", symbology, "-d", payload, "-o", file, "--scale=2"], check=True,
                   stdout=subprocess.DEVNULL)
    return {"file": file, "payload": payload}


def photo_sources():
    found = []
    for folder in PHOTO_FOLDERS:
        for root, _, files in os.walk(folder):
            for name in files:
                if name.lower().endswith((".jpg", ".jpeg")) and "screenshot" not in name.lower():
                    found.append(os.path.join(root, name))
    return sorted(set(found))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--screenshots", type=int, default=60)
    parser.add_argument("--photos", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.join(args.out, "screenshots"), exist_ok=True)
    os.makedirs(os.path.join(args.out, "photos"), exist_ok=True)
    truth = {}
    for index in range(args.screenshots):
        name = f"screenshots/shot-{index:03d}.png"
        truth[name] = screenshot(rng, os.path.join(args.out, name), index)
    sources = photo_sources()
    if len(sources) < 10:
        raise SystemExit("too few photos: install lomiri-wallpapers and plasma-workspace-wallpapers")
    for index in range(args.photos):
        source = sources[index % len(sources)]
        image = Image.open(source).convert("RGB")
        long_side = rng.choice([2000, 3000, 4000])
        scale = long_side / max(image.size)
        image = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))), Image.LANCZOS)
        name = f"photos/photo-{index:03d}.jpg"
        image.save(os.path.join(args.out, name), quality=88)
        truth[name] = {"words": [], "codes": []}
    with open(os.path.join(args.out, "truth.json"), "w") as handle:
        json.dump(truth, handle, indent=1, sort_keys=True)
    print(f"{args.screenshots} screenshots, {args.photos} photos in {args.out}")


if __name__ == "__main__":
    main()
