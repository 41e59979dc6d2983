#include "cuzk/stats/contention.hpp"

#include <algorithm>
#include <vector>

#include "cuzk/stats/run_summary.hpp"

namespace cuzk::stats {

namespace {
// Spans this close count as touching, not overlapping (event times are rounded to the microsecond).
constexpr double kTouch = 1e-3;

bool overlap(double a0, double a1, double b0, double b1) { return a0 < b1 - kTouch && b0 < a1 - kTouch; }

std::optional<double> median(std::vector<double> v) {
  if (v.empty()) return std::nullopt;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The synthesis spans sorted by start, and the longest one's length: the spans that overlap
// [a0, a1] start after a0 − longest and before a1, a window found by binary search (a run's
// spans are many; each looks only at its neighbours).
struct SortedSpans {
  std::vector<const Span*> v;
  double longest = 0;

  template <class F>
  void each_overlapping(double a0, double a1, F f) const {
    auto it = std::lower_bound(v.begin(), v.end(), a0 - longest, [](const Span* s, double t) { return s->t0 < t; });
    for (; it != v.end() && (*it)->t0 < a1; ++it)
      if (overlap(a0, a1, (*it)->t0, (*it)->t1)) f(**it);
  }
};
}  // namespace

std::optional<SynthContention> synth_contention(const RunData& r, double from) {
  SortedSpans synth;
  std::vector<const Span*> gpu;
  for (const auto& sp : r.spans) {
    if (sp.stage == Stage::Synth) synth.v.push_back(&sp), synth.longest = std::max(synth.longest, sp.t1 - sp.t0);
    if (sp.stage == Stage::Gpu && sp.t0 >= from) gpu.push_back(&sp);
  }
  std::sort(synth.v.begin(), synth.v.end(), [](const Span* a, const Span* b) { return a->t0 < b->t0; });
  SynthContention c;
  c.from = from;
  std::vector<double> alone, beside;
  for (const Span* s : synth.v) {
    if (s->t0 < from) continue;
    bool other = false;
    synth.each_overlapping(s->t0, s->t1, [&](const Span& o) { other = other || &o != s; });
    (other ? beside : alone).push_back(s->t1 - s->t0);
  }
  if (beside.empty()) return std::nullopt;
  c.synth_alone = alone.size();
  c.synth_beside = beside.size();
  c.synth_alone_median = median(alone);
  c.synth_beside_median = median(beside);
  std::vector<double> quiet, crowded;
  for (const Span* g : gpu) {
    std::vector<Interval> open;  // the syntheses open during the device span, clipped to it less a
    synth.each_overlapping(g->t0, g->t1, [&](const Span& s) {  // touch at each end (touching is not open)
      open.push_back({std::max(g->t0, s.t0) + kTouch / 2, std::min(g->t1, s.t1) - kTouch / 2});
    });
    (max_concurrency(open) >= 2 ? crowded : quiet).push_back(g->t1 - g->t0);
  }
  c.gpu_quiet = quiet.size();
  c.gpu_crowded = crowded.size();
  c.gpu_quiet_median = median(quiet);
  c.gpu_crowded_median = median(crowded);
  c.slows_devices = c.gpu_quiet >= kContentionMinSpans && c.gpu_crowded >= kContentionMinSpans &&
                    *c.gpu_crowded_median >= kContentionSlowdown * *c.gpu_quiet_median;
  return c;
}

}  // namespace cuzk::stats
