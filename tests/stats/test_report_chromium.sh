#!/usr/bin/env bash
# Renders the HTML report in headless Chromium: takes a screenshot and checks, from the DOM after
# scripts ran, that the page loaded and holds the SVG charts. Exit 77 (ctest SKIP) without chromium.
set -u
bin=$1
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chrome" ]; then echo "SKIP: chromium not installed (apt-get install chromium)"; exit 77; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" report data/events/cand-1.jsonl data/events/cand-2.jsonl data/events/cand-3.jsonl data/events/cand-4.jsonl \
  -b data/events/base-1.jsonl data/events/base-2.jsonl data/events/base-3.jsonl data/events/base-4.jsonl \
  -o "$tmp/report.html" || { echo "FAIL: report"; exit 1; }
if grep -qiE '(src|href)="https?:' "$tmp/report.html"; then echo "FAIL: the report references the network"; exit 1; fi
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --hide-scrollbars)
timeout 90 "$chrome" "${flags[@]}" --user-data-dir="$tmp/p1" --window-size=1200,1600 \
  --screenshot="$tmp/shot.png" "file://$tmp/report.html" >"$tmp/log1" 2>&1
if [ ! -s "$tmp/shot.png" ]; then echo "FAIL: no screenshot"; cat "$tmp/log1"; exit 1; fi
sig=$(head -c 8 "$tmp/shot.png" | od -An -tx1 | tr -d ' \n')
[ "$sig" = "89504e470d0a1a0a" ] || { echo "FAIL: screenshot is not a PNG"; exit 1; }
size=$(stat -c %s "$tmp/shot.png")
[ "$size" -gt 20000 ] || { echo "FAIL: screenshot of $size bytes looks blank"; exit 1; }
timeout 90 "$chrome" "${flags[@]}" --user-data-dir="$tmp/p2" --dump-dom "file://$tmp/report.html" >"$tmp/dom.html" 2>"$tmp/log2"
grep -q 'id="status">loaded<' "$tmp/dom.html" || { echo "FAIL: page did not finish loading"; exit 1; }
count=$(grep -o 'data-svg-count="[0-9]*"' "$tmp/dom.html" | grep -o '[0-9]*')
[ "${count:-0}" -ge 16 ] || { echo "FAIL: expected >= 16 svg elements (4 per run), found ${count:-0}"; exit 1; }
for cls in gantt rss box hist; do
  grep -q "class=\"chart $cls\"" "$tmp/dom.html" || { echo "FAIL: no $cls chart"; exit 1; }
done
grep -q '<rect' "$tmp/dom.html" || { echo "FAIL: no bars drawn"; exit 1; }
echo "ok: report rendered, screenshot $size bytes, $count svg elements"
