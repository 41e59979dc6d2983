#pragma once
// What syntheses side by side cost the devices. Each synthesis runs on every core, and so do the
// host threads that feed a GPU; a second synthesis beside one that keeps up takes those cores.
// Found by hand in call k (gpu-limit-2026-12-07): the steady slope went from 0.26 to 0.30 s/proof
// while the summary still named the GPU the bottleneck, because the GPU spans beside two
// syntheses took 0.30-0.52 s against 0.26 s. This puts that reading in the summary: from the
// first proof on (the start-up's key read and upload left out), the synthesis spans alone against
// those beside another, and the device spans during which at most one synthesis was open against
// those during which two or more were.
#include <cstddef>
#include <optional>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::stats {

struct SynthContention {
  double from = 0;                           // spans starting at or after this time (s) count
  std::size_t synth_alone = 0, synth_beside = 0;  // synthesis spans with no other open at any time / with another
  std::optional<double> synth_alone_median, synth_beside_median;  // their median lengths (s)
  std::size_t gpu_quiet = 0, gpu_crowded = 0;     // device spans with ≤ 1 synthesis open throughout / ≥ 2 at some time
  std::optional<double> gpu_quiet_median, gpu_crowded_median;
  // gpu_crowded and gpu_quiet ≥ kContentionMinSpans each, and the crowded median at least
  // kContentionSlowdown × the quiet one.
  bool slows_devices = false;
};

inline constexpr std::size_t kContentionMinSpans = 2;
inline constexpr double kContentionSlowdown = 1.10;

// nullopt when no synthesis span from `from` on had another beside it (nothing to say).
std::optional<SynthContention> synth_contention(const RunData& r, double from);

}  // namespace cuzk::stats
