#!/usr/bin/env python3
"""Makes Tests/Fixtures/screens/menu-light-italic-13px.jpg: a desktop menu whose descriptions are light italic.

    python3 scripts/reading-faint-italic-fixture.py [OUT] [--ink LEVEL] [--quality Q]

The top of a 1440 px wide menu laid out as `scripts/parity-corpus.py` lays out its menus at 13 px (dish names in
DejaVu Sans Bold 13 px, prices right-aligned, a description in DejaVu Serif Italic 10 px under each), in grey ink
on a near-white ground, saved as JPEG at quality 62 (seed 7474's `menu-00` was saved so). The hairlines of the
italic letters ("c", "e", the lead-in of "h" and "s") come out lighter than half way between the ink and the
ground, so the line's ink profile shows gaps inside words as wide as word gaps (docs/reading.md, "Faint letter
gaps"). `FaintLetterGapTests` reads it at its own size. Dev-time only (Pillow, Debian's fonts-dejavu-core).
"""
import argparse

from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
ROWS = [("Crème brûlée", "€6.40", "A after check lunch meeting,"),
        ("Café au lait", "€3.20", "Lunch can service delicious."),
        ("Lemon tart", "€4.90", "Tomorrow train the lunch when."),
        ("Piña colada", "€7.50", "A mountains delicious moved?")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="Tests/Fixtures/screens/menu-light-italic-13px.jpg")
    parser.add_argument("--ink", type=int, default=120, help="grey level of the ink (0 black)")
    parser.add_argument("--quality", type=int, default=62)
    args = parser.parse_args()
    size, pitch = 13, 46
    names = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", size)
    descriptions = ImageFont.truetype(FONTS + "DejaVuSerif-Italic.ttf", size * 4 // 5)
    ink = (args.ink, args.ink + 6, args.ink + 3)
    image = Image.new("RGB", (1440, 3 * size + pitch * len(ROWS)), (254, 255, 249))
    draw = ImageDraw.Draw(image)
    for index, (name, price, description) in enumerate(ROWS):
        baseline = 3 * size + pitch * index
        draw.text((102, baseline), name, font=names, fill=ink, anchor="ls")
        draw.text((1338, baseline), price, font=names, fill=ink, anchor="rs")
        draw.text((102, baseline + int(size * 1.4)), description, font=descriptions, fill=ink, anchor="ls")
    image.save(args.out, quality=args.quality)


if __name__ == "__main__":
    main()
