#pragma once
// Elapsed wall time on the steady clock, in seconds: the stage timings of the prover, the
// setup and the backends (their StageTimes fields are seconds).
#include <chrono>

namespace cuzk {

using SteadyClock = std::chrono::steady_clock;

// Seconds from `t0` to now.
inline double seconds_since(SteadyClock::time_point t0) {
  return std::chrono::duration<double>(SteadyClock::now() - t0).count();
}

}  // namespace cuzk
