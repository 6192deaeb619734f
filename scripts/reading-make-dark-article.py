#!/usr/bin/env python3
"""Draws Tests/Fixtures/screens/article-dark-serif.png: a dark-mode article page (desktop, 1440 x 900) of 31 px
DejaVu Serif Condensed rows under a 46 px DejaVu Sans Bold title, light pink on near-black, with the words and
layout of parity seed 11 `article-00` (scripts/parity-corpus.py, family "article", style "dark"), drawn without
the JPEG step. The dark counters of the light letters are what the line finder's second look for outlined letters
found there (docs/reading.md, "Outlined pieces inside a row's letters").

Usage: python3 scripts/reading-make-dark-article.py Tests/Fixtures/screens/article-dark-serif.png
"""
import sys

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
GROUND, INK = (21, 21, 29), (244, 203, 208)
TITLE = "Will service shopping it"
ROWS = [
    "can service entrée fiancée see morning from will platform been fair you arrives",
    "tomorrow weather we opened can friendly send after coöperate has looks moved",
    "weather shipped soon trip room the we store façade send details mountains check looks",
    "a friendly service our from store naïve order for résumé your a menu message order",
    "your café fiancée near fiancée your with you station can prices delicious new you the",
    "check with moved shopping thank weekend details please mountains check prices see",
    "check shipped soon with check for great for delicious train a leaves message you",
    "prices menu mountains check leaves friendly piñata friendly below piñata store café vu",
    "will details looks below résumé platform service platform friendly to the has store",
    "morning über fiancée when looks near for mountains über über three you looks today",
    "déjà from slides to prices near leaves shipped send send déjà naïve after new send",
    "can below we déjà room déjà naïve below delicious train fiancée friendly delicious bring",
    "entrée order moved bring you fiancée shipped been déjà moved morning soon near with",
    "station you see message train bring new platform below store entrée bring über been",
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    size, margin = 31, 1440 // 16
    image = Image.new("RGB", (1440, 900), GROUND)
    draw = ImageDraw.Draw(image)
    body = ImageFont.truetype(f"{FONT_DIR}/DejaVuSerifCondensed.ttf", size)
    title = ImageFont.truetype(f"{FONT_DIR}/DejaVuSans-Bold.ttf", int(size * 1.5))
    # Baselines as the corpus sets them: the title at 3 letter sizes, rows from 6, 1.6 sizes apart.
    draw.text((margin, size * 3), TITLE, font=title, fill=INK, anchor="ls")
    y = size * 6
    for row in ROWS:
        draw.text((margin, y), row, font=body, fill=INK, anchor="ls")
        y += int(size * 1.6)
    image.save(sys.argv[1], optimize=True)


if __name__ == "__main__":
    main()
