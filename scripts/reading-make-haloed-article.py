#!/usr/bin/env python3
"""Draws Tests/Fixtures/screens/article-haloed-10px.jpg: an article over a blurred photo-like ground with grain
(1920 x 540, JPEG), a 16 px bold title and twelve rows of 10 px DejaVu Sans in white with a 3 px dark outline
(PIL's stroke_width), rows 15 px apart so that their outlines touch, as parity seed 3434 `article-02` draws its
body. Against the line finder's 41 px square the thin white strokes are no ink, only the halo is (docs/reading.md,
"Small haloed letters over a photo"). Prints the body rows, top to bottom.

Usage: python3 scripts/reading-make-haloed-article.py Tests/Fixtures/screens/article-haloed-10px.jpg
"""
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
TITLE = "Naive fiancee near can"
WORDS = ("three has mountains check menu see order slides today service thank looks new arrives station "
         "delicious our friendly room slides with platform weekend leaves meeting prices morning early your "
         "weather lunch fair message soon shipped entree trip bring coffee great below near tomorrow").split()


def ground(width, height, rng):
    """A photo-like ground: a diagonal gradient with soft light and dark blobs, blurred."""
    image = Image.new("L", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = int(90 + 110 * (x + y) / (width + height))
    draw = ImageDraw.Draw(image)
    for _ in range(14):
        x, y, r = rng.randrange(width), rng.randrange(height), rng.randrange(40, 160)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rng.choice([40, 70, 200, 230]))
    image = image.filter(ImageFilter.GaussianBlur(18))
    # The photo's own grain: specks of a letter's size, lightly blurred.
    grain = Image.effect_noise((width // 3, height // 3), 60).resize((width, height), Image.BICUBIC)
    image = Image.blend(image, grain.filter(ImageFilter.GaussianBlur(1)), 0.35)
    return Image.merge("RGB", (image, image.point(lambda v: int(v * 0.95)), image.point(lambda v: int(v * 0.85))))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rng = random.Random(3434)
    width, height = 1920, 540
    image = ground(width, height, rng)
    draw = ImageDraw.Draw(image)
    title = ImageFont.truetype(f"{FONT_DIR}/DejaVuSans-Bold.ttf", 16)
    body = ImageFont.truetype(f"{FONT_DIR}/DejaVuSans.ttf", 10)
    left, top = 60, 30
    draw.text((left, top), TITLE, font=title, fill="white", stroke_width=2, stroke_fill=(20, 20, 20))
    top += 40
    for _ in range(12):
        words, row = [], ""
        while True:
            word = rng.choice(WORDS)
            if draw.textlength(row + " " + word, font=body) > width - 2 * left:
                break
            row = (row + " " + word).strip()
        draw.text((left, top), row, font=body, fill="white", stroke_width=3, stroke_fill=(20, 20, 20))
        print(row)
        top += 15
    image.save(sys.argv[1], quality=80)


if __name__ == "__main__":
    main()
