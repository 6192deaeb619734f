#!/usr/bin/env python3
"""Generates samples/: a small library of captures that the default pipeline indexes out of the box.

Dev-time only (the pipeline never runs Python). Deterministic: the same inputs and package versions give the same
bytes. Needs, from Debian: fonts-dejavu-core, zint, libvips-tools (HEIC), lomiri-wallpapers-16.04 (real photos, CC-BY-4.0 / CC0);
from PyPI: pillow.

    python3 scripts/make-samples.py            # writes samples/ next to this script's parent folder
    python3 scripts/make-samples.py OUT_DIR

What it makes (see samples/README.md):
- Screenshots/: PNG and WebP screens with real text (a shop page with a price, a recipe, an article, a ticket
  with a QR code and a barcode, a chat), no camera EXIF.
- Photos/: real photos downscaled to 1600 px, with EXIF DateTimeOriginal, camera make/model and GPS written here;
  one stored sideways with EXIF orientation 6; one HEIC; one WebP without any EXIF (its date is the file's time).
- Photos/broken.jpg: a truncated JPEG, which decode must fail with a reason.
"""
import io
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont
from PIL.ExifTags import IFD

FONTS = "/usr/share/fonts/truetype/dejavu/"
WALLPAPERS = "/usr/share/backgrounds/"
PHOTO_SIZE = 1600


def font(name, size):
    return ImageFont.truetype(FONTS + name, size)


SANS, BOLD, SERIF, SERIF_BOLD, MONO = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf",
                                       "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf")


def zint(symbology, data, scale):
    """A barcode image made by the zint command line tool."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "code.png")
        subprocess.run(["zint", "-b", str(symbology), "-d", data, f"--scale={scale}", "-o", path], check=True)
        return Image.open(path).convert("RGB")


def wrap(draw, text, typeface, width):
    """Splits text into lines no wider than `width` pixels."""
    lines, line = [], ""
    for word in text.split():
        candidate = (line + " " + word).strip()
        if draw.textlength(candidate, font=typeface) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def paragraph(draw, xy, text, typeface, width, fill=(30, 30, 30), spacing=1.45):
    x, y = xy
    for line in wrap(draw, text, typeface, width):
        draw.text((x, y), line, font=typeface, fill=fill)
        y += int(typeface.size * spacing)
    return y


def shop_page():
    image = Image.new("RGB", (1280, 800), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 1280, 70), fill=(24, 38, 64))
    draw.text((32, 18), "TrailGear", font=font(BOLD, 30), fill="white")
    draw.text((820, 24), "Search products", font=font(SANS, 20), fill=(180, 190, 210))
    draw.rectangle((40, 110, 600, 690), fill=(236, 240, 244))
    draw.polygon([(110, 520), (250, 380), (400, 400), (540, 520), (520, 560), (120, 560)], fill=(214, 72, 52))
    draw.rectangle((120, 560, 520, 590), fill=(60, 60, 60))
    draw.text((650, 120), "Men's Trail Running Shoes", font=font(BOLD, 34), fill=(20, 20, 20))
    draw.text((650, 175), "Model Ridge 3 - Colour: Lava Red", font=font(SANS, 22), fill=(90, 90, 90))
    draw.text((650, 240), "EUR 89.95", font=font(BOLD, 44), fill=(196, 30, 30))
    draw.text((650, 300), "was EUR 119.00 - save 24%", font=font(SANS, 22), fill=(90, 90, 90))
    draw.text((650, 360), "Size", font=font(BOLD, 22), fill=(20, 20, 20))
    for index, size in enumerate(["41", "42", "43", "44", "45"]):
        left = 650 + index * 80
        draw.rectangle((left, 395, left + 64, 445), outline=(120, 120, 120), width=2)
        draw.text((left + 18, 405), size, font=font(SANS, 24), fill=(20, 20, 20))
    draw.rounded_rectangle((650, 490, 1050, 560), radius=10, fill=(24, 120, 60))
    draw.text((740, 505), "Add to basket", font=font(BOLD, 28), fill="white")
    paragraph(draw, (650, 600), "Free delivery on orders over EUR 50. Returns within 30 days. In stock: ships "
              "tomorrow.", font(SANS, 20), 560)
    return image


def recipe():
    image = Image.new("RGB", (750, 1334), (255, 253, 247))
    draw = ImageDraw.Draw(image)
    draw.text((40, 60), "Lemon Pancakes", font=font(SERIF_BOLD, 48), fill=(40, 30, 20))
    draw.text((40, 130), "Serves 4 - 25 minutes", font=font(SANS, 24), fill=(120, 100, 80))
    draw.text((40, 200), "Ingredients", font=font(BOLD, 30), fill=(40, 30, 20))
    y = 250
    for item in ["200 g plain flour", "2 teaspoons baking powder", "1 tablespoon sugar", "2 eggs",
                 "300 ml milk", "Zest of 1 lemon", "Butter for the pan"]:
        draw.text((60, y), "- " + item, font=font(SANS, 26), fill=(40, 40, 40))
        y += 44
    y += 30
    draw.text((40, y), "Method", font=font(BOLD, 30), fill=(40, 30, 20))
    y += 55
    steps = ["Whisk the flour, baking powder and sugar in a large bowl.",
             "Beat the eggs with the milk and lemon zest, then stir into the flour until smooth.",
             "Heat a little butter in a frying pan over a medium heat.",
             "Cook ladlefuls of batter for 2 minutes on each side until golden.",
             "Serve warm with lemon juice and a sprinkle of sugar."]
    for number, step in enumerate(steps, start=1):
        y = paragraph(draw, (60, y), f"{number}. {step}", font(SANS, 26), 650) + 16
    return image


def article():
    image = Image.new("RGB", (1280, 800), "white")
    draw = ImageDraw.Draw(image)
    draw.text((80, 30), "The Harbour Gazette", font=font(SERIF_BOLD, 36), fill=(10, 10, 10))
    draw.line((80, 90, 1200, 90), fill=(10, 10, 10), width=2)
    draw.text((80, 115), "Night trains return to the coast line", font=font(SERIF_BOLD, 44), fill=(10, 10, 10))
    draw.text((80, 180), "By Mira Okafor - 12 March 2024", font=font(SANS, 20), fill=(110, 110, 110))
    body = ("A sleeper service between the capital and the northern ports will run again from June, the rail "
            "operator said on Tuesday. Trains will leave at 22:40 every evening and arrive shortly after seven "
            "the next morning. Tickets for a couchette start at 49 euros, and a private cabin costs 129 euros. "
            "The operator expects most passengers to be families and walkers heading for the coastal path, "
            "which reopened last autumn after two years of repairs.")
    y = paragraph(draw, (80, 240), body, font(SERIF, 24), 1100, fill=(25, 25, 25))
    paragraph(draw, (80, y + 20), "Booking opens on 1 April through the operator's website and at stations.",
              font(SERIF, 24), 1100, fill=(25, 25, 25))
    return image


def ticket():
    image = Image.new("RGB", (750, 1334), (242, 244, 248))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((40, 60, 710, 1270), radius=24, fill="white")
    draw.text((80, 100), "Harbour Jazz Festival", font=font(BOLD, 38), fill=(20, 20, 60))
    draw.text((80, 160), "Saturday 20 April 2024, doors 19:00", font=font(SANS, 24), fill=(60, 60, 60))
    draw.text((80, 200), "Pier 4 Hall, Standing - Gate B", font=font(SANS, 24), fill=(60, 60, 60))
    draw.text((80, 260), "Ticket 7F3K-22QX", font=font(MONO, 26), fill=(20, 20, 20))
    qr = zint(58, "https://tickets.example.com/e/7F3K-22QX", 6)
    image.paste(qr, ((750 - qr.width) // 2, 340))
    barcode = zint(20, "7F3K22QX0042", 2)
    image.paste(barcode, ((750 - barcode.width) // 2, 340 + qr.height + 60))
    draw.text((80, 1180), "Show this code at the entrance.", font=font(SANS, 24), fill=(60, 60, 60))
    return image


def chat():
    image = Image.new("RGB", (750, 1334), (236, 229, 221))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 750, 110), fill=(7, 94, 84))
    draw.text((40, 40), "Sam", font=font(BOLD, 32), fill="white")
    bubbles = [(False, "Are we still on for dinner on Friday?"),
               (True, "Yes! Table booked at Casa Lucia for 8pm."),
               (False, "Great. What's the address again?"),
               (True, "Calle Mayor 14, second floor. The door code is 4821."),
               (False, "Perfect, see you there")]
    y = 150
    for mine, text in bubbles:
        typeface = font(SANS, 26)
        lines = wrap(draw, text, typeface, 460)
        height = len(lines) * 38 + 30
        left = 250 if mine else 30
        draw.rounded_rectangle((left, y, left + 470, y + height), radius=18,
                               fill=(220, 248, 198) if mine else "white")
        paragraph(draw, (left + 20, y + 15), text, typeface, 440, spacing=1.4)
        y += height + 30
    return image


def exif(date, make, model, gps=None, orientation=None, offset="+01:00"):
    """EXIF with DateTimeOriginal (and its offset), camera make and model, GPS in degrees, orientation."""
    data = Image.Exif()
    data[0x010F] = make
    data[0x0110] = model
    if orientation:
        data[0x0112] = orientation
    sub = data.get_ifd(IFD.Exif)
    sub[0x9003] = date
    sub[0x9011] = offset
    if gps:
        latitude, longitude = gps
        block = data.get_ifd(IFD.GPSInfo)
        block[1] = "N" if latitude >= 0 else "S"
        block[2] = dms(abs(latitude))
        block[3] = "E" if longitude >= 0 else "W"
        block[4] = dms(abs(longitude))
    return data


def dms(value):
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round((value - degrees - minutes / 60) * 3600, 2)
    return (float(degrees), float(minutes), seconds)


def photo(name):
    """A wallpaper photo, downscaled so its long side is PHOTO_SIZE."""
    image = Image.open(WALLPAPERS + name).convert("RGB")
    scale = PHOTO_SIZE / max(image.size)
    if scale < 1:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    return image


def save_jpeg(image, path, exif_data=None):
    options = {"quality": 78, "optimize": True}
    if exif_data is not None:
        options["exif"] = exif_data
    image.save(path, "JPEG", **options)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", "samples"))
    for folder in ("Screenshots", "Photos"):
        shutil.rmtree(os.path.join(root, folder), ignore_errors=True)
        os.makedirs(os.path.join(root, folder))
    shots = os.path.join(root, "Screenshots")
    photos = os.path.join(root, "Photos")

    shop_page().save(os.path.join(shots, "Screenshot 2024-03-02 at 14.05.11.png"), optimize=True)
    recipe().save(os.path.join(shots, "Screenshot_20240211-183012.png"), optimize=True)
    article().save(os.path.join(shots, "harbour-gazette-article.png"), optimize=True)
    ticket().save(os.path.join(shots, "Screenshot 2024-04-18 ticket.png"), optimize=True)
    chat().save(os.path.join(shots, "Screenshot_20240510-201544.webp"), "WEBP", quality=85, method=6)

    save_jpeg(photo("friends_by_Aitzol_Berasategi.jpg"), os.path.join(photos, "IMG_2031.jpg"),
              exif("2023:07:14 10:22:33", "Canon", "EOS 80D", gps=(43.3183, -1.9812), offset="+02:00"))
    save_jpeg(photo("picosdeeuropa_by_Aitzol_Berasategi.jpg"), os.path.join(photos, "IMG_2087.jpg"),
              exif("2023:08:03 16:05:10", "Canon", "EOS 80D", gps=(43.1975, -4.8530), offset="+02:00"))
    save_jpeg(photo("seeding_by_Clements_Engelhardt.jpg"), os.path.join(photos, "DSC01544.jpg"),
              exif("2022:05:21 19:48:02", "SONY", "ILCE-6000", gps=(52.5200, 13.4050), offset="+02:00"))
    save_jpeg(photo("Picture_0B_by_freespace.jpg"), os.path.join(photos, "PXL_20220917_124501.jpg"),
              exif("2022:09:17 14:45:01", "Google", "Pixel 6", offset="+02:00"))
    # Stored sideways: the pixels are turned a quarter anticlockwise and EXIF orientation 6 turns them back.
    sideways = photo("Wine_by_Jakkub_Mede.jpg").transpose(Image.Transpose.ROTATE_90)
    save_jpeg(sideways, os.path.join(photos, "IMG_0420-rotated.jpg"),
              exif("2021:12:24 20:15:40", "Apple", "iPhone 12", gps=(50.0875, 14.4213), orientation=6))
    # HEIC, as phones save them: encoded by libvips (vips command, libheif) from a JPEG with EXIF.
    heic_source = os.path.join(photos, "heic-source.jpg")
    save_jpeg(photo("sunset_by_Aitzol_Berasategi.jpg"), heic_source,
              exif("2023:10:28 18:41:09", "Apple", "iPhone 13", gps=(43.2630, -2.9350), offset="+02:00"))
    subprocess.run(["vips", "copy", heic_source, os.path.join(photos, "IMG_5120.HEIC") + "[Q=50]"], check=True)
    os.remove(heic_source)
    # No EXIF at all: the capture date falls back to the file's time.
    photo("life_by_Aitzol_Berasategi.jpg").save(os.path.join(photos, "river.webp"), "WEBP", quality=72, method=6)
    # Truncated: the first 40% of a real JPEG.
    buffer = io.BytesIO()
    save_jpeg(photo("aitzgorri_by_Aitzol_Berasategi.jpg"), buffer)
    with open(os.path.join(photos, "broken.jpg"), "wb") as handle:
        handle.write(buffer.getvalue()[: len(buffer.getvalue()) * 2 // 5])


if __name__ == "__main__":
    main()
