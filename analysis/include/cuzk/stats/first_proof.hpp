#pragma once
// What a run's first proof waited for: the start-up's critical path, so that a slow start is put
// on the key's read (the disk, or the page cache), its upload to the GPU, the first synthesis,
// the GPU or the write. Walking from the run's start to the first completed proof, through that
// proof's own spans: the key's read (the key_load span its synthesis waited for), its synthesis,
// the wait for a device, its gpu span (split into the time it waited for the key's sections to be
// uploaded, the gpu event's key_wait, and the rest), and its write. The segments tile
// [0, first proof] in time order; a gap between them is "other" (the time before the first
// step: "start").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::stats {

enum class PathStep : std::uint8_t { Start, KeyRead, Synth, Queue, KeyUpload, Gpu, Write, Other };
// "start", "key read", "synthesis", "queue", "waiting for the key's upload", "GPU", "write", "other"
std::string_view describe(PathStep s);
// "start", "key_read", "synth", "queue", "key_upload", "gpu", "write", "other" (JSON)
std::string_view to_string(PathStep s);

struct PathSegment {
  PathStep step;
  double t0, t1;  // seconds since the run's start
};

struct FirstProofPath {
  double end = 0;  // the first proof's completion: its write's end, else its gpu span's
  std::uint32_t seq = 0, partition = 0;
  std::string sector;  // its sector's id, where the file names it
  std::vector<PathSegment> segments;  // time order, tiling [0, end]
  // The whole key_load / key_upload spans the path went through (they overlap other steps).
  std::optional<KeyLoad> key_read;
  std::optional<KeyUpload> key_upload;
  std::optional<KeyCheckSpan> key_check;  // the key's deferred checks (its read, when cold), if any
  PathStep bound = PathStep::Other;  // the step with the most seconds on the path
  double bound_seconds = 0;
};

// nullopt when the run has no completed proof with a gpu span.
std::optional<FirstProofPath> first_proof_path(const RunData& r);

}  // namespace cuzk::stats
