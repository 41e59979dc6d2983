#include "cuzk/stats/run_data.hpp"

#include <cmath>
#include <optional>
#include <memory>
#include <unordered_map>

#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/line_reader.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

constexpr std::size_t kMaxErrorMessages = 10;

std::string type_name(const FlatValue& v) {
  switch (v.type) {
    case FlatValue::Type::Null: return "null";
    case FlatValue::Type::Bool: return "a boolean";
    case FlatValue::Type::Number: return "a number";
    case FlatValue::Type::String: return "a string";
    case FlatValue::Type::Nested: return v.text.empty() || v.text[0] == '{' ? "an object" : "an array";
  }
  return "unknown";
}

// A byte count of run_start.config drawn in the report: a positive finite number, else nothing
// (config holds what the producer resolved; other producers may write other types there).
std::optional<double> config_bytes(const nlohmann::json& c, const char* key) {
  const auto it = c.find(key);
  if (it == c.end() || !it->is_number()) return std::nullopt;
  const double v = it->get<double>();
  return std::isfinite(v) && v > 0 ? std::optional<double>(v) : std::nullopt;
}

class Loader {
public:
  Loader(RunData& run, std::string path, bool keep_mem) : r_(run), path_(std::move(path)), keep_mem_(keep_mem) {}

  void line(const FlatObject& o, std::string_view raw, std::size_t lineno) {
    lineno_ = lineno;
    const double ts = number(o, "ts");
    const std::string_view ev_text = text(o, "ev");
    if (ts + 1e-9 < r_.last_ts) ++backwards_;
    r_.last_ts = std::max(r_.last_ts, ts);
    const std::string_view e = ev_text;
    if (e == "mem") return mem(o, ts);
    if (e == "synth") return span(o, Stage::Synth);
    if (e == "queue") return span(o, Stage::Queue);
    if (e == "gpu") return span(o, Stage::Gpu);
    if (e == "write") return span(o, Stage::Write);
    if (e == "sector_start") return sector_start(o, ts);
    if (e == "sector_end") return sector_end(o, ts);
    if (e == "error") return error(o);
    if (e == "run_start") return run_start(raw);
    if (e == "run_end") return run_end(o);
    // Producer additions that no statistic uses (docs/events.md): known, not warned about.
    if (e == "key_upload") return key_upload(o);
    if (e == "key_load") return key_load(o);
    if (e == "skip" || e == "redo") return;
    ++unknown_;
  }

  void finish() {
    if (backwards_)
      r_.warnings.push_back(std::to_string(backwards_) + " line(s) with ts earlier than a previous line");
    if (unknown_) r_.warnings.push_back(std::to_string(unknown_) + " line(s) with an unknown 'ev' ignored");
    if (!r_.has_run_start) r_.warnings.push_back("no run_start event: provenance unknown");
    if (!r_.has_run_end) r_.warnings.push_back("no run_end event: the run did not finish; wall = last ts");
    if (!open_sectors_.empty())
      r_.warnings.push_back(std::to_string(open_sectors_.size()) + " sector(s) started but never ended");
  }

private:
  std::string where() const { return path_ + ":" + std::to_string(lineno_); }
  [[noreturn]] void bad(const std::string& msg) const { throw Error(Error::Kind::BadInput, where(), msg); }

  double number(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v) bad("missing numeric field '" + std::string(key) + "'");
    if (v->type != FlatValue::Type::Number) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a number");
    return jf::checked_number(v->number, where(), "field '" + std::string(key) + "'");
  }
  double number_or(const FlatObject& o, std::string_view key, double dflt) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type == FlatValue::Type::Null) return dflt;
    if (v->type != FlatValue::Type::Number) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a number");
    return jf::checked_number(v->number, where(), "field '" + std::string(key) + "'");
  }
  // An optional string: absent or null → `dflt`; another type is bad input.
  std::string_view text_or(const FlatObject& o, std::string_view key, std::string_view dflt) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type == FlatValue::Type::Null) return dflt;
    if (v->type != FlatValue::Type::String) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a string");
    return v->text;
  }
  // Optional bytes: absent or null → nullopt; another type or a negative number is bad input.
  std::optional<double> opt_bytes(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type == FlatValue::Type::Null) return std::nullopt;
    const double b = number(o, key);
    if (b < 0) bad("field '" + std::string(key) + "' is negative");
    return b;
  }
  std::optional<std::uint32_t> index_or(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type == FlatValue::Type::Null) return std::nullopt;
    return index(o, key);
  }
  std::uint32_t index(const FlatObject& o, std::string_view key) const {
    const double v = number(o, key);
    if (v < 0 || v > 4294967295.0 || v != std::floor(v))
      bad("field '" + std::string(key) + "' is not a non-negative integer");
    return std::uint32_t(v);
  }
  std::string_view text(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v) bad("missing string field '" + std::string(key) + "'");
    if (v->type != FlatValue::Type::String) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a string");
    return v->text;
  }

  void remember_sector(std::uint32_t seq, std::string_view name) {
    if (seq > 100000000) return;  // seq is dense in practice; do not allocate for absurd values
    if (r_.sector_by_seq.size() <= seq) r_.sector_by_seq.resize(seq + 1);
    if (r_.sector_by_seq[seq].empty()) r_.sector_by_seq[seq] = std::string(name);
  }

  std::uint16_t device(const FlatObject& o) {
    const FlatValue* v = o.get("device");
    std::string label;
    if (!v || v->type == FlatValue::Type::Null) label = "0";
    else if (v->type == FlatValue::Type::Number) label = std::to_string(std::int64_t(number(o, "device")));
    else if (v->type == FlatValue::Type::String) label = std::string(v->text);
    else bad("field 'device' is neither a number nor a string");
    for (std::size_t i = 0; i < r_.devices.size(); ++i)
      if (r_.devices[i] == label) return std::uint16_t(i);
    if (r_.devices.size() >= 0xFFFF) bad("too many devices");
    r_.devices.push_back(std::move(label));
    return std::uint16_t(r_.devices.size() - 1);
  }

  void span(const FlatObject& o, Stage st) {
    Span s{};
    s.t0 = number(o, "t0");
    s.t1 = number(o, "t1");
    if (!(s.t1 >= s.t0)) bad("span ends before it starts (t1 < t0)");
    s.seq = index(o, "seq");
    s.partition = index(o, "partition");
    s.stage = st;
    s.worker = 0xFFFF;
    if (const auto w = index_or(o, "worker")) s.worker = std::uint16_t(std::min<std::uint32_t>(*w, 65534));
    if (const std::string_view sec = text_or(o, "sector", {}); !sec.empty()) remember_sector(s.seq, sec);
    const std::uint64_t key = (std::uint64_t(s.seq) << 32) | s.partition;
    if (st == Stage::Gpu) {
      s.device = device(o);
      static constexpr std::array<std::string_view, 6> sub{"lock_wait", "h2d", "ntt", "msm_g1", "msm_g2", "d2h"};
      for (std::size_t i = 0; i < sub.size(); ++i) {
        const double v = number_or(o, sub[i], NAN);
        if (!std::isnan(v)) r_.series[i].push_back(v);
      }
      r_.gpu_end.emplace_back(key, s.t1);
    } else if (st == Stage::Write) {
      r_.write_end.emplace_back(key, s.t1);
    }
    r_.spans.push_back(s);
  }

  void key_upload(const FlatObject& o) {
    KeyUpload k{number(o, "t0"), number(o, "t1"), device(o), {}};
    if (!(k.t1 >= k.t0)) bad("key_upload ends before it starts (t1 < t0)");
    k.zkey = std::string(text_or(o, "zkey", {}));
    r_.key_uploads.push_back(std::move(k));
  }

  void key_load(const FlatObject& o) {
    KeyLoad k{number(o, "t0"), number(o, "t1"), number_or(o, "bytes", 0), {}, {}};
    if (!(k.t1 >= k.t0)) bad("key_load ends before it starts (t1 < t0)");
    if (k.bytes < 0) bad("field 'bytes' is negative");
    k.source = std::string(text_or(o, "source", {}));
    k.path = std::string(text_or(o, "path", {}));
    r_.key_loads.push_back(std::move(k));
  }

  void mem(const FlatObject& o, double ts) {
    ++r_.mem_samples;
    const double rss = number(o, "rss");
    const double inflight = number_or(o, "inflight", 0), reserved = number_or(o, "reserved", 0);
    const double gpu_used = number_or(o, "gpu_used", 0);
    if (rss > r_.peak_rss) {
      r_.peak_rss = rss;
      r_.peak_rss_ts = ts;
    }
    r_.max_inflight = std::max(r_.max_inflight, inflight);
    r_.max_reserved = std::max(r_.max_reserved, reserved);
    r_.peak_gpu_used = std::max(r_.peak_gpu_used, gpu_used);
    const std::optional<double> anon = opt_bytes(o, "rss_anon"), file = opt_bytes(o, "rss_file");
    if (anon) r_.peak_rss_anon = std::max(r_.peak_rss_anon.value_or(0), *anon);
    if (file) r_.peak_rss_file = std::max(r_.peak_rss_file.value_or(0), *file);
    if (keep_mem_) r_.mem.push_back({ts, rss, inflight, reserved, gpu_used, anon, file});
  }

  void sector_start(const FlatObject& o, double ts) {
    const std::string_view name = text(o, "sector");
    ++r_.sectors_started;
    if (const auto q = index_or(o, "seq")) remember_sector(*q, name);
    open_sectors_[std::string(name)] = ts;
  }

  void sector_end(const FlatObject& o, double ts) {
    const std::string name(text(o, "sector"));
    const std::string_view status = text_or(o, "status", "ok");
    if (status == "failed") ++r_.sectors_failed;
    else if (status == "skipped") ++r_.sectors_skipped;
    else ++r_.sectors_ok;
    auto it = open_sectors_.find(name);
    if (it == open_sectors_.end()) {
      r_.warnings.push_back(where() + ": sector_end for '" + name + "' without sector_start");
      return;
    }
    if (status != "skipped") r_.series[std::size_t(Series::Sector)].push_back(ts - it->second);
    open_sectors_.erase(it);
  }

  void error(const FlatObject& o) {
    ++r_.errors;
    if (r_.error_messages.size() < kMaxErrorMessages) {
      std::string msg(text_or(o, "sector", "?"));
      if (const auto p = index_or(o, "partition")) msg += "/p" + std::to_string(*p);
      msg += ": ";
      // One line per message: a producer's message with a newline must not break the report's lines.
      for (char c : text_or(o, "message", "(no message)")) msg += (c == '\n' || c == '\r') ? ' ' : c;
      r_.error_messages.push_back(std::move(msg));
    }
  }

  void run_start(std::string_view raw) {
    const std::string w = where();
    const jf::Json j = jf::parse(raw, w);
    r_.has_run_start = true;
    auto& p = r_.prov;
    const long long schema = jf::opt_integer(j, "schema", w).value_or(0);
    if (schema < 0 || schema > 1000000) bad("field 'schema' is out of range");
    p.schema = int(schema);
    if (p.schema != 1 && p.schema != 2)
      r_.warnings.push_back("event schema " + std::to_string(p.schema) + ", this reader knows 1 and 2");
    p.version = jf::opt_string(j, "version", w).value_or("");
    p.git = jf::opt_string(j, "git", w).value_or("");
    p.host = jf::opt_string(j, "host", w).value_or("");
    const long long cpus = jf::opt_integer(j, "cpus", w).value_or(0);
    if (cpus < 0 || cpus >= (1 << 30)) bad("field 'cpus' is out of range (0 .. 2^30-1)");
    p.cpus = int(cpus);
    if (const jf::Json* g = jf::opt_array(j, "gpus", w)) {
      std::size_t i = 0;
      for (const auto& e : *g) {
        const std::string wi = w + ": gpus[" + std::to_string(i++) + "]";
        p.gpus.push_back(jf::opt_string(jf::object(e, wi), "name", wi).value_or("?"));
      }
    }
    if (const jf::Json* c = jf::opt_object(j, "config", w)) {
      p.config = *c;
      r_.mem_budget = config_bytes(*c, "mem_budget");
      r_.host_reserved = config_bytes(*c, "host_reserved");
    }
    if (const jf::Json* a = jf::opt_array(j, "argv", w)) p.argv = *a;
  }

  void run_end(const FlatObject& o) {
    r_.has_run_end = true;
    r_.end_proofs = index_or(o, "proofs").value_or(0);
    r_.end_failures = index_or(o, "failures").value_or(0);
    r_.end_wall = number_or(o, "wall", 0);
    r_.end_s_per_proof = number_or(o, "s_per_proof", 0);
    r_.end_peak_rss = number_or(o, "peak_rss", 0);
    r_.end_peak_rss_anon = opt_bytes(o, "peak_rss_anon");
  }

  RunData& r_;
  std::string path_;
  bool keep_mem_;
  std::size_t lineno_ = 0;
  std::size_t backwards_ = 0, unknown_ = 0;
  std::unordered_map<std::string, double> open_sectors_;
};

}  // namespace

namespace {

// Splits one file into runs (docs/events.md, schema 2): a line's run is its "run" field; a line
// without one (schema 1) belongs to the run started by the latest run_start line. A schema-1
// run_start without "run" starts a new anonymous run.
class RunSplitter {
public:
  RunSplitter(std::string path, bool keep_mem) : path_(std::move(path)), keep_mem_(keep_mem) {}

  Loader& route(const FlatObject& o, std::size_t lineno) {
    const FlatValue* id = o.get("run");
    const FlatValue* ev = o.get("ev");
    const bool start = ev && ev->type == FlatValue::Type::String && ev->text == "run_start";
    if (id && id->type != FlatValue::Type::Null) {
      if (id->type != FlatValue::Type::String)
        throw Error(Error::Kind::BadInput, path_ + ":" + std::to_string(lineno), "field 'run' is not a string");
      const std::string_view t = id->text;
      if (t.empty() || t.size() > 200 ||
          t.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") != t.npos)
        throw Error(Error::Kind::BadInput, path_ + ":" + std::to_string(lineno),
                    "field 'run' is not a run id (1 to 200 characters of [A-Za-z0-9._-])");
      const std::string key = "=" + std::string(t);  // ids cannot collide with anonymous keys
      if (start) current_ = key;
      return get(key, std::string(id->text));
    }
    // No "run" field (schema 1): a run_start begins a new anonymous run, unless the current
    // anonymous run has not seen its run_start yet (lines before it belong to it).
    const auto cur = slots_.find(current_);
    bool reuse = cur != slots_.end() && !start;
    if (start && cur != slots_.end() && current_[0] == '#' && !cur->second->data.has_run_start) reuse = true;
    if (!reuse) current_ = "#" + std::to_string(++anonymous_);
    return get(current_, {});
  }

  std::vector<RunData> finish() {
    std::vector<RunData> out;
    for (auto& s : order_) {
      s->loader->finish();
      out.push_back(std::move(s->data));
    }
    // Runs in order of first appearance.
    const std::size_t n = out.size();
    std::size_t anon = 0;
    for (std::size_t i = 0; i < n; ++i) {
      RunData& r = out[i];
      r.runs_in_file = n;
      r.run_index = i;
      if (n > 1) r.file = path_ + "#" + (r.run.empty() ? std::to_string(++anon) : r.run);
    }
    return out;
  }

private:
  struct Slot {
    RunData data;
    std::unique_ptr<Loader> loader;
  };
  Loader& get(const std::string& key, const std::string& id) {
    auto it = slots_.find(key);
    if (it == slots_.end()) {
      auto slot = std::make_unique<Slot>();
      slot->data.file = slot->data.path = path_;
      slot->data.run = id;
      slot->loader = std::make_unique<Loader>(slot->data, path_, keep_mem_);
      order_.push_back(slot.get());
      it = slots_.emplace(key, std::move(slot)).first;
    }
    last_data_ = &it->second->data;
    return *it->second->loader;
  }

  std::string path_;
  bool keep_mem_;
  std::unordered_map<std::string, std::unique_ptr<Slot>> slots_;
  std::vector<Slot*> order_;
  std::string current_;
  std::size_t anonymous_ = 0;

public:
  RunData* last_data_ = nullptr;
};

}  // namespace

std::vector<RunData> load_event_runs(const std::string& path, bool keep_mem_series) {
  LineReader in(path);
  RunSplitter runs(path, keep_mem_series);
  FlatObject obj;
  std::string err;
  std::string_view line;
  bool newline = true;
  std::size_t lines = 0;
  while (in.next(line, newline)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    const std::string where = path + ":" + std::to_string(in.line_number());
    if (!obj.parse(line, err)) {
      if (!newline && !runs.last_data_)
        throw Error(Error::Kind::BadInput, where, "holds no complete event line (truncated: " + err + ")");
      if (!newline) {
        // The last line, cut short: what a killed run leaves behind. Report, skip, go on.
        RunData& r = *runs.last_data_;
        r.truncated = true;
        r.warnings.push_back(where + ": truncated last line skipped (" + err + ")");
        break;
      }
      throw Error(Error::Kind::BadInput, where, "not a JSON object: " + err);
    }
    Loader& l = runs.route(obj, in.line_number());
    ++runs.last_data_->lines;
    ++lines;
    l.line(obj, line, in.line_number());
  }
  if (lines == 0) {
    if (in.bytes_read() == 0) throw Error(Error::Kind::BadInput, path, "is empty");
    throw Error(Error::Kind::BadInput, path, "holds no event line");
  }
  return runs.finish();
}

RunData load_events(const std::string& path, bool keep_mem_series) {
  auto runs = load_event_runs(path, keep_mem_series);
  if (runs.size() != 1)
    throw Error(Error::Kind::BadInput, path, "holds " + std::to_string(runs.size()) + " runs, expected one");
  return std::move(runs.front());
}

std::string runs_note(const std::string& path, const std::vector<RunData>& runs) {
  std::string s = path + ": " + std::to_string(runs.size()) + " runs (";
  for (std::size_t i = 0; i < runs.size(); ++i) s += (i ? ", " : "") + runs[i].file.substr(path.size() + 1);
  return s + "), read as separate runs";
}

bool looks_like_events(const std::string& path) {
  LineReader in(path);
  std::string_view line;
  bool newline;
  while (in.next(line, newline)) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    FlatObject o;
    std::string err;
    return o.parse(line, err) && o.get("ev") && o.get("ts");
  }
  return false;
}

}  // namespace cuzk::stats
