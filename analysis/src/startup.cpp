#include "cuzk/stats/startup.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "cuzk/stats/descriptive.hpp"

namespace cuzk::stats {

std::string_view to_string(StartupRule r) {
  switch (r) {
    case StartupRule::KeyLoad: return "key_load";
    case StartupRule::FirstSynthOutliers: return "first-synth-outliers";
    case StartupRule::None: return "none";
  }
  return "?";
}

Startup find_key_ready(const RunData& r) {
  Startup s;
  if (!r.key_loads.empty()) {
    s.rule = StartupRule::KeyLoad;
    s.key_loads = r.key_loads.size();
    for (const auto& k : r.key_loads) {
      s.key_ready = std::max(s.key_ready, k.t1);
      s.key_load_seconds += k.t1 - k.t0;
      s.key_bytes += k.bytes;
    }
    return s;
  }
  // The first synthesis span of each worker (worker ids known), else the first wave: the spans
  // that start before the first synthesis span ends.
  std::vector<const Span*> synth;
  for (const auto& sp : r.spans)
    if (sp.stage == Stage::Synth) synth.push_back(&sp);
  std::sort(synth.begin(), synth.end(), [](const Span* a, const Span* b) { return a->t0 < b->t0; });
  if (synth.empty()) {
    s.note = "no synthesis spans";
    return s;
  }
  std::vector<bool> first(synth.size(), false);
  const bool workers = std::all_of(synth.begin(), synth.end(), [](const Span* p) { return p->worker != 0xFFFF; });
  if (workers) {
    std::map<std::uint16_t, std::size_t> seen;
    for (std::size_t i = 0; i < synth.size(); ++i)
      if (seen.emplace(synth[i]->worker, i).second) first[i] = true;
  } else {
    double first_end = synth.front()->t1;
    for (const auto* p : synth) first_end = std::min(first_end, p->t1);
    for (std::size_t i = 0; i < synth.size(); ++i) first[i] = synth[i]->t0 < first_end;
  }
  std::vector<double> others;
  for (std::size_t i = 0; i < synth.size(); ++i)
    if (!first[i]) others.push_back(synth[i]->t1 - synth[i]->t0);
  s.first_spans = std::size_t(std::count(first.begin(), first.end(), true));
  s.other_spans = others.size();
  if (others.size() < kStartupMinOthers) {
    s.note = "too few synthesis spans after the first ones to tell a key read apart";
    return s;
  }
  const Outliers o = find_outliers(others);
  s.threshold = std::max(o.median + kStartupSigmas * o.robust_sigma, kStartupFactor * o.median);
  for (std::size_t i = 0; i < synth.size(); ++i)
    if (first[i] && synth[i]->t1 - synth[i]->t0 > s.threshold) {
      ++s.flagged;
      s.key_ready = std::max(s.key_ready, synth[i]->t1);
    }
  if (s.flagged) s.rule = StartupRule::FirstSynthOutliers;
  else s.note = "no first synthesis span stands out";
  return s;
}

}  // namespace cuzk::stats
