#!/usr/bin/env bash
# Writes a hostile library into DIR: files that claim huge sizes, broken files of every format the folder source
# lists, and a few normal samples, to measure what decoding them costs (benchmarks/memory/hostile.sh).
#   benchmarks/memory/make-hostile.sh DIR
# Made with libvips' command-line tools (libvips-tools) and Python; every file is generated, none is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: make-hostile.sh DIR}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The five PNG bombs of issue 9 (74 bytes each, headers claiming up to 4000000x4000000 pixels).
python3 - "$out" <<'EOF'
import struct, sys, zlib
from pathlib import Path
out = Path(sys.argv[1])
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
for width, height in [(1_000_000, 1_000_000), (4_000_000, 4_000_000), (1_000_000, 1), (1, 1_000_000), (300_000, 300_000),
                      (65_535, 4_500)]:
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + chunk(b"IEND", b"")
    (out / f"claims-{width}x{height}.png").write_bytes(png)

# GIFs written by hand: three frames of 30000x30000 holding 64 pixels of data (claims 900 megapixels), and
# 5000 frames of 64x64 (a first frame decodes; the rest are never decoded).
def gif(width, height, frames, frame_size, encoded=None):
    data = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    data += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    fw, fh = frame_size
    pixels = fw * fh if encoded is None else encoded
    # LZW with a 2-bit minimum code size: clear, then literal 0 codes, a clear every 2 codes so codes stay 3 bits.
    codes, bits = [], []
    for i in range(pixels):
        if i % 2 == 0: codes.append(4)
        codes.append(0)
    codes.append(5)
    for code in codes:
        bits.extend((code >> b) & 1 for b in range(3))
    stream = bytes(sum(bit << j for j, bit in enumerate(bits[i:i + 8])) for i in range(0, len(bits), 8))
    blocks = b"".join(bytes([len(stream[i:i + 255])]) + stream[i:i + 255] for i in range(0, len(stream), 255)) + b"\x00"
    frame = b"\x21\xf9\x04\x00\x02\x00\x00\x00" + b"\x2c" + struct.pack("<HHHHB", 0, 0, fw, fh, 0) + b"\x02" + blocks
    return data + frame * frames + b"\x3b"
(out / "screen-30000x30000.gif").write_bytes(gif(30_000, 30_000, 3, (30_000, 30_000), encoded=64))
(out / "frames-5000.gif").write_bytes(gif(64, 64, 5000, (64, 64)))
# 240 megapixels: under the pixel limit, but a GIF is decoded whole (about 1.9 GB).
(out / "screen-20000x12000.gif").write_bytes(gif(20_000, 12_000, 1, (20_000, 12_000), encoded=64))

# Text named as an image.
(out / "notes.png").write_bytes(b"this is not an image\n" * 10)
EOF

# Zero-byte files of every listed format.
for ext in jpg jpeg png heic heif webp tif tiff gif; do : > "$out/empty.$ext"; done

# Truncated files of every format: the first half of a 600x400 noisy picture saved in each.
vips gaussnoise "$work/noise.v" 600 400
vips bandjoin "$work/noise.v $work/noise.v $work/noise.v" "$work/noise3.v"
vips cast "$work/noise3.v" "$work/grey.v" uchar
for ext in jpg png webp tif gif heic; do
  vips copy "$work/grey.v" "$work/whole.$ext"
  size=$(stat -c %s "$work/whole.$ext")
  head -c $((size / 2)) "$work/whole.$ext" > "$out/truncated.$ext"
done
cp "$out/truncated.jpg" "$out/truncated.jpeg"; cp "$out/truncated.heic" "$out/truncated.heif"; cp "$out/truncated.tif" "$out/truncated.tiff"

# A PNG named .jpg (content sniffing decodes it) and a few normal samples.
cp "samples/Screenshots/Screenshot_20240211-183012.png" "$out/really-a-png.jpg"
cp samples/Photos/IMG_2031.jpg samples/Photos/river.webp samples/Photos/IMG_5120.HEIC "$out/"

# A 20000x20000 JPEG (400 megapixels: over the default limit) and a 17000x17000 one (289, under it): JPEG shrinks
# on load, so either decodes in little memory; a 48-megapixel HEIF (decoded whole by libheif) and a 300-page TIFF.
vips black "$work/big.v" 20000 20000 --bands 3
vips jpegsave "$work/big.v" "$out/black-20000x20000.jpg" --Q 50
vips black "$work/big17.v" 17000 17000 --bands 3
vips jpegsave "$work/big17.v" "$out/black-17000x17000.jpg" --Q 50
vips black "$work/heif.v" 8000 6000 --bands 3
vips heifsave "$work/heif.v" "$out/black-8000x6000.heic" --Q 50
vips black "$work/pages.v" 512 $((512 * 300)) --bands 3
vips tiffsave "$work/pages.v" "$out/pages-300.tif" --page-height 512 --compression deflate
echo "wrote $(find "$out" -type f | wc -l) files to $out"
