#!/usr/bin/env python3
"""Dev-time labelled set for the out-of-focus flag (issue 11; not used at run time).

From a seed, makes working images (long side 1600, binary PPM) with a label each, and manifest.csv
(path, picture, kind, variant, blur_sigma, label) that `FingerprintBenchmarks focus MANIFEST` measures:

  photo    random crops (60-100 % of each side) of the real photographs Debian ships as wallpapers
           (plasma-workspace-wallpapers, lomiri-wallpapers), as a camera would leave them: sensor noise
           (sigma 0-3 levels) and JPEG (quality 70-95)
  smooth   sharp scenes with little detail, drawn here: sky over a crisp horizon, fog, snow, a bokeh portrait
           (blurred background, sharp subject), night lights, macro (a small sharp subject): sharp, not flagged

Each picture comes sharp (label "sharp"), defocused (Gaussian sigma 3-8 working pixels, label "blurred"), moved
(motion blur 12-40 px at a random angle, "blurred"), and mildly soft (sigma 1-2, "mild": reported apart, not
counted in precision or recall). Noise and JPEG are applied after the blur, as in a camera, so noise cannot hide
the blur from a measure that only looks at fine detail. The seed picks crops, strengths, angles, noise and
quality, and draws the smooth scenes: the tests calibrate on one seed, docs/fingerprint.md reports another.

Needs pillow, numpy, plasma-workspace-wallpapers, lomiri-wallpapers.
Usage: scripts/focus-make-labelled.py OUTPUT_DIR SEED [PICTURES_PER_SOURCE]
"""
import csv
import importlib.machinery
import io
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
WORKING = 1600


def photo_paths():
    fixtures = importlib.machinery.SourceFileLoader(
        "fingerprint_fixtures", os.path.join(HERE, "fingerprint-make-fixtures.py")).load_module()
    paths = [fixtures.largest_plasma(name) for name in fixtures.PLASMA_PHOTOS]
    for name in sorted(os.listdir("/usr/share/backgrounds")):
        if any(name.startswith(prefix) for prefix in fixtures.LOMIRI_PHOTOS):
            paths.append(os.path.join("/usr/share/backgrounds", name))
    return paths


def working(image):
    scale = WORKING / max(image.size)
    if scale < 1:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.BOX)
    return image.convert("RGB")


def camera(image, rng):
    """Sensor noise and JPEG, as a phone leaves a picture."""
    pixels = np.asarray(image, dtype=np.float32)
    sigma = rng.uniform(0, 3)
    pixels = pixels + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, sigma, pixels.shape)
    noisy = Image.fromarray(np.clip(pixels + 0.5, 0, 255).astype(np.uint8))
    buffer = io.BytesIO()
    noisy.save(buffer, "JPEG", quality=rng.randint(70, 95))
    return Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")


def motion(image, length, angle):
    """Linear motion blur: the mean of `length` copies shifted along the angle (sub-pixel by bilinear)."""
    pixels = np.asarray(image, dtype=np.float32)
    total = np.zeros_like(pixels)
    steps = max(2, int(length))
    for step in range(steps):
        offset = (step / (steps - 1) - 0.5) * length
        dx, dy = offset * math.cos(angle), offset * math.sin(angle)
        shifted = image.transform(image.size, Image.Transform.AFFINE, (1, 0, dx, 0, 1, dy),
                                  resample=Image.Resampling.BILINEAR, fillcolor=None)
        total += np.asarray(shifted, dtype=np.float32)
    return Image.fromarray(np.clip(total / steps + 0.5, 0, 255).astype(np.uint8))


def supersampled(size, draw_at_2x):
    """Draws at twice the size and box-reduces: crisp, antialiased edges as a lens in focus gives."""
    big = Image.new("RGB", (size[0] * 2, size[1] * 2))
    draw_at_2x(big, ImageDraw.Draw(big))
    return big.resize(size, Image.Resampling.BOX)


def gradient(image, top, bottom):
    width, height = image.size
    rows = np.linspace(0, 1, height)[:, None, None]
    pixels = np.array(top, np.float32) * (1 - rows) + np.array(bottom, np.float32) * rows
    image.paste(Image.fromarray(np.repeat(pixels, width, axis=1).astype(np.uint8)))


def smooth_scene(kind, rng):
    size = rng.choice([(1600, 1067), (1600, 1200), (1200, 1600), (1600, 900)])
    width, height = size[0] * 2, size[1] * 2

    def sky(image, draw):
        gradient(image, (rng.randint(40, 90), rng.randint(100, 150), rng.randint(190, 240)), (225, 235, 245))
        horizon = int(height * rng.uniform(0.75, 0.92))
        points = [(0, height)] + [(x, horizon + rng.randint(-40, 40)) for x in range(0, width + 80, 80)] + [(width, height)]
        draw.polygon(points, fill=(rng.randint(10, 50),) * 3)
        for _ in range(rng.randint(1, 4)):   # birds
            x, y = rng.randint(0, width), rng.randint(100, horizon - 200)
            draw.line([(x - 18, y - 8), (x, y), (x + 18, y - 8)], fill=(20, 20, 30), width=4)

    def fog(image, draw):
        base = rng.randint(150, 200)
        gradient(image, (base + 15,) * 3, (base,) * 3)
        for _ in range(rng.randint(4, 9)):   # posts and trees a few levels darker
            x = rng.randint(0, width)
            level = base - rng.randint(6, 25)
            draw.rectangle([x, int(height * 0.4), x + rng.randint(8, 40), height], fill=(level,) * 3)
            draw.ellipse([x - 120, int(height * 0.25), x + 140, int(height * 0.5)], fill=(level + 3,) * 3)

    def snow(image, draw):
        gradient(image, (235, 238, 245), (250, 250, 252))
        for _ in range(rng.randint(20, 60)):   # footprints and twigs
            x, y = rng.randint(0, width), rng.randint(int(height * 0.3), height)
            draw.ellipse([x, y, x + rng.randint(10, 30), y + rng.randint(6, 20)], fill=(190, 195, 210))
        draw.line([(0, int(height * 0.3)), (width, int(height * 0.28))], fill=(60, 70, 60), width=6)

    def night(image, draw):
        gradient(image, (5, 8, 20), (15, 15, 25))
        for _ in range(rng.randint(30, 120)):
            x, y, r = rng.randint(0, width), rng.randint(0, height), rng.randint(2, 10)
            draw.ellipse([x - r, y - r, x + r, y + r], fill=(255, rng.randint(200, 255), rng.randint(120, 220)))
        for row in range(rng.randint(2, 5)):   # lit windows of a building
            y = int(height * 0.6) + row * 60
            for x in range(int(width * 0.3), int(width * 0.7), 70):
                if rng.random() < 0.6:
                    draw.rectangle([x, y, x + 36, y + 40], fill=(250, 220, 140))

    def subject(draw, box, crisp_lines):
        x0, y0, x1, y1 = box
        draw.ellipse(box, fill=(rng.randint(150, 220), rng.randint(110, 170), rng.randint(90, 140)))
        for line in range(crisp_lines):   # eyes, hair strands, petal veins: fine sharp detail
            y = y0 + (y1 - y0) * (line + 1) / (crisp_lines + 1)
            draw.line([(x0 + (x1 - x0) * 0.25, y), (x0 + (x1 - x0) * 0.75, y + rng.randint(-20, 20))],
                      fill=(30, 20, 20), width=rng.randint(2, 5))

    def bokeh_background(image):
        backdrop = Image.new("RGB", image.size, tuple(rng.randint(20, 80) for _ in range(3)))
        bdraw = ImageDraw.Draw(backdrop)
        for _ in range(40):
            x, y, r = rng.randint(0, width), rng.randint(0, height), rng.randint(40, 160)
            bdraw.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randint(60, 255) for _ in range(3)))
        image.paste(backdrop.filter(ImageFilter.GaussianBlur(rng.uniform(25, 45))))

    def bokeh(image, draw):
        bokeh_background(image)
        w = int(width * rng.uniform(0.28, 0.4))
        h = int(w * 1.3)
        subject(draw, (width // 2 - w // 2, height // 2 - h // 2, width // 2 + w // 2, height // 2 + h // 2), 8)

    def macro(image, draw):
        bokeh_background(image)
        w = int(min(width, height) * rng.uniform(0.12, 0.2))
        x, y = rng.randint(w, width - 2 * w), rng.randint(w, height - 2 * w)
        for petal in range(6):
            angle = petal * math.pi / 3
            cx, cy = x + math.cos(angle) * w * 0.6, y + math.sin(angle) * w * 0.6
            draw.ellipse([cx - w * 0.4, cy - w * 0.4, cx + w * 0.4, cy + w * 0.4], fill=(240, 240, 90))
        subject(draw, (x - w // 3, y - w // 3, x + w // 3, y + w // 3), 4)

    painter = {"sky": sky, "fog": fog, "snow": snow, "night": night, "bokeh": bokeh, "macro": macro}[kind]
    return supersampled(size, painter)


def main():
    out, seed = sys.argv[1], int(sys.argv[2])
    per_source = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    pictures = []
    for path in photo_paths():
        full = working(Image.open(path))
        for copy in range(per_source):
            fx, fy = rng.uniform(0.6, 1), rng.uniform(0.6, 1)
            w, h = int(full.width * fx), int(full.height * fy)
            x, y = rng.randint(0, full.width - w), rng.randint(0, full.height - h)
            name = os.path.splitext(os.path.basename(path))[0].split("_by_")[0].split("-")[0]
            pictures.append((f"{name}-{copy}", "photo", full.crop((x, y, x + w, y + h))))
    for kind in ["sky", "fog", "snow", "night", "bokeh", "macro"]:
        for copy in range(3 * per_source):
            pictures.append((f"{kind}-{copy}", "smooth", smooth_scene(kind, rng)))
    rows = []
    for picture, kind, image in pictures:
        versions = [("sharp", 0.0, "sharp", image)]
        sigma = rng.uniform(3, 8)
        versions.append((f"gauss{sigma:.1f}", sigma, "blurred", image.filter(ImageFilter.GaussianBlur(sigma))))
        length, angle = rng.uniform(12, 40), rng.uniform(0, math.pi)
        versions.append((f"motion{length:.0f}", length, "blurred", motion(image, length, angle)))
        mild = rng.uniform(1, 2)
        versions.append((f"mild{mild:.1f}", mild, "mild", image.filter(ImageFilter.GaussianBlur(mild))))
        for variant, strength, label, version in versions:
            path = os.path.join(out, f"{picture}__{variant}.ppm")
            working(camera(version, rng)).save(path)
            rows.append((path, picture, kind, variant, f"{strength:.2f}", label))
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["path", "picture", "kind", "variant", "blur_sigma", "label"])
        writer.writerows(rows)
    print(f"{len(rows)} images ({len(pictures)} pictures) in {out}")


if __name__ == "__main__":
    main()
