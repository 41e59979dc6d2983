// Syntheses side by side against the device spans beside them (contention.hpp): a hand-written run
// whose every span is classified in the comments, a run with every synthesis alone, and the
// summary's line and JSON.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cuzk/stats/contention.hpp"
#include "cuzk/stats/render.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "event_lines.hpp"

using namespace cuzk::stats;

namespace {
using cuzk::test::run_of;
using cuzk::test::span;
std::string synth(double t0, double t1, int part) { return span("synth", t0, t1, part, ",\"worker\":0"); }
std::string gpu(double t0, double t1, int part) { return span("gpu", t0, t1, part, ",\"device\":0,\"worker\":0,\"lock_wait\":0"); }

// p0's proof is the first (its gpu span ends at 1.5); from then on:
//   syntheses p2 [1.5, 2.5] and p3 [1.6, 2.6] side by side (1.0 s each), p4 [3.0, 3.2] and p5 [3.3, 3.5]
//   alone (0.2 s), p6 [3.5, 4.3] and p7 [3.6, 4.4] side by side (0.8 s): beside 4 (median 0.9), alone 2 (0.2);
//   device spans p1 [1.5, 1.9] (p2, p3 open from 1.6: crowded, 0.4 s), p2 [2.6, 2.85] (p3 only touches it:
//   quiet), p3 [2.85, 3.1] (p4: quiet), p4 [3.2, 3.45] (p5: quiet), p5 [3.5, 3.9] (p6, p7: crowded, 0.4 s),
//   p6 [4.4, 4.65], p7 [4.65, 4.9] (none open: quiet). Quiet 5 at 0.25 s, crowded 2 at 0.4 s: +60 %.
const std::string kCrowded = synth(0.0, 1.0, 0) + synth(0.2, 1.2, 1) + gpu(1.0, 1.5, 0) + synth(1.5, 2.5, 2) +
                             synth(1.6, 2.6, 3) + gpu(1.5, 1.9, 1) + gpu(2.6, 2.85, 2) + synth(3.0, 3.2, 4) +
                             gpu(2.85, 3.1, 3) + synth(3.3, 3.5, 5) + gpu(3.2, 3.45, 4) + synth(3.5, 4.3, 6) +
                             synth(3.6, 4.4, 7) + gpu(3.5, 3.9, 5) + gpu(4.4, 4.65, 6) + gpu(4.65, 4.9, 7);
}  // namespace

TEST_CASE("contention: syntheses side by side and the device spans they crowd") {
  const RunData r = run_of("crowded", kCrowded);
  const auto c = synth_contention(r, 1.5);
  REQUIRE(c);
  CHECK(c->synth_beside == 4);
  CHECK(c->synth_alone == 2);
  CHECK(*c->synth_beside_median == doctest::Approx(0.9));
  CHECK(*c->synth_alone_median == doctest::Approx(0.2));
  CHECK(c->gpu_crowded == 2);
  CHECK(c->gpu_quiet == 5);
  CHECK(*c->gpu_crowded_median == doctest::Approx(0.4));
  CHECK(*c->gpu_quiet_median == doctest::Approx(0.25));
  CHECK(c->slows_devices);

  // The summary takes it from the first proof (1.5 s) and says so.
  const RunSummary s = summarize(r, SummaryOptions{});
  REQUIRE(s.first_proof);
  CHECK(*s.first_proof == doctest::Approx(1.5));
  REQUIRE(s.contention);
  CHECK(s.contention->gpu_crowded == 2);
  const std::string text = render_summary({s}, {}, Format::Text, PercentileMethod::Linear, 0.95);
  CHECK(text.find("syntheses side by side from the first proof (1.5 s): 4 of 6 spans, median 900 ms against 200 ms alone; device spans with 2+ syntheses open: median 400 ms (n=2), with at most one: median 250 ms (n=5)") != std::string::npos);
  CHECK(text.find("they slow the device (+60%)") != std::string::npos);
  const auto j = nlohmann::json::parse(render_summary({s}, {}, Format::Json, PercentileMethod::Linear, 0.95));
  const auto& sc = j["runs"][0]["synth_contention"];
  CHECK(sc["slows_devices"] == true);
  CHECK(sc["gpu_crowded"]["spans"] == 2);
  CHECK(sc["gpu_quiet"]["median"].get<double>() == doctest::Approx(0.25));
}

TEST_CASE("contention: one crowded device span, or a crowded one no slower, is no verdict") {
  // Only p1's span crowded (p6 and p7 made alone): below kContentionMinSpans crowded spans.
  const std::string one = synth(0.0, 1.0, 0) + gpu(1.0, 1.5, 0) + synth(1.5, 2.5, 2) + synth(1.6, 2.6, 3) +
                          gpu(1.5, 1.9, 1) + gpu(2.6, 2.85, 2) + gpu(2.85, 3.1, 3);
  const auto c = synth_contention(run_of("one", one), 1.5);
  REQUIRE(c);
  CHECK(c->gpu_crowded == 1);
  CHECK_FALSE(c->slows_devices);
  // Two crowded spans as long as the quiet ones: side by side, but the device does not suffer.
  const std::string level = synth(0.0, 1.0, 0) + gpu(1.0, 1.5, 0) + synth(1.5, 2.5, 2) + synth(1.6, 2.6, 3) +
                            gpu(1.5, 1.75, 1) + gpu(1.75, 2.0, 2) + gpu(2.6, 2.85, 3) + gpu(2.85, 3.1, 4);
  const auto d = synth_contention(run_of("level", level), 1.5);
  REQUIRE(d);
  CHECK(d->gpu_crowded == 2);
  CHECK(d->gpu_quiet == 2);
  CHECK_FALSE(d->slows_devices);
}

TEST_CASE("contention: nothing to say when every synthesis ran alone") {
  const std::string alone = synth(0.0, 1.0, 0) + gpu(1.0, 1.5, 0) + synth(1.0, 1.2, 1) + synth(1.5, 1.7, 2) +
                            gpu(1.5, 1.75, 1) + synth(1.75, 1.95, 3) + gpu(1.75, 2.0, 2) + gpu(2.0, 2.25, 3);
  const RunData r = run_of("alone", alone);
  CHECK_FALSE(synth_contention(r, 1.5));
  const RunSummary s = summarize(r, SummaryOptions{});
  CHECK_FALSE(s.contention);
  const std::string text = render_summary({s}, {}, Format::Text, PercentileMethod::Linear, 0.95);
  CHECK(text.find("side by side") == std::string::npos);
  const auto j = nlohmann::json::parse(render_summary({s}, {}, Format::Json, PercentileMethod::Linear, 0.95));
  CHECK(j["runs"][0]["synth_contention"].is_null());
}

TEST_CASE("contention: a synthesis that began long before still counts as open beside a later one") {
  // p0's synthesis runs 0.0–3.0 (before the first proof at 1.5); p2's, 2.0–2.2, runs beside it, and so
  // do p2's device span 2.0–2.3's two open syntheses. The search window reaches back by the longest span.
  const std::string lines = synth(0.0, 3.0, 0) + synth(0.1, 0.9, 1) + gpu(1.0, 1.5, 1) + synth(2.0, 2.2, 2) +
                            gpu(2.0, 2.3, 2) + gpu(3.0, 3.3, 0);
  const auto c = synth_contention(run_of("long", lines), 1.5);
  REQUIRE(c);
  CHECK(c->synth_beside == 1);
  CHECK(c->synth_alone == 0);
  CHECK(c->gpu_crowded == 1);
  CHECK(c->gpu_quiet == 1);  // p0's device span 3.0–3.3: p0's synthesis only touches it
}
