#include "cuzk/util/event_schema.hpp"

#include <array>

namespace cuzk::events {

namespace {

constexpr std::array<std::pair<Kind, std::string_view>, 15> kNames{{
    {Kind::RunStart, "run_start"},
    {Kind::RunEnd, "run_end"},
    {Kind::SectorStart, "sector_start"},
    {Kind::SectorEnd, "sector_end"},
    {Kind::Synth, "synth"},
    {Kind::Queue, "queue"},
    {Kind::Gpu, "gpu"},
    {Kind::Write, "write"},
    {Kind::Mem, "mem"},
    {Kind::Error, "error"},
    {Kind::Skip, "skip"},
    {Kind::Redo, "redo"},
    {Kind::KeyLoad, "key_load"},
    {Kind::KeyUpload, "key_upload"},
    {Kind::KeyCheck, "key_check"},
}};

constexpr std::array<Kind, 15> kKinds{Kind::RunStart, Kind::RunEnd,    Kind::SectorStart, Kind::SectorEnd,
                                      Kind::Synth,    Kind::Queue,     Kind::Gpu,         Kind::Write,
                                      Kind::Mem,      Kind::Error,     Kind::Skip,        Kind::Redo,
                                      Kind::KeyLoad,  Kind::KeyUpload, Kind::KeyCheck};

using T = Type;
using U = Unit;
constexpr bool A = true, O = false;  // always written / optional

// The span fields every span kind starts with.
#define CUZK_SPAN_FIELDS                                                                           \
  {"t0", T::Number, U::Seconds, A}, {"t1", T::Number, U::Seconds, A}, {"sector", T::String, U::None, A}, \
      {"partition", T::Integer, U::None, A}, {"seq", T::Integer, U::None, A}

constexpr FieldSpec kRunStart[] = {
    {"schema", T::Integer, U::None, A},   {"version", T::String, U::None, A},   {"git", T::StringOrNull, U::None, A},
    {"host", T::String, U::None, A},      {"start_unix", T::Number, U::Seconds, A}, {"cpus", T::Integer, U::None, A},
    {"gpus", T::Array, U::None, A},       {"config", T::Object, U::None, A},    {"argv", T::Array, U::None, A},
    {"sectors", T::Integer, U::None, A},  {"partitions", T::Integer, U::None, A}, {"footprint", T::Integer, U::Bytes, A},
    {"key_bytes", T::Integer, U::Bytes, A}, {"curves", T::Array, U::None, A},
};
constexpr FieldSpec kRunEnd[] = {
    {"proofs", T::Integer, U::None, A},        {"failures", T::Integer, U::None, A},
    {"skipped", T::Integer, U::None, A},       {"sectors_ok", T::Integer, U::None, A},
    {"sectors_failed", T::Integer, U::None, A}, {"sectors_skipped", T::Integer, U::None, A},
    {"wall", T::Number, U::Seconds, A},        {"s_per_proof", T::Number, U::Seconds, A},
    {"peak_rss", T::Integer, U::Bytes, A},     {"peak_rss_anon", T::Integer, U::Bytes, A},
    {"peak_reserved", T::Integer, U::Bytes, A}, {"peak_inflight", T::Integer, U::None, A},
    {"key_loads", T::Integer, U::None, A},
};
constexpr FieldSpec kSectorStart[] = {
    {"sector", T::String, U::None, A}, {"seq", T::Integer, U::None, A}, {"partitions", T::Integer, U::None, A}};
constexpr FieldSpec kSectorEnd[] = {
    {"sector", T::String, U::None, A},  {"seq", T::Integer, U::None, A},     {"partitions", T::Integer, U::None, A},
    {"status", T::String, U::None, A},  {"refused", T::Bool, U::None, O},    {"proven", T::Integer, U::None, A},
    {"skipped", T::Integer, U::None, A}, {"failed", T::Integer, U::None, A},
};
constexpr FieldSpec kSynth[] = {CUZK_SPAN_FIELDS, {"worker", T::Integer, U::None, A}};
constexpr FieldSpec kQueue[] = {CUZK_SPAN_FIELDS};
constexpr FieldSpec kGpu[] = {
    CUZK_SPAN_FIELDS,
    {"device", T::IntegerOrString, U::None, A},
    {"worker", T::Integer, U::None, A},
    {"h2d", T::Number, U::Seconds, O},
    {"ntt", T::Number, U::Seconds, O},
    {"msm_g1", T::Number, U::Seconds, O},
    {"msm_g2", T::Number, U::Seconds, O},
    {"msm_a", T::Number, U::Seconds, O},
    {"msm_b1", T::Number, U::Seconds, O},
    {"msm_c", T::Number, U::Seconds, O},
    {"msm_h", T::Number, U::Seconds, O},
    {"key_wait", T::Number, U::Seconds, O},
    {"d2h", T::Number, U::Seconds, O},
    {"lock_wait", T::Number, U::Seconds, A},
    {"prep", T::Number, U::Seconds, O},
    {"h_table", T::Bool, U::None, O},
    {"abc_from", T::String, U::None, O},
};
constexpr FieldSpec kWrite[] = {CUZK_SPAN_FIELDS,
                                {"bytes", T::Integer, U::Bytes, O},
                                {"verify", T::Number, U::Seconds, O},
                                {"verify_cpu", T::Number, U::Seconds, O}};
constexpr FieldSpec kMem[] = {
    {"rss", T::Integer, U::Bytes, A},      {"rss_anon", T::Integer, U::Bytes, A}, {"rss_file", T::Integer, U::Bytes, A},
    {"gpu_used", T::Integer, U::Bytes, O}, {"inflight", T::Integer, U::None, A},  {"reserved", T::Integer, U::Bytes, A},
};
constexpr FieldSpec kError[] = {{"sector", T::String, U::None, A},
                                {"partition", T::Integer, U::None, O},
                                {"seq", T::Integer, U::None, A},
                                {"message", T::String, U::None, A}};
constexpr FieldSpec kSkip[] = {{"sector", T::String, U::None, A},
                               {"partition", T::Integer, U::None, A},
                               {"seq", T::Integer, U::None, A},
                               {"reason", T::String, U::None, A}};
constexpr FieldSpec kKeyLoad[] = {
    {"t0", T::Number, U::Seconds, A},      {"t1", T::Number, U::Seconds, A},     {"path", T::String, U::None, A},
    {"source", T::String, U::None, A},     {"bytes", T::Integer, U::Bytes, A},   {"curve", T::String, U::None, O},
    {"cache", T::String, U::None, O},
    {"cache_written", T::Bool, U::None, O}, {"note", T::String, U::None, O},     {"message", T::String, U::None, O},
};
constexpr FieldSpec kKeyUpload[] = {
    {"t0", T::Number, U::Seconds, A}, {"t1", T::Number, U::Seconds, A},  {"device", T::IntegerOrString, U::None, A},
    {"zkey", T::String, U::None, A},  {"bytes", T::Integer, U::Bytes, O}, {"message", T::String, U::None, O},
};
constexpr FieldSpec kKeyCheck[] = {
    {"t0", T::Number, U::Seconds, A},    {"t1", T::Number, U::Seconds, A},      {"path", T::String, U::None, A},
    {"bytes", T::Integer, U::Bytes, A}, {"message", T::String, U::None, O},
};
#undef CUZK_SPAN_FIELDS

// An integer-valued number of the wire (bytes, counts kept as double on the read side).
Value integral(double v) { return Value(std::uint64_t(v < 0 ? 0 : v)); }

Value device_value(const DeviceId& d) {
  if (const auto* i = std::get_if<std::int64_t>(&d)) return Value(static_cast<long long>(*i));
  return Value(std::get<std::string>(d));
}

Fields span_fields(const Span& e) {
  return Fields{{"t0", e.t0}, {"t1", e.t1}, {"sector", e.sector}, {"partition", e.partition}, {"seq", e.seq}};
}

void read_times(const Source& s, double& t0, double& t1, std::string_view what) {
  t0 = s.number("t0");
  t1 = s.number("t1");
  if (!(t1 >= t0)) s.bad(std::string(what) + " ends before it starts (t1 < t0)");
}

std::optional<double> opt_bytes(const Source& s, std::string_view key) {
  const auto b = s.opt_number(key);
  if (b && *b < 0) s.bad("field '" + std::string(key) + "' is negative");
  return b;
}

DeviceId read_device(const Source& s) {
  const auto v = s.opt_number_or_text("device");
  if (!v) return std::int64_t(0);
  if (const auto* n = std::get_if<double>(&*v)) return std::int64_t(*n);
  return std::string(std::get<std::string_view>(*v));
}

}  // namespace

std::string_view name(Kind k) {
  for (const auto& [kind, n] : kNames)
    if (kind == k) return n;
  return "?";
}

std::optional<Kind> kind_of(std::string_view ev) {
  for (const auto& [kind, n] : kNames)
    if (n == ev) return kind;
  return std::nullopt;
}

std::span<const Kind> all_kinds() { return kKinds; }

std::span<const FieldSpec> fields(Kind k) {
  switch (k) {
    case Kind::RunStart: return kRunStart;
    case Kind::RunEnd: return kRunEnd;
    case Kind::SectorStart: return kSectorStart;
    case Kind::SectorEnd: return kSectorEnd;
    case Kind::Synth: return kSynth;
    case Kind::Queue: return kQueue;
    case Kind::Gpu: return kGpu;
    case Kind::Write: return kWrite;
    case Kind::Mem: return kMem;
    case Kind::Error: return kError;
    case Kind::Skip:
    case Kind::Redo: return kSkip;
    case Kind::KeyLoad: return kKeyLoad;
    case Kind::KeyUpload: return kKeyUpload;
    case Kind::KeyCheck: return kKeyCheck;
  }
  return {};
}

std::string_view name(SectorStatus s) {
  switch (s) {
    case SectorStatus::Ok: return "ok";
    case SectorStatus::Failed: return "failed";
    case SectorStatus::Skipped: return "skipped";
  }
  return "?";
}

std::string label(const DeviceId& d) {
  if (const auto* i = std::get_if<std::int64_t>(&d)) return std::to_string(*i);
  return std::get<std::string>(d);
}

// --- Writing -----------------------------------------------------------------------------

Fields to_fields(const RunStart& e) {
  Value::Array gpus;
  for (const GpuInfo& g : e.gpus) {
    Fields set;
    for (const auto& [k, v] : g.settings) set[k] = v;
    gpus.push_back(Fields{{"index", static_cast<long long>(g.index)}, {"name", g.name}, {"memory", g.memory},
                          {"settings", set}});
  }
  Fields f;
  f["schema"] = e.schema;
  f["version"] = e.version;
  f["git"] = e.git ? Value(*e.git) : Value();
  f["host"] = e.host;
  f["start_unix"] = e.start_unix ? Value(*e.start_unix) : Value();
  f["cpus"] = e.cpus;
  f["gpus"] = std::move(gpus);
  f["config"] = e.config;
  f["argv"] = e.argv;
  f["sectors"] = e.sectors;
  f["partitions"] = e.partitions;
  f["footprint"] = e.footprint;
  f["key_bytes"] = e.key_bytes;
  f["curves"] = e.curves;
  return f;
}

Fields to_fields(const RunEnd& e) {
  Fields f;
  f["proofs"] = e.proofs;
  f["failures"] = e.failures;
  f["skipped"] = e.skipped;
  f["sectors_ok"] = e.sectors_ok;
  f["sectors_failed"] = e.sectors_failed;
  f["sectors_skipped"] = e.sectors_skipped;
  f["wall"] = e.wall;
  f["s_per_proof"] = e.s_per_proof;
  f["peak_rss"] = integral(e.peak_rss);
  if (e.peak_rss_anon) f["peak_rss_anon"] = integral(*e.peak_rss_anon);
  f["peak_reserved"] = e.peak_reserved;
  f["peak_inflight"] = e.peak_inflight;
  f["key_loads"] = e.key_loads;
  return f;
}

Fields to_fields(const SectorStart& e) {
  Fields f{{"sector", e.sector}};
  if (e.seq) f["seq"] = *e.seq;
  f["partitions"] = e.partitions;
  return f;
}

Fields to_fields(const SectorEnd& e) {
  Fields f{{"sector", e.sector}, {"seq", e.seq}, {"partitions", e.partitions}, {"status", std::string(name(e.status))}};
  if (e.refused) f["refused"] = true;
  f["proven"] = e.proven;
  f["skipped"] = e.skipped;
  f["failed"] = e.failed;
  return f;
}

Fields to_fields(const Synth& e) {
  Fields f = span_fields(e);
  if (e.worker) f["worker"] = *e.worker;
  return f;
}

Fields to_fields(const Queue& e) { return span_fields(e); }

Fields to_fields(const Gpu& e) {
  Fields f = span_fields(e);
  f["device"] = device_value(e.device);
  if (e.worker) f["worker"] = *e.worker;
  const std::pair<const char*, const std::optional<double>*> times[] = {
      {"h2d", &e.h2d},       {"ntt", &e.ntt},       {"msm_g1", &e.msm_g1}, {"msm_g2", &e.msm_g2},
      {"msm_a", &e.msm_a},   {"msm_b1", &e.msm_b1}, {"msm_c", &e.msm_c},   {"msm_h", &e.msm_h},
      {"key_wait", &e.key_wait},
      {"d2h", &e.d2h},       {"lock_wait", &e.lock_wait}, {"prep", &e.prep}};
  for (const auto& [k, v] : times)
    if (*v) f[k] = **v;
  if (e.h_table) f["h_table"] = *e.h_table;
  if (e.abc_from) f["abc_from"] = *e.abc_from;
  return f;
}

Fields to_fields(const Write& e) {
  Fields f = span_fields(e);
  if (e.bytes) f["bytes"] = *e.bytes;
  if (e.verify) f["verify"] = *e.verify;
  if (e.verify_cpu) f["verify_cpu"] = *e.verify_cpu;
  return f;
}

Fields to_fields(const Mem& e) {
  Fields f;
  f["rss"] = integral(e.rss);
  if (e.rss_anon) f["rss_anon"] = integral(*e.rss_anon);
  if (e.rss_file) f["rss_file"] = integral(*e.rss_file);
  if (e.gpu_used) f["gpu_used"] = integral(*e.gpu_used);
  f["inflight"] = integral(e.inflight);
  f["reserved"] = integral(e.reserved);
  return f;
}

Fields to_fields(const ErrorEvent& e) {
  Fields f{{"sector", e.sector}};
  if (e.partition) f["partition"] = *e.partition;
  if (e.seq) f["seq"] = *e.seq;
  f["message"] = e.message;
  return f;
}

Fields to_fields(const Skip& e) {
  return Fields{{"sector", e.sector}, {"partition", e.partition}, {"seq", e.seq}, {"reason", e.reason}};
}

Fields to_fields(const Redo& e) { return to_fields(static_cast<const Skip&>(e)); }

Fields to_fields(const KeyLoad& e) {
  Fields f{{"t0", e.t0}, {"t1", e.t1}, {"path", e.path}, {"source", e.source}, {"bytes", integral(e.bytes)}};
  if (!e.curve.empty()) f["curve"] = e.curve;
  if (!e.cache.empty()) f["cache"] = e.cache;
  if (e.cache_written) f["cache_written"] = true;
  if (!e.note.empty()) f["note"] = e.note;
  if (!e.message.empty()) f["message"] = e.message;
  return f;
}

Fields to_fields(const KeyUpload& e) {
  Fields f{{"t0", e.t0}, {"t1", e.t1}, {"device", device_value(e.device)}, {"zkey", e.zkey}};
  if (e.bytes > 0) f["bytes"] = integral(e.bytes);
  if (!e.message.empty()) f["message"] = e.message;
  return f;
}

Fields to_fields(const KeyCheck& e) {
  Fields f{{"t0", e.t0}, {"t1", e.t1}, {"path", e.path}, {"bytes", integral(e.bytes)}};
  if (!e.message.empty()) f["message"] = e.message;
  return f;
}

// --- Reading -----------------------------------------------------------------------------

void read(const Source& s, RunStart& e) {
  const long long schema = s.opt_integer("schema").value_or(0);
  if (schema < 0 || schema > 1000000) s.bad("field 'schema' is out of range");
  e.schema = schema;
  e.version = std::string(s.opt_text("version").value_or(""));
  e.git = s.opt_text("git") ? std::optional<std::string>(*s.opt_text("git")) : std::nullopt;
  e.host = std::string(s.opt_text("host").value_or(""));
  e.start_unix = s.opt_number("start_unix");
  const long long cpus = s.opt_integer("cpus").value_or(0);
  if (cpus < 0 || cpus >= (1 << 30)) s.bad("field 'cpus' is out of range (0 .. 2^30-1)");
  e.cpus = cpus;
}

void read(const Source& s, RunEnd& e) {
  e.proofs = s.opt_index("proofs").value_or(0);
  e.failures = s.opt_index("failures").value_or(0);
  e.wall = s.opt_number("wall").value_or(0);
  e.s_per_proof = s.opt_number("s_per_proof").value_or(0);
  e.peak_rss = s.opt_number("peak_rss").value_or(0);
  e.peak_rss_anon = opt_bytes(s, "peak_rss_anon");
}

void read(const Source& s, SectorStart& e) {
  e.sector = std::string(s.text("sector"));
  e.seq = s.opt_index("seq");
}

void read(const Source& s, SectorEnd& e) {
  e.sector = std::string(s.text("sector"));
  const std::string_view st = s.opt_text("status").value_or("ok");
  // Unknown words read as ok, as they always have (the page names only these three).
  e.status = st == "failed" ? SectorStatus::Failed : st == "skipped" ? SectorStatus::Skipped : SectorStatus::Ok;
  e.refused = s.opt_flag("refused").value_or(false);
}

void read(const Source& s, Span& e) {
  read_times(s, e.t0, e.t1, "span");
  e.seq = s.index("seq");
  e.partition = s.index("partition");
  e.sector = std::string(s.opt_text("sector").value_or(""));
}

void read(const Source& s, Synth& e) {
  read(s, static_cast<Span&>(e));
  e.worker = s.opt_index("worker");
}

void read(const Source& s, Gpu& e) {
  read(s, static_cast<Span&>(e));
  e.worker = s.opt_index("worker");
  e.device = read_device(s);
  e.lock_wait = s.opt_number("lock_wait");
  e.h2d = s.opt_number("h2d");
  e.ntt = s.opt_number("ntt");
  e.msm_g1 = s.opt_number("msm_g1");
  e.msm_g2 = s.opt_number("msm_g2");
  e.msm_a = s.opt_number("msm_a");
  e.msm_b1 = s.opt_number("msm_b1");
  e.msm_c = s.opt_number("msm_c");
  e.msm_h = s.opt_number("msm_h");
  e.key_wait = s.opt_number("key_wait");
  e.d2h = s.opt_number("d2h");
  // The parts are seconds inside the span: none negative, and the wait for the key (which
  // cuzk-stats takes out of the first proof's span) no longer than the span itself (1 ms of
  // slack: the span's start is the backend's lock time, from its own measurements).
  for (const auto& [name, v] : {std::pair{"lock_wait", e.lock_wait}, std::pair{"h2d", e.h2d}, std::pair{"ntt", e.ntt},
                                std::pair{"msm_g1", e.msm_g1}, std::pair{"msm_g2", e.msm_g2}, std::pair{"msm_a", e.msm_a},
                                std::pair{"msm_b1", e.msm_b1}, std::pair{"msm_c", e.msm_c}, std::pair{"msm_h", e.msm_h},
                                std::pair{"key_wait", e.key_wait}, std::pair{"d2h", e.d2h}})
    if (v && *v < 0) s.bad("field '" + std::string(name) + "' is negative");
  if (e.key_wait && *e.key_wait > e.t1 - e.t0 + 1e-3) s.bad("field 'key_wait' is longer than its span (t1 - t0)");
  if (auto t = s.opt_text("abc_from")) e.abc_from = std::string(*t);
}

void read(const Source& s, Mem& e) {
  e.rss = s.number("rss");
  e.inflight = s.opt_number("inflight").value_or(0);
  e.reserved = s.opt_number("reserved").value_or(0);
  e.gpu_used = s.opt_number("gpu_used");
  e.rss_anon = opt_bytes(s, "rss_anon");
  e.rss_file = opt_bytes(s, "rss_file");
}

void read(const Source& s, ErrorEvent& e) {
  e.sector = std::string(s.opt_text("sector").value_or("?"));
  e.partition = s.opt_index("partition");
  e.message = std::string(s.opt_text("message").value_or("(no message)"));
}

void read(const Source& s, KeyLoad& e) {
  read_times(s, e.t0, e.t1, "key_load");
  e.bytes = s.opt_number("bytes").value_or(0);
  if (e.bytes < 0) s.bad("field 'bytes' is negative");
  e.source = std::string(s.opt_text("source").value_or(""));
  e.path = std::string(s.opt_text("path").value_or(""));
  e.curve = std::string(s.opt_text("curve").value_or(""));
}

void read(const Source& s, KeyUpload& e) {
  e.t0 = s.number("t0");
  e.t1 = s.number("t1");
  e.device = read_device(s);
  if (!(e.t1 >= e.t0)) s.bad("key_upload ends before it starts (t1 < t0)");
  e.zkey = std::string(s.opt_text("zkey").value_or(""));
  e.bytes = s.opt_number("bytes").value_or(0);
  if (e.bytes < 0) s.bad("field 'bytes' is negative");
}

void read(const Source& s, KeyCheck& e) {
  read_times(s, e.t0, e.t1, "key_check");
  e.path = std::string(s.opt_text("path").value_or(""));
  e.bytes = s.opt_number("bytes").value_or(0);
  if (e.bytes < 0) s.bad("field 'bytes' is negative");
}

}  // namespace cuzk::events
