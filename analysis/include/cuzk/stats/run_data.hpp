#pragma once
// cuzk-prove runs read from an event file (docs/events.md, schemas 1 and 2), streamed line by line.
// A file is an append-only log of runs: lines carry their run's id in "run" (schema 2); lines
// without one (schema 1) belong to the run started by the latest run_start line.
// What is kept is O(spans): a compact record per span plus per-partition completion times; `mem`
// samples are folded into running maxima unless the series is asked for (trace, report).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace cuzk::stats {

enum class Stage : std::uint8_t { Synth, Queue, Gpu, Write };
inline constexpr std::array<std::string_view, 4> kStageNames{"synth", "queue", "gpu", "write"};

struct Span {
  double t0, t1;
  std::uint32_t seq, partition;
  std::uint16_t device;  // index into RunData::devices (gpu spans)
  std::uint16_t worker;  // synthesis worker (synth) or worker on the device (gpu); 0xFFFF unknown
  Stage stage;
  float key_wait;        // gpu spans: seconds inside it waiting for the key's sections (its upload); -1 unknown
};

// Sub-times carried by gpu spans, plus the per-sector totals.
enum class Series : std::uint8_t { LockWait, H2d, Ntt, MsmG1, MsmG2, D2h, Sector, Count };
inline constexpr std::array<std::string_view, 7> kSeriesNames{
    "gpu.lock_wait", "gpu.h2d", "gpu.ntt", "gpu.msm_g1", "gpu.msm_g2", "gpu.d2h", "sector"};

// A GPU backend's upload of a key's points (`key_upload`), on the device's timeline.
struct KeyUpload {
  double t0, t1;
  std::uint16_t device;  // index into RunData::devices
  std::string zkey;
  double bytes = 0;      // the key's point arrays read for it (0: not in the file)
};

// A prepared key's deferred content checks (`key_check`): a cold key's read from the disk.
struct KeyCheckSpan {
  double t0, t1, bytes;
  std::string path;
};

// A key read into host memory (`key_load`, one span per key and process; schema 2 producers).
// Files written before it existed carry the key read inside the first synthesis spans.
struct KeyLoad {
  double t0, t1, bytes;
  std::string source, path;  // source: "zkey", "prepared" or "standalone"
};

// rss_anon / rss_file: `rss` split into anonymous and file-backed pages (producer addition);
// absent (nullopt) in older files.
struct MemSample {
  double ts, rss, inflight, reserved, gpu_used;
  std::optional<double> rss_anon = std::nullopt, rss_file = std::nullopt;
};

struct Provenance {
  int schema = 0;
  std::string version, git, host;
  int cpus = 0;
  std::vector<std::string> gpus;  // device names
  std::vector<std::string> curves;  // run_start "curves": the keys' curves (absent before BN254: empty)
  std::optional<double> start_unix;  // run_start "start_unix" (Unix seconds of ts 0), where written
  nlohmann::json config = nlohmann::json::object();
  nlohmann::json argv = nlohmann::json::array();
};

struct RunData {
  std::string file;  // the path; "PATH#RUN" when the file holds several runs (RUN: id, or 1, 2, ... without ids)
  std::string path;  // the event file
  std::string run;   // the run id ("run" field), empty for schema-1 lines
  std::size_t runs_in_file = 1, run_index = 0;
  bool has_run_start = false, has_run_end = false, truncated = false;
  Provenance prov;
  std::vector<Span> spans;
  std::vector<std::string> devices;         // device labels in order of first appearance
  std::vector<std::string> sector_by_seq;   // sector id by seq, where known
  std::array<std::vector<double>, std::size_t(Series::Count)> series;
  std::vector<std::pair<std::uint64_t, double>> gpu_end, write_end;  // (seq << 32 | partition, t1)
  std::vector<KeyUpload> key_uploads;
  std::vector<KeyLoad> key_loads;
  std::vector<KeyCheckSpan> key_checks;

  std::size_t mem_samples = 0;
  double peak_rss = 0, peak_rss_ts = 0, max_inflight = 0, max_reserved = 0, peak_gpu_used = 0;
  std::vector<MemSample> mem;  // only when the series was requested
  // Sampled maxima of rss_anon / rss_file: nullopt when no sample carried the field.
  std::optional<double> peak_rss_anon, peak_rss_file;
  // From run_start.config (bytes): the byte budget and the host memory kept outside it; nullopt
  // when absent, not a number, or 0 (schema-1 files wrote no host_reserved).
  std::optional<double> mem_budget, host_reserved;

  std::size_t sectors_started = 0, sectors_ok = 0, sectors_failed = 0, sectors_skipped = 0;
  std::size_t errors = 0;
  std::vector<std::string> error_messages;  // the first few

  double end_proofs = 0, end_failures = 0, end_wall = 0, end_s_per_proof = 0, end_peak_rss = 0;
  std::optional<double> end_peak_rss_anon;  // run_end.peak_rss_anon, where written
  double last_ts = 0;
  std::size_t lines = 0;
  std::vector<std::string> warnings;
};

// Every run of the file, in order of first appearance. Throws Error(BadInput) with "FILE:LINE: ..."
// for a malformed line or a field of the wrong type (a truncated last line is recorded in the
// warnings of the run it most likely belongs to and skipped), "FILE: is empty" for a 0-byte file,
// Error(Io) when the file cannot be read or is not a regular file.
std::vector<RunData> load_event_runs(const std::string& path, bool keep_mem_series = false);
// The one run of a file; Error(BadInput) when it holds several.
RunData load_events(const std::string& path, bool keep_mem_series = false);

// When each proof was done: one entry per gpu span, (seq << 32 | partition, time), sorted; the
// time is the partition's write end where it has one (the last, should it have several), else its
// gpu end. run_summary counts and orders proofs by it; first_proof_path picks its first.
std::vector<std::pair<std::uint64_t, double>> proof_completions(const RunData& r);
// "PATH: N runs (a, b, c), read as separate runs" for a file that holds several.
std::string runs_note(const std::string& path, const std::vector<RunData>& runs);

// True when the file's first non-empty line looks like a cuzk event line ({"ts":..,"ev":..}).
bool looks_like_events(const std::string& path);

}  // namespace cuzk::stats
