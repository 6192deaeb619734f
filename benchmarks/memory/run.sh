#!/usr/bin/env bash
# Peak memory of `pool-pipeline run` over generated libraries of growing size: it should stay flat.
#   benchmarks/memory/run.sh [PIPELINE] [SIZES...]      (default: benchmarks/memory/pipeline.json, 1000 10000)
# Each library is made of copies of the sample captures that carry no EXIF date (screenshots, the WebP photo), each
# copy with its own file time a minute apart, so that they are distinct captures taken at distinct moments, as in a
# real library (copies of one photo with one EXIF time would all be one moment). Indexed into a fresh index with a
# release build; /usr/bin/time -v reports the peak resident set size.
# MEMORY_LIBRARY=bursts makes the stress case instead: hard links to every sample but broken.jpg, so the copies of
# each EXIF-dated photo are one moment of size/12 identical shots.
set -euo pipefail
cd "$(dirname "$0")/../.."
pipeline_template=${1:-benchmarks/memory/pipeline.json}
shift || true
sizes=("${@:-1000 10000}")
[ $# -gt 0 ] || sizes=(1000 10000)
swift build -c release --product pool-pipeline >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bursts=${MEMORY_LIBRARY:-}
if [ "$bursts" = bursts ]; then
  mapfile -t originals < <(find "$PWD/samples" -type f \( -name '*.png' -o -name '*.jpg' -o -name '*.webp' \) ! -name 'broken.jpg' | sort)
else
  mapfile -t originals < <(find "$PWD/samples" -type f \( -name '*.png' -o -name '*.webp' \) | sort)
fi
for size in "${sizes[@]}"; do
  library="$work/library-$size"
  mkdir -p "$library"
  for ((i = 0; i < size; i++)); do
    original=${originals[$((i % ${#originals[@]}))]}
    if [ "$bursts" = bursts ]; then
      ln "$original" "$library/$i.${original##*.}"
    else
      cp "$original" "$library/$i.${original##*.}"
      touch -d "@$((1700000000 + 60 * i))" "$library/$i.${original##*.}"
    fi
  done
  sed "s#\"path\": \"../samples\"#\"path\": \"$library\"#" "$pipeline_template" > "$work/pipeline-$size.json"
  /usr/bin/time -v .build/release/pool-pipeline run "$work/pipeline-$size.json" --index "$work/index-$size.sqlite" --plain \
    > "$work/out-$size.txt" 2> "$work/time-$size.txt"
  peak=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time-$size.txt")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time-$size.txt")
  indexed=$(awk -F': ' '/^indexed:/ {print $2}' "$work/out-$size.txt")
  echo "captures: $size  indexed: $indexed  peak RSS: $((peak / 1024)) MiB  wall: $wall"
done
