#!/usr/bin/env bash
# Renders the HTML report of the test events in headless Chromium and fails on: a console error or
# uncaught exception, a page that did not finish loading, a missing chart or axis, overlapping text
# in any chart (measured in the browser), a blank screenshot, a reference to the network.
# The screenshot stays in OUTDIR (ctest: the build's tests/stats/report-shot.png) to be looked at.
# Exit 77 (ctest SKIP) only when chromium is absent.
# Usage: test_report_chromium.sh CUZK_STATS OUTDIR   (run from the source root)
set -u
bin=$1 outdir=${2:-.}
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chrome" ]; then echo "SKIP: chromium not installed (apt-get install chromium)"; exit 77; fi
mkdir -p "$outdir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$bin" report data/events/cand-1.jsonl data/events/cand-2.jsonl data/events/cand-3.jsonl data/events/cand-4.jsonl \
  -b data/events/base-1.jsonl data/events/base-2.jsonl data/events/base-3.jsonl data/events/base-4.jsonl \
  -o "$tmp/report.html" 2>"$tmp/err" || fail "report: $(cat "$tmp/err")"
cp "$tmp/report.html" "$outdir/report.html"
if grep -qiE '(src|href)="https?:' "$tmp/report.html"; then fail "the report references the network"; fi
for want in 'data/events/cand-1.jsonl' 'prover-1' '1a2b3c4' 'cuzk-prove batch' 'data/events/base-1.jsonl'; do
  grep -qF "$want" "$tmp/report.html" || fail "the page does not name its input '$want'"
done
# A copy with a probe: records errors, then measures every chart's text boxes for overlaps.
probe='<script>window.__errs=[];window.addEventListener("error",function(e){window.__errs.push(String(e.message))});
window.addEventListener("load",function(){var o=[];document.querySelectorAll("svg").forEach(function(svg,si){
var t=Array.from(svg.querySelectorAll("text")).map(function(e){return [e,e.getBoundingClientRect()]});
for(var i=0;i<t.length;i++)for(var j=i+1;j<t.length;j++){var a=t[i][1],b=t[j][1];
if(a.width&&b.width&&a.left<b.right-1&&b.left<a.right-1&&a.top<b.bottom-1&&b.top<a.bottom-1)
o.push(svg.getAttribute("class")+"#"+si+": \""+t[i][0].textContent+"\" / \""+t[j][0].textContent+"\"")}});
var axes=document.querySelectorAll("svg g.axis").length;
var r=document.createElement("pre");r.id="probe";r.textContent="errors="+window.__errs.length+" overlaps="+o.length+" axes="+axes+"\n"+window.__errs.concat(o.slice(0,20)).join("\n");
document.body.appendChild(r)});</script>'
inject() {  # SRC DST: the page with the probe in its head
  python3 - "$1" "$2" "$probe" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index("<head>") + len("<head>")
open(sys.argv[2], "w", encoding="utf-8").write(s[:i] + sys.argv[3] + s[i:])
PY
}
# probed TAG PAGE [LOG...]: PAGE with the probe in headless chromium: its DOM in $tmp/TAG-dom.html, the
# probe's report in $tmp/TAG-probe.txt; fails on a console error (in its log or the LOGs given) or
# a page that did not finish loading.
probed() {
  local tag=$1 page=$2 log
  shift 2
  inject "$page" "$tmp/$tag-probe.html"
  timeout 90 "$chrome" "${flags[@]}" --user-data-dir="$tmp/u-$tag" --window-size=1400,2400 \
    --dump-dom "file://$tmp/$tag-probe.html" >"$tmp/$tag-dom.html" 2>"$tmp/$tag-log"
  for log in "$tmp/$tag-log" "$@"; do
    if grep -E 'Uncaught|ERROR:CONSOLE|CONSOLE\([0-9]+\).*[Ee]rror' "$log"; then fail "console error (above, $tag page)"; fi
  done
  grep -q 'id="status">loaded<' "$tmp/$tag-dom.html" || fail "$tag page did not finish loading"
  sed -n '/<pre id="probe">/,/<\/pre>/p' "$tmp/$tag-dom.html" >"$tmp/$tag-probe.txt"
}
flags=(--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --hide-scrollbars --enable-logging=stderr --v=0
       --virtual-time-budget=5000)
timeout 90 "$chrome" "${flags[@]}" --user-data-dir="$tmp/p1" --window-size=1400,2400 \
  --screenshot="$outdir/report-shot.png" "file://$tmp/report.html" >"$tmp/log1" 2>&1
[ -s "$outdir/report-shot.png" ] || { cat "$tmp/log1"; fail "no screenshot"; }
sig=$(head -c 8 "$outdir/report-shot.png" | od -An -tx1 | tr -d ' \n')
[ "$sig" = "89504e470d0a1a0a" ] || fail "screenshot is not a PNG"
size=$(stat -c %s "$outdir/report-shot.png")
[ "$size" -gt 20000 ] || fail "screenshot of $size bytes looks blank"
probed report "$tmp/report.html" "$tmp/log1"
grep -q '<pre id="probe">' "$tmp/report-dom.html" || fail "the probe did not run"
grep -q 'errors=0 ' "$tmp/report-probe.txt" || { cat "$tmp/report-probe.txt"; fail "script errors on the page"; }
grep -q ' overlaps=0 ' "$tmp/report-probe.txt" || { cat "$tmp/report-probe.txt"; fail "overlapping text in a chart"; }
axes=$(grep -o 'axes=[0-9]*' "$tmp/report-probe.txt" | cut -d= -f2)
# Per run: timeline 1, RSS 3 (time, bytes, in-flight), box 1, histograms 4 x 2 = 13.
[ "${axes:-0}" -ge 52 ] || fail "expected >= 52 drawn axes (13 per run x 4 runs), found ${axes:-0}"
count=$(grep -o 'data-svg-count="[0-9]*"' "$tmp/report-dom.html" | grep -o '[0-9]*')
[ "${count:-0}" -ge 16 ] || fail "expected >= 16 svg elements (4 per run), found ${count:-0}"
for cls in gantt rss box hist; do
  grep -q "class=\"chart $cls\"" "$tmp/report-dom.html" || fail "no $cls chart"
done
# The memory chart with all it draws (anonymous and file-backed areas, budget lines, a two-row legend)
# beside an older file's (RSS, budget, in-flight): no overlapping text, no errors, the series there.
"$bin" report tests/stats/data/mem-split.jsonl tests/stats/data/tiny.jsonl -o "$tmp/mem.html" 2>"$tmp/err" ||
  fail "report (memory): $(cat "$tmp/err")"
probed mem "$tmp/mem.html"
grep -q 'errors=0 overlaps=0 ' "$tmp/mem-probe.txt" || { cat "$tmp/mem-probe.txt"; fail "memory page: script errors or overlapping text"; }
for cls in mem-anon mem-file mem-budget mem-ceiling; do
  [ "$(grep -o "class=\"$cls\"" "$tmp/mem-dom.html" | wc -l)" -ge 1 ] || fail "memory page: no $cls series"
done
[ "$(grep -o 'class="mem-budget"' "$tmp/mem-dom.html" | wc -l)" -eq 2 ] || fail "memory page: expected a budget line per run"
[ "$(grep -o 'class="mem-anon"' "$tmp/mem-dom.html" | wc -l)" -eq 1 ] || fail "memory page: the older file must draw no anonymous area"
# The trend view of `history --html` (issue 46): per metric its runs over commits, the change point
# marked with its commits and shift as printed text; no overlapping text, no errors.
"$bin" history tests/stats/data/history --metrics s_per_proof,synth.median,gpu.median,peak_rss,gpu_busy \
  --html "$tmp/trend.html" >/dev/null 2>"$tmp/err" || fail "history --html: $(cat "$tmp/err")"
cp "$tmp/trend.html" "$outdir/trend.html"
timeout 90 "$chrome" "${flags[@]}" --user-data-dir="$tmp/p4" --window-size=1400,2400 \
  --screenshot="$outdir/trend-shot.png" "file://$tmp/trend.html" >"$tmp/log4" 2>&1
[ "$(stat -c %s "$outdir/trend-shot.png" 2>/dev/null || echo 0)" -gt 20000 ] || fail "trend: no screenshot or a blank one"
probed trend "$tmp/trend.html" "$tmp/log4"
grep -q 'errors=0 overlaps=0 ' "$tmp/trend-probe.txt" || { cat "$tmp/trend-probe.txt"; fail "trend page: script errors or overlapping text"; }
taxes=$(grep -o 'axes=[0-9]*' "$tmp/trend-probe.txt" | cut -d= -f2)
[ "${taxes:-0}" -eq 10 ] || fail "trend page: expected 10 axes (2 per metric x 5), found ${taxes:-0}"
[ "$(grep -o 'class="chart trend"' "$tmp/trend-dom.html" | wc -l)" -eq 5 ] || fail "trend page: expected a chart per metric"
[ "$(grep -o '<circle' "$tmp/trend-dom.html" | wc -l)" -ge 150 ] || fail "trend page: expected every run as a point (30 x 5)"
grep -q 'class="change-point"' "$tmp/trend-dom.html" || fail "trend page: no change point drawn"
# The change point's commits and shift are printed beside it (hover-free).
grep -qE 'cp-label[^>]*>#1 e336f5c → 60f55f9 \+19\.[0-9]%<' "$tmp/trend-dom.html" || fail "trend page: the change point is not labelled with its commits and shift"
# A crowded trend: 300 nightly Google Benchmark files of 15 repetitions (4500 values: drawn as ranges),
# long names and hashes, 8 steps: every change point drawn, labels in rows or shortened, no overlaps.
python3 - "$tmp/gb" <<'PY'
import json, os, random, sys
d = sys.argv[1]; os.makedirs(d)
rng = random.Random(5)
steps = {40: 1.08, 90: 0.93, 95: 1.1, 150: 1.05, 160: 1.2, 230: 0.9, 260: 1.1, 280: 1.06}
level = 1.0
for c in range(300):
    level *= steps.get(c, 1.0)
    rows = [{"name": "BM_Prove_with_a_long_name/%d" % i, "run_name": "BM_Prove_with_a_long_name", "run_type": "iteration",
             "repetitions": 15, "repetition_index": i, "iterations": 10, "time_unit": "ms", "cpu_time": 99.0,
             "real_time": level * 100 * (1 + rng.uniform(-0.03, 0.03))} for i in range(15)]
    ctx = {"date": "2026-%02d-%02dT00:00:00+00:00" % (1 + c // 28, 1 + c % 28), "git": "%040x" % rng.getrandbits(160),
           "host_name": "a-very-long-host-name.example.internal.cluster"}
    json.dump({"context": ctx, "benchmarks": rows}, open(os.path.join(d, "bm-%04d.json" % c), "w"))
PY
"$bin" history "$tmp/gb" --metrics BM_Prove_with_a_long_name --html "$tmp/gb.html" >/dev/null 2>"$tmp/err" ||
  fail "history --html (crowded): $(cat "$tmp/err")"
probed crowded "$tmp/gb.html"
grep -q 'errors=0 overlaps=0 ' "$tmp/crowded-probe.txt" || { cat "$tmp/crowded-probe.txt"; fail "crowded trend: script errors or overlapping text"; }
[ "$(grep -o 'class="change-point"' "$tmp/crowded-dom.html" | wc -l)" -ge 8 ] || fail "crowded trend: expected >= 8 change points drawn"
[ "$(grep -o 'cp-label' "$tmp/crowded-dom.html" | wc -l)" -ge 8 ] || fail "crowded trend: a change point without its label"
echo "ok: report rendered, $count svg elements, $axes axes, no overlaps, no console errors (memory and trend pages too); screenshots $outdir/report-shot.png ($size bytes), $outdir/trend-shot.png"
