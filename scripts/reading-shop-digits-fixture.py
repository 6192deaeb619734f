#!/usr/bin/env python3
"""Makes Tests/Fixtures/screens/shop-digit-spaces.png: shop stock rows whose word after a lone digit is small.

    python3 scripts/reading-shop-digits-fixture.py [OUT]

A 1440 px wide page laid out as `scripts/parity-corpus.py` lays out its shop family: an item name and a price on
one row, and under some of them a stock row ("3 in stock · ships in 2 days") in a smaller face, in DejaVu Sans and
Liberation Sans (regular and bold) from 13 to 19 px, black on white. The space after the lone digit ("4 in", "in 2 days") is what
the built-in reader lost in small proportional text (docs/reading.md, "A lone digit's space"); `DigitSpacesTests`
reads it at its own size. Dev-time only (Pillow, Debian's fonts-dejavu-core and fonts-liberation2).
"""
import argparse

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/"
ROWS = [("dejavu/DejaVuSans.ttf", 17, 13, "Desk lamp", "£238.36", "4 in stock · ships in 2 days"),
        ("dejavu/DejaVuSans.ttf", 17, 13, "Bagel", "£262.11", "1 in stock · ships today"),
        ("liberation2/LiberationSans-Regular.ttf", 18, 14, "Oat milk", "$211.26", "3 in stock · ships in 2 days"),
        ("dejavu/DejaVuSans.ttf", 21, 16, "Rain jacket", "€210.00", "2 in stock · ships Monday"),
        ("liberation2/LiberationSans-Regular.ttf", 25, 19, "Green tea", "¥275.23", "4 in stock · ships in 2 days"),
        ("dejavu/DejaVuSans.ttf", 25, 19, "Flat white", "$299.99", "3 in stock · ships in 2 days"),
        ("dejavu/DejaVuSans-Bold.ttf", 17, 13, "Ice cream", "¥230.96", "3 in stock · ships in 2 days"),
        ("dejavu/DejaVuSans-Bold.ttf", 17, 13, "Wireless mouse", "¥260.95", "4 in stock · ships Monday"),
        ("liberation2/LiberationSans-Bold.ttf", 20, 15, "Bratwurst", "£195.52", "2 in stock · ships in 2 days")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="Tests/Fixtures/screens/shop-digit-spaces.png")
    args = parser.parse_args()
    image = Image.new("RGB", (1440, 60 + 80 * len(ROWS)), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    margin, ink = 1440 // 18, (20, 20, 24)
    for index, (path, size, small_size, item, price, stock) in enumerate(ROWS):
        font = ImageFont.truetype(FONT_DIR + path, size)
        small = ImageFont.truetype(FONT_DIR + path, small_size)
        baseline = 40 + 80 * index
        draw.text((margin, baseline), item, font=font, fill=ink, anchor="ls")
        draw.text((1440 - margin, baseline), price, font=font, fill=ink, anchor="rs")
        draw.text((margin, baseline + int(size * 1.3)), stock, font=small, fill=ink, anchor="ls")
    image.save(args.out)


if __name__ == "__main__":
    main()
