#!/usr/bin/env python3
"""Labels the real photographs in Debian's wallpaper packages with the Swift classifier, for docs/labels.md.

    apt-get install -y lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 plasma-workspace-wallpapers
    swift build -c release --product ClassifierBenchmarks
    python3 scripts/classifier-labels-report.py > /tmp/labels-table.md

Each photograph is shrunk (PIL, Lanczos) so its longer side is 1600 pixels, like the working image of the
default pipeline's decode stage, and written as a PPM; `ClassifierBenchmarks label` then runs the same
preprocessing, network and taxonomy as the labels stage (threshold 0.2, at most 8 classifier labels) and prints a Markdown table.
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BINARY = os.path.join(ROOT, ".build", "release", "ClassifierBenchmarks")
LOMIRI = "/usr/share/backgrounds"
PLASMA = "/usr/share/wallpapers"
PHOTOS = [
    (f"{LOMIRI}/Bridge_by_Sander_Klootwijk.jpg", "bridge"),
    (f"{LOMIRI}/Dragonfly_by_Bolly.jpg", "dragonfly"),
    (f"{LOMIRI}/Kleiber_by_Lukas_Baubkus.jpg", "nuthatch-on-tree"),
    (f"{LOMIRI}/Picture_0B_by_freespace.jpg", "fig-in-bowl"),
    (f"{LOMIRI}/Picture_1A_by_freespace.jpg", "paintbrushes"),
    (f"{LOMIRI}/Wine_by_Jakkub_Mede.jpg", "wine-still-life"),
    (f"{LOMIRI}/aitzgorri_by_Aitzol_Berasategi.jpg", "mountain-meadow"),
    (f"{LOMIRI}/friends_by_Aitzol_Berasategi.jpg", "dog-at-window"),
    (f"{LOMIRI}/greentock_by_Peter_Nerlich.jpg", "wall-clock"),
    (f"{LOMIRI}/life_by_Aitzol_Berasategi.jpg", "forest-stream"),
    (f"{LOMIRI}/picosdeeuropa_by_Aitzol_Berasategi.jpg", "mountains"),
    (f"{LOMIRI}/seeding_by_Clements_Engelhardt.jpg", "dandelions"),
    (f"{LOMIRI}/sunset_by_Aitzol_Berasategi.jpg", "sunset-hills"),
    (f"{LOMIRI}/Infinite-Sea_by_Aury88.jpg", "milky-way-over-sea"),
    (f"{PLASMA}/BytheWater/contents/images/2560x1600.jpg", "boards-by-a-lake"),
    (f"{PLASMA}/ColdRipple/contents/images/2560x1600.jpg", "jetty-in-fog"),
    (f"{PLASMA}/ColorfulCups/contents/images/2560x1600.jpg", "colourful-cups"),
    (f"{PLASMA}/EveningGlow/contents/images/2560x1600.jpg", "rowing-boats"),
    (f"{PLASMA}/FallenLeaf/contents/images/2560x1600.jpg", "fallen-leaf"),
    (f"{PLASMA}/Grey/contents/images/2560x1600.jpg", "building-facade"),
    (f"{PLASMA}/Kite/contents/images/2560x1600.jpg", "kite-in-sky"),
    (f"{PLASMA}/OneStandsOut/contents/images/2560x1600.jpg", "moss"),
    (f"{PLASMA}/Path/contents/images/2560x1600.jpg", "forest-path"),
    (f"{PLASMA}/DarkestHour/contents/images/2560x1600.jpg", "foggy-lake"),
]


def main():
    if not os.path.exists(BINARY):
        sys.exit(f"build it first: swift build -c release --product ClassifierBenchmarks ({BINARY})")
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for path, name in PHOTOS:
            if not os.path.exists(path):
                print(f"skipping {path}: not installed", file=sys.stderr)
                continue
            image = Image.open(path).convert("RGB")
            image.thumbnail((1600, 1600), Image.LANCZOS)
            target = os.path.join(folder, f"{name}.ppm")
            image.save(target)
            files.append(target)
        subprocess.run([BINARY, "label", *files], check=True)


if __name__ == "__main__":
    main()
