"""A library of a few hundred captures made from the bundled samples, the same for the same seed.

Every file is a variant of a sample (samples/Screenshots, samples/Photos) re-encoded with `vips` (libvips-tools):
resized at another scale and quality, flipped, saved as JPEG, PNG or WebP; or a page of text drawn with `vips
text`; or a short burst of near-identical shots a few seconds apart (so moments form, and must form the same way
however often the run is cut). One file is hostile: a copy of the truncated `broken.jpg`, which fails the same way
in every index. Each file gets its own modification time (a minute apart; two seconds within a burst), since the
date of a capture without EXIF is its file's time.
"""

import concurrent.futures
import hashlib
import os
import random
import shutil
import subprocess
import tempfile

WORDS = """harbour invoice ticket recipe pancakes lemon train platform museum opening hours receipt total
delivery address door code meeting agenda budget quarterly report weather forecast river mountain garden
library concert coffee bakery parking permit passport renewal appointment dentist flight boarding gate
seat window aisle luggage hotel booking confirmation number order shipped tracking parcel""".split()

FOLDERS = ["Camera", "Screenshots", "Downloads/2023", "Downloads/2024", "WhatsApp Images"]


def samples_in(samples_dir):
    """The sample files to vary, sorted (the corrupt one apart), and the corrupt one."""
    found = []
    for folder in ("Screenshots", "Photos"):
        directory = os.path.join(samples_dir, folder)
        for name in sorted(os.listdir(directory)):
            found.append(os.path.join(directory, name))
    broken = [path for path in found if os.path.basename(path) == "broken.jpg"]
    if len(broken) != 1:
        raise SystemExit(f"crash-bench: expected one broken.jpg under {samples_dir}, found {len(broken)}")
    return [path for path in found if path not in broken], broken[0]


def plan(count, seed, samples):
    """What to make, decided up front from the seed: a list of (relative path, mtime, recipe)."""
    rng = random.Random(seed)
    encodable = [path for path in samples if not path.lower().endswith((".heic", ".heif"))]
    items = []
    minute = 1_700_000_000
    index = 0
    while len(items) < count - 1:
        folder = rng.choice(FOLDERS)
        roll = rng.random()
        minute += 60
        if roll < 0.10:
            source = rng.choice(samples)
            recipe = ("copy", source)
            items.append((folder, index, os.path.splitext(source)[1].lower(), minute, recipe, source))
        elif roll < 0.20 and len(items) < count - 4:
            source = rng.choice(encodable)
            ext = rng.choice([".jpg", ".png", ".webp"])
            base = rng.uniform(0.45, 0.9)
            for shot in range(rng.randint(2, 3)):
                recipe = ("resize", source, round(base * (1 + 0.02 * shot), 4), rng.randint(70, 92))
                items.append((folder, index, ext, minute + 2 * shot, recipe, source))
                index += 1
            continue
        elif roll < 0.38:
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 40)))
            recipe = ("text", words, rng.choice([110, 140, 170]), rng.choice([600, 900, 1200]))
            items.append(("Screenshots", index, ".png", minute, recipe, None))
        elif roll < 0.50:
            source = rng.choice(encodable)
            recipe = ("flip", source, rng.choice(["horizontal", "vertical"]))
            items.append((folder, index, rng.choice([".jpg", ".png", ".webp"]), minute, recipe, source))
        else:
            source = rng.choice(encodable)
            recipe = ("resize", source, round(rng.uniform(0.3, 1.0), 4), rng.randint(55, 95))
            items.append((folder, index, rng.choice([".jpg", ".png", ".webp"]), minute, recipe, source))
        index += 1
    planned = []
    for folder, number, ext, mtime, recipe, source in items[: count - 1]:
        stem = os.path.splitext(os.path.basename(source))[0] if source else "note"
        planned.append((os.path.join(folder, f"{number:04d} {stem}{ext}"), mtime, recipe))
    return planned


def vips(*arguments):
    subprocess.run(["vips", *arguments], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def saved_as(path, quality):
    """The vips output name with its save options (quality for lossy formats, metadata kept)."""
    if path.endswith((".jpg", ".webp")):
        return f"{path}[Q={quality}]"
    return path


def make_one(library, relative, mtime, recipe, scratch):
    target = os.path.join(library, relative)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    kind = recipe[0]
    if kind == "copy":
        shutil.copyfile(recipe[1], target)
    elif kind == "resize":
        _, source, scale, quality = recipe
        vips("resize", source, saved_as(target, quality), str(scale))
    elif kind == "flip":
        _, source, direction = recipe
        vips("flip", source, saved_as(target, 85), direction)
    elif kind == "text":
        _, words, dpi, width = recipe
        with tempfile.TemporaryDirectory(dir=scratch) as work:
            mask, inverted = os.path.join(work, "mask.v"), os.path.join(work, "inverted.v")
            vips("text", mask, words, "--width", str(width), "--dpi", str(dpi), "--font", "DejaVu Sans")
            vips("invert", mask, inverted)
            height = int(subprocess.run(["vipsheader", "-f", "height", inverted], check=True,
                                        capture_output=True, text=True).stdout)
            vips("embed", inverted, target, "48", "64", str(width + 96), str(height + 128), "--extend", "white")
    else:
        raise ValueError(f"unknown recipe {kind}")
    os.utime(target, (mtime, mtime))


def make_library(library, count, seed, samples_dir, jobs=2):
    """Makes the library in `library` (which must not exist or be empty); returns its digest."""
    samples, broken = samples_in(samples_dir)
    planned = plan(count, seed, samples)
    os.makedirs(library, exist_ok=True)
    if os.listdir(library):
        raise SystemExit(f"crash-bench: {library} is not empty; pass it with --library to use it as it is")
    with tempfile.TemporaryDirectory() as scratch, concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(make_one, library, relative, mtime, recipe, scratch)
                   for relative, mtime, recipe in planned]
        for future, (relative, _, _) in zip(futures, planned):
            try:
                future.result()
            except subprocess.CalledProcessError as error:
                raise SystemExit(f"crash-bench: making {relative}: {error.stderr.decode(errors='replace')}")
    corrupt = os.path.join(library, "Camera", "9999 broken.jpg")
    os.makedirs(os.path.dirname(corrupt), exist_ok=True)
    shutil.copyfile(broken, corrupt)
    os.utime(corrupt, (1_690_000_000, 1_690_000_000))
    return digest(library)


def digest(library):
    """SHA-256 over every file's relative path, content and modification time, in path order."""
    total = hashlib.sha256()
    count = 0
    for root, folders, files in os.walk(library):
        folders.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                content = hashlib.sha256(handle.read()).hexdigest()
            total.update(f"{os.path.relpath(path, library)}\0{content}\0{int(os.stat(path).st_mtime)}\n".encode())
            count += 1
    return count, total.hexdigest()[:16]
