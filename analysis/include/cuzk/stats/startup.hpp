#pragma once
// The start-up phase of a run (analysis/README.md, "Start-up and steady state"): from run start
// until the key is in memory (K) and the bottleneck stage has begun its first proof after it. K
// comes from `key_load` spans when the file has them; older files read the key inside the first
// synthesis spans, so K is found from the data: the end of the last first-synthesis-span-per-worker
// that is an outlier against the other synthesis spans.
#include <cstddef>
#include <string>
#include <string_view>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::stats {

enum class StartupRule { KeyLoad, FirstSynthOutliers, None };
std::string_view to_string(StartupRule r);  // "key_load", "first-synth-outliers", "none"

struct Startup {
  StartupRule rule = StartupRule::None;
  double key_ready = 0;  // K: seconds since run start
  double end = 0;        // end of start-up = start of the steady state
  // key_load spans
  std::size_t key_loads = 0;
  double key_load_seconds = 0, key_bytes = 0;
  // first-synth-outliers: first spans per worker flagged, of how many, against how many others
  std::size_t flagged = 0, first_spans = 0, other_spans = 0;
  double threshold = 0;  // a first span longer than this was flagged
  std::string first_stage;   // the bottleneck stage
  double first_t0 = 0;       // its first span starting at or after K (0 when none)
  std::size_t proofs = 0;    // proofs completed by `end`
  std::string note;          // why no rule applied, when none did
};

// Assumptions of the first-synth-outliers rule: a first span is flagged when it is more than
// kStartupSigmas robust sigmas above the median of the other synthesis spans and more than
// kStartupFactor times that median; it needs at least kStartupMinOthers other spans.
inline constexpr double kStartupSigmas = 10.0, kStartupFactor = 2.0;
inline constexpr std::size_t kStartupMinOthers = 3;

// K and how it was found (rule, key_load totals or the flagged first spans).
Startup find_key_ready(const RunData& r);

}  // namespace cuzk::stats
