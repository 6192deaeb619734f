#!/usr/bin/env python3
"""Writes a hostile set of captures carrying codes, with their payloads, for the codes stage's recall (seeded).

    python3 scripts/make-code-set.py SEED OUT_DIR [--count N] [--inverted-share S] [--symbologies PDF417,QRCODE]

Each capture is what `zxing.codes` sees after `vips.decode` (long side at most 1600 px): a screenshot (light, dark,
coloured or gradient ground, lines of text) or a real photo (Debian's wallpapers) with one or two codes made by
zint: EAN-13, EAN-8, UPC-A, UPC-E, Code 128, Code 39, ITF-14, Codabar, DataBar, QR, Micro QR, DataMatrix, PDF417,
Aztec; at small to large module sizes, turned (quarter turns, a few degrees, any angle), inverted (light on dark),
at low contrast, blurred, as PNG or JPEG of quality 50-92. Captures without codes (text screens, photos) are mixed
in, for the cost where nothing is found. Also the four big linear barcodes of ../shared/repro/make-linear-barcodes.py
(which once aborted the process). OUT_DIR/truth.json maps each file to its codes: {"symbology", "data"}; a code is
found when the text read contains `data` (check digits and GS1 prefixes may be added by the reader).
Dev-time only (zint, Pillow, numpy). Tune on one seed, report on another.
"""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

PHOTOS = sorted(Path("/usr/share/backgrounds").glob("*.jpg"))
FONTS = [f for f in ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                     "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"] if Path(f).exists()]
WORDS = "order ticket price total check gate seat flight menu coffee recipe flour sugar butter parcel track return".split()


def payload(rng, symbology):
    digits = lambda n: "".join(str(rng.randrange(10)) for _ in range(n))
    return {
        "EANX": lambda: digits(12), "EAN8": lambda: digits(7), "UPCA": lambda: digits(11), "UPCE": lambda: digits(6),
        "CODE128": lambda: f"PARCEL-{digits(4)}-{rng.choice(['XK', 'QA', 'ZT'])}", "CODE39": lambda: f"BIN-{digits(4)}-C",
        "ITF14": lambda: digits(13), "CODABAR": lambda: digits(8), "DBAR_OMN": lambda: digits(13),
        "QRCODE": lambda: f"https://shop.example.com/p/{digits(7)}", "MICROQR": lambda: digits(8),
        "DATAMATRIX": lambda: f"LOT{digits(6)}/EXP{digits(4)}", "PDF417": lambda: f"PASSENGER {digits(6)} SEAT {digits(2)}A",
        "AZTEC": lambda: f"BOARDING M1{digits(8)}",
    }[symbology]()


def zint(symbology, data, tmp):
    raw = Path(tmp) / "code.png"
    arg = {"EAN8": "EANX", "CODABAR": "CODABAR"}.get(symbology, symbology)
    text = "A" + data + "B" if symbology == "CODABAR" else data
    subprocess.run(["zint", "-b", arg, "-d", text, "-o", str(raw), "--scale=1", "--quietzones"], check=True,
                   capture_output=True)
    return Image.open(raw).convert("L")


def text_page(rng, width, height, ground, ink):
    page = Image.new("RGB", (width, height), ground)
    draw = ImageDraw.Draw(page)
    if rng.random() < 0.3:  # gradient ground
        top, bottom = np.array(ground), np.array(rng.choice([(40, 40, 60), (230, 230, 250), (250, 220, 200)]))
        ramp = np.linspace(0, 1, height)[:, None, None]
        page = Image.fromarray((top * (1 - ramp) + bottom * ramp).repeat(width, axis=1).astype(np.uint8))
        draw = ImageDraw.Draw(page)
    size = rng.randrange(14, 40)
    font = ImageFont.truetype(rng.choice(FONTS), size)
    y = 20
    while y < height - size:
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 9)))
        draw.text((20 + rng.randrange(40), y), line, fill=ink, font=font)
        y += int(size * rng.uniform(1.4, 2.4))
    return page


_PHOTO_CACHE = {}
INVERTED_SHARE = 0.2  # --inverted-share S: a stress set of light codes on dark ground (the same draws otherwise)
# --symbologies A,B: draw only these (a stress set of one family; the same draws otherwise when not given)
SYMBOLOGIES = ["EANX", "EAN8", "UPCA", "UPCE", "CODE128", "CODE39", "ITF14", "CODABAR", "DBAR_OMN",
               "QRCODE", "QRCODE", "MICROQR", "DATAMATRIX", "PDF417", "AZTEC"]


def photo_page(rng, width, height):
    path = rng.choice(PHOTOS)
    if path not in _PHOTO_CACHE:
        photo = Image.open(path)
        photo.draft("RGB", (1600, 1600))  # the JPEG decoder's own reduced-size decode: quick
        photo = photo.convert("RGB")
        photo.thumbnail((1700, 1700))
        _PHOTO_CACHE[path] = photo
    photo = _PHOTO_CACHE[path]
    scale = max(width / photo.width, height / photo.height)
    photo = photo.resize((int(photo.width * scale) + 1, int(photo.height * scale) + 1), Image.BILINEAR)
    return photo.crop((0, 0, width, height))


def styled_code(rng, symbology, data, tmp, kind):
    code = zint(symbology, data, tmp)
    linear = symbology in ("EANX", "EAN8", "UPCA", "UPCE", "CODE128", "CODE39", "ITF14", "CODABAR", "DBAR_OMN")
    module = rng.choice([1.5, 2, 2, 3, 4, 6]) if linear else rng.choice([2, 2.5, 3, 4, 6, 10])
    code = code.resize((max(1, int(code.width * module)), max(1, int(code.height * module))),
                       Image.NEAREST if module == int(module) else Image.BILINEAR)
    style = {"module": module}
    if kind == "photo" and rng.random() < 0.5:
        code = code.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.1)))
        style["blur"] = True
    dark, light = 0, 255
    if rng.random() < 0.2:
        dark, light = rng.randrange(70, 120), rng.randrange(150, 200)
        style["low contrast"] = True
    if rng.random() < INVERTED_SHARE:
        dark, light = light, dark
        style["inverted"] = True
    lut = [int(dark + (light - dark) * v / 255) for v in range(256)]
    code = code.point(lut)
    turn = rng.random()
    angle = 0
    if turn < 0.2:
        angle = rng.choice([90, 180, 270])
    elif turn < 0.4:
        angle = rng.uniform(-8, 8)
    elif turn < 0.5:
        angle = rng.uniform(0, 360)
    if angle:
        code = code.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=light)
        style["angle"] = round(angle, 1)
    return code, light, style


def capture(rng, index, tmp):
    kind = rng.choice(["screen", "screen", "dark screen", "photo"])
    width, height = rng.choice([(1600, 900), (1440, 900), (740, 1600), (1600, 1200), (1200, 1600), (1066, 1600)])
    if kind == "photo":
        page = photo_page(rng, width, height)
    elif kind == "dark screen":
        page = text_page(rng, width, height, rng.choice([(18, 18, 24), (30, 34, 42), (0, 0, 0)]), (220, 220, 220))
    else:
        page = text_page(rng, width, height, rng.choice([(255, 255, 255), (246, 241, 230), (225, 240, 255)]),
                         rng.choice([(0, 0, 0), (60, 60, 60), (20, 40, 120)]))
    codes = []
    if rng.random() < 0.8:
        for _ in range(1 if rng.random() < 0.75 else 2):
            symbology = rng.choice(SYMBOLOGIES)
            data = payload(rng, symbology)
            try:
                code, light, style = styled_code(rng, symbology, data, tmp, kind)
            except subprocess.CalledProcessError:
                continue  # data zint refuses (some UPC-E numbers have no UPC-E form)
            if code.width + 24 > width - 60 or code.height + 24 > height - 60:
                continue
            # A card of the code's light colour around it (its quiet zone), unless it stands on the ground as is.
            card = Image.new("L", (code.width + 24, code.height + 24), light)
            card.paste(code, (12, 12))
            for _ in range(20):
                x, y = rng.randrange(20, width - card.width - 19), rng.randrange(20, height - card.height - 19)
                if not any(abs(x - c["x"]) < max(card.width, c["w"]) and abs(y - c["y"]) < max(card.height, c["h"])
                           for c in codes):
                    break
            else:
                continue
            page.paste(card.convert("RGB"), (x, y))
            codes.append({"symbology": symbology, "data": data, "style": style, "x": x, "y": y, "w": card.width,
                          "h": card.height})
    noise = np.random.default_rng(index).integers(-3, 4, (height, width, 3), dtype=np.int16)
    page = Image.fromarray(np.clip(np.asarray(page).astype(np.int16) + noise, 0, 255).astype(np.uint8))
    return kind, page, codes


def main():
    seed, out = int(sys.argv[1]), Path(sys.argv[2])
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 120
    global INVERTED_SHARE
    if "--inverted-share" in sys.argv:
        INVERTED_SHARE = float(sys.argv[sys.argv.index("--inverted-share") + 1])
    global SYMBOLOGIES
    if "--symbologies" in sys.argv:
        SYMBOLOGIES = sys.argv[sys.argv.index("--symbologies") + 1].split(",")
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    truth = {}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(count):
            kind, page, codes = capture(rng, index, tmp)
            if rng.random() < 0.5:
                name = f"{kind.replace(' ', '-')}-{index:03d}.jpg"
                page.save(out / name, quality=rng.randrange(50, 93))
            else:
                name = f"{kind.replace(' ', '-')}-{index:03d}.png"
                page.save(out / name, compress_level=1)
            truth[name] = [{"symbology": c["symbology"], "data": c["data"], "style": c["style"]} for c in codes]
        repro = Path(__file__).resolve().parents[2] / "shared" / "repro" / "make-linear-barcodes.py"
        if not repro.exists():
            repro = Path("/work/shared/repro/make-linear-barcodes.py")
        subprocess.run([sys.executable, str(repro), str(out / "repro")], check=True, capture_output=True)
        for name, (symbology, data) in zip(["eanx.png", "upca.png", "code128.png", "code39.png"],
                                           [("EANX", "871234567890"), ("UPCA", "01234567890"),
                                            ("CODE128", "PARCEL-7731-XK"), ("CODE39", "BIN-2291-C")]):
            truth["repro/" + name] = [{"symbology": symbology, "data": data, "style": {"repro": True}}]
    (out / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"wrote {len(truth)} captures ({sum(len(v) for v in truth.values())} codes) to {out}")


if __name__ == "__main__":
    main()
