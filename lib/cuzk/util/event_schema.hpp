#pragma once
// The event schema of `cuzk-prove batch` (docs/events.md, the contract): one struct per event
// kind with its fields and their units, one function that writes it (to_fields: the fields
// after "ts", "ev" and "run", in the order they are written) and one that reads it back
// (read: from a Source, the reader's view of one parsed line). The producer
// (lib/cuzk/pipeline) writes only through to_fields, the consumer (analysis/, cuzk-stats)
// reads only through read; fields() lists every field for docs/events.md, which a test
// checks against it (tests/stats/test_stats_event_schema.cpp).
//
// Units: Seconds are seconds since the run's start for t0/t1 and plain seconds for durations;
// Bytes and counts are integers on the wire. Numbers a reader only aggregates are kept as
// double on the read side (files from other producers may write any JSON number there); the
// writer writes them as integers.
//
// Reading is as lenient as docs/events.md allows and no more: a field marked optional below
// may be absent or null; a field present with the wrong type is an error (Source::bad), and
// so is a missing required one. Schema 1 and 2 lines read the same (schema 1 only lacks "run"
// and the producer additions).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cuzk/util/fields.hpp"

namespace cuzk::events {

// The schema version this producer writes (run_start.schema); readers know 1 and 2.
inline constexpr int kSchema = 2;

enum class Kind : std::uint8_t {
  RunStart, RunEnd, SectorStart, SectorEnd, Synth, Queue, Gpu, Write, Mem, Error, Skip, Redo, KeyLoad, KeyUpload, KeyCheck
};
std::string_view name(Kind k);                       // "run_start", ...
std::optional<Kind> kind_of(std::string_view ev);    // nullopt: not a kind of this schema
std::span<const Kind> all_kinds();

// What docs/events.md says of a field (checked against the page by a test).
enum class Type : std::uint8_t { Number, Integer, String, Bool, Object, Array, StringOrNull, IntegerOrString };
enum class Unit : std::uint8_t { None, Seconds, Bytes };
struct FieldSpec {
  std::string_view name;
  Type type;
  Unit unit;
  bool always;  // every line of the kind carries it (else: optional, or a producer addition)
};
std::span<const FieldSpec> fields(Kind k);  // after the common "ts", "ev", "run"

// The reader's view of one parsed line. Each accessor throws (through bad()) for a field of
// another type; the opt_ ones give nullopt for a field that is absent or null.
class Source {
public:
  virtual ~Source() = default;
  virtual double number(std::string_view key) const = 0;
  virtual std::optional<double> opt_number(std::string_view key) const = 0;
  virtual std::optional<long long> opt_integer(std::string_view key) const = 0;  // any integer
  virtual std::uint32_t index(std::string_view key) const = 0;  // an integer in 0 .. 2^32-1
  virtual std::optional<std::uint32_t> opt_index(std::string_view key) const = 0;
  virtual std::string_view text(std::string_view key) const = 0;
  virtual std::optional<std::string_view> opt_text(std::string_view key) const = 0;
  virtual std::optional<bool> opt_flag(std::string_view key) const = 0;
  // A number or a string (device labels of other producers); nullopt when absent or null.
  virtual std::optional<std::variant<double, std::string_view>> opt_number_or_text(std::string_view key) const = 0;
  [[noreturn]] virtual void bad(const std::string& message) const = 0;
};

// --- The events ------------------------------------------------------------------------
// Device of a span: the producer writes its integer index; other producers may write a label.
using DeviceId = std::variant<std::int64_t, std::string>;
std::string label(const DeviceId& d);  // "0", "cuda:1"

struct GpuInfo {  // run_start.gpus[i]
  std::int64_t index = 0;
  std::string name;
  std::uint64_t memory = 0;  // bytes
  std::vector<std::pair<std::string, std::string>> settings;  // backend settings in force, as text
};

// The first line of a run. gpus, config and argv are nested JSON: to_fields writes them; read
// leaves them to the caller's JSON parser (the reader keeps config as a JSON tree).
struct RunStart {
  static constexpr Kind kind = Kind::RunStart;
  long long schema = kSchema;
  std::string version;
  std::optional<std::string> git;  // null when unknown
  std::string host;
  std::optional<double> start_unix;  // Unix seconds of ts 0 (the producer always writes it; absent in older files)
  long long cpus = 0;
  std::vector<GpuInfo> gpus;
  Fields config;                   // the effective configuration (BatchConfig::to_json)
  std::vector<std::string> argv;
  std::uint64_t sectors = 0, partitions = 0;
  std::uint64_t footprint = 0, key_bytes = 0;  // bytes
  std::vector<std::string> curves;  // the batch's keys' curves, snarkjs's names ("bls12381", "bn128"), sorted
};

struct RunEnd {
  static constexpr Kind kind = Kind::RunEnd;
  std::uint32_t proofs = 0, failures = 0;
  double wall = 0, s_per_proof = 0;  // seconds
  double peak_rss = 0;               // bytes
  std::optional<double> peak_rss_anon;  // bytes (producer addition)
  // Producer additions, written by cuzk-prove; not read back.
  std::uint32_t skipped = 0, sectors_ok = 0, sectors_failed = 0, sectors_skipped = 0;
  std::uint64_t peak_reserved = 0;  // bytes
  std::uint64_t peak_inflight = 0, key_loads = 0;
};

struct SectorStart {
  static constexpr Kind kind = Kind::SectorStart;
  std::string sector;
  std::optional<std::uint32_t> seq;  // always written; schema-1 readers accepted lines without it
  std::uint32_t partitions = 0;
};

// `status` failed covers a refused sector too (nothing attempted: unreadable sector file or key
// header, outputs that would take another output's place): then `refused` is true.
enum class SectorStatus : std::uint8_t { Ok, Failed, Skipped };
std::string_view name(SectorStatus s);
struct SectorEnd {
  static constexpr Kind kind = Kind::SectorEnd;
  std::string sector;
  std::uint32_t seq = 0;
  std::uint32_t partitions = 0;
  SectorStatus status = SectorStatus::Ok;  // absent: ok (schema 1)
  bool refused = false;                    // written only when true
  std::uint32_t proven = 0, skipped = 0, failed = 0;  // partitions by outcome (producer addition)
};

// Common to the spans synth, queue, gpu, write.
struct Span {
  double t0 = 0, t1 = 0;  // seconds since the run's start
  std::string sector;     // optional on read ("" when absent)
  std::uint32_t partition = 0, seq = 0;
};
struct Synth : Span {
  static constexpr Kind kind = Kind::Synth;
  std::optional<std::uint32_t> worker;
};
struct Queue : Span {
  static constexpr Kind kind = Kind::Queue;
};
// The device stage; every duration in seconds, each absent when the backend does not measure it.
struct Gpu : Span {
  static constexpr Kind kind = Kind::Gpu;
  DeviceId device = std::int64_t(0);  // absent on read: device 0
  std::optional<std::uint32_t> worker;
  std::optional<double> h2d, ntt, msm_g1, msm_g2, d2h, lock_wait, prep;
  std::optional<double> msm_a, msm_b1, msm_c, msm_h;  // msm_g1's four MSMs, when the backend times each
  std::optional<double> key_wait;  // inside the span: the G1 chain waiting for the key's sections (its upload)
  std::optional<bool> h_table;
  std::optional<std::string> abc_from;  // "lent", "staged" or "pageable" (a backend with a device)
};
struct Write : Span {
  static constexpr Kind kind = Kind::Write;
  std::optional<std::uint64_t> bytes;
  std::optional<double> verify, verify_cpu;  // seconds (wall, the writer thread's CPU)
};

struct Mem {
  static constexpr Kind kind = Kind::Mem;
  double rss = 0;                               // bytes
  std::optional<double> rss_anon, rss_file;     // bytes (producer addition)
  std::optional<double> gpu_used;               // bytes, absent without a GPU
  double inflight = 0, reserved = 0;            // partitions, bytes (absent on read: 0)
};

struct ErrorEvent {
  static constexpr Kind kind = Kind::Error;
  std::string sector;                  // or the sector file; absent on read: "?"
  std::optional<std::uint32_t> partition;
  std::optional<std::uint32_t> seq;
  std::string message;                 // absent on read: "(no message)"
};

// --resume: a partition kept (Skip) or proven again (Redo), and why.
struct Skip {
  static constexpr Kind kind = Kind::Skip;
  std::string sector;
  std::uint32_t partition = 0, seq = 0;
  std::string reason;
};
struct Redo : Skip {
  static constexpr Kind kind = Kind::Redo;
};

struct KeyLoad {
  static constexpr Kind kind = Kind::KeyLoad;
  double t0 = 0, t1 = 0;
  std::string path, source;  // source: "zkey", "prepared" (the key cache) or "standalone" (a prepared key as the key)
  double bytes = 0;          // bytes read
  std::string curve;         // snarkjs's name of the key's curve; "" (not written) when the load failed
  std::string cache;         // "" = not written
  bool cache_written = false;  // written only when true
  std::string note, message;   // "" = not written
};

struct KeyUpload {
  static constexpr Kind kind = Kind::KeyUpload;
  double t0 = 0, t1 = 0;
  DeviceId device = std::int64_t(0);
  std::string zkey;
  std::string message;  // "" = not written
  double bytes = 0;     // the key's point arrays read for the upload (host bytes); 0 = not written
};

// A prepared key's deferred content checks (groth16/key_check.hpp): from the first array's check
// start to the last one's end, on the run's clock; a cold key's read from the disk.
struct KeyCheck {
  static constexpr Kind kind = Kind::KeyCheck;
  double t0 = 0, t1 = 0;
  std::string path;
  double bytes = 0;     // the arrays checked
  std::string message;  // "" = not written (the check passed)
};

// --- Writing and reading -----------------------------------------------------------------
Fields to_fields(const RunStart& e);
Fields to_fields(const RunEnd& e);
Fields to_fields(const SectorStart& e);
Fields to_fields(const SectorEnd& e);
Fields to_fields(const Synth& e);
Fields to_fields(const Queue& e);
Fields to_fields(const Gpu& e);
Fields to_fields(const Write& e);
Fields to_fields(const Mem& e);
Fields to_fields(const ErrorEvent& e);
Fields to_fields(const Skip& e);
Fields to_fields(const Redo& e);
Fields to_fields(const KeyLoad& e);
Fields to_fields(const KeyUpload& e);
Fields to_fields(const KeyCheck& e);

void read(const Source& s, RunStart& e);  // schema, version, git, host, cpus (not the nested fields)
void read(const Source& s, RunEnd& e);    // proofs, failures, wall, s_per_proof, peak_rss, peak_rss_anon
void read(const Source& s, SectorStart& e);
void read(const Source& s, SectorEnd& e);  // sector, status (refused: status failed)
void read(const Source& s, Span& e);       // t0, t1, seq, partition, sector; bad() when t1 < t0
void read(const Source& s, Synth& e);
void read(const Source& s, Gpu& e);
void read(const Source& s, Mem& e);
void read(const Source& s, ErrorEvent& e);
void read(const Source& s, KeyLoad& e);    // t0, t1, bytes, source, path
void read(const Source& s, KeyUpload& e);  // t0, t1, device, zkey, bytes
void read(const Source& s, KeyCheck& e);   // t0, t1, path, bytes

}  // namespace cuzk::events
