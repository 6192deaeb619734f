#!/usr/bin/env bash
# Peak memory of `pool-pipeline run` over a hostile library (benchmarks/memory/make-hostile.sh): PNG bombs, broken
# files of every format, huge JPEG/GIF/HEIF/TIFF files and a few normal samples.
#   benchmarks/memory/hostile.sh [PIPELINE] [BINARY]   (default: pipelines/default.json, a fresh release build)
# Prints the peak resident set (/usr/bin/time -v), the run's summary and each failure's reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
pipeline_template=${1:-pipelines/default.json}
binary=${2:-}
if [ -z "$binary" ]; then
  swift build -c release --product pool-pipeline >/dev/null
  binary=.build/release/pool-pipeline
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
benchmarks/memory/make-hostile.sh "$work/library" >/dev/null 2>&1
sed "s#\"path\": \"../samples\"#\"path\": \"$work/library\"#" "$pipeline_template" > "$work/pipeline.json"
status=0
/usr/bin/time -v "$binary" run "$work/pipeline.json" --index "$work/index.sqlite" --plain \
  > "$work/out.txt" 2> "$work/time.txt" || status=$?
peak=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
echo "files: $(find "$work/library" -type f | wc -l)  exit: $status  peak RSS: $((peak / 1024)) MiB  wall: $wall"
grep -v '^\s*$' "$work/out.txt" | sed 's/^/  /'
grep -v -E '^\s|^(Command being timed|User time|System time|Percent of CPU|Elapsed|Average|Maximum|Major|Minor|Voluntary|Involuntary|Swaps|File system|Socket|Signals|Page size|Exit status)' \
  "$work/time.txt" | sed 's/^/  stderr: /' | head -20 || true
