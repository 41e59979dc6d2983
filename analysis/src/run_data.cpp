#include "cuzk/stats/run_data.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
#include <unordered_map>

#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/line_reader.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/event_schema.hpp"
#include "event_sources.hpp"

namespace cuzk::stats {

namespace {

constexpr std::size_t kMaxErrorMessages = 10;

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
    const LineSource src(path_, lineno, o);
    const double ts = src.number("ts");
    const std::string_view ev_text = src.text("ev");
    if (ts + 1e-9 < r_.last_ts) ++backwards_;
    r_.last_ts = std::max(r_.last_ts, ts);
    const auto kind = events::kind_of(ev_text);
    if (!kind) {
      ++unknown_;
      return;
    }
    switch (*kind) {
      case events::Kind::Mem: return mem(src, ts);
      case events::Kind::Synth: return span(read_as<events::Synth>(src), Stage::Synth);
      case events::Kind::Queue: return void(span(read_as<events::Span>(src), Stage::Queue));
      case events::Kind::Gpu: return gpu(read_as<events::Gpu>(src));
      case events::Kind::Write: return void(span(read_as<events::Span>(src), Stage::Write));
      case events::Kind::SectorStart: return sector_start(read_as<events::SectorStart>(src), ts);
      case events::Kind::SectorEnd: return sector_end(read_as<events::SectorEnd>(src), ts);
      case events::Kind::Error: return error(src);
      case events::Kind::RunStart: return run_start(raw);
      case events::Kind::RunEnd: return run_end(read_as<events::RunEnd>(src));
      // Producer additions: the key spans are drawn by trace and report; skip and redo are
      // known and used by no statistic.
      case events::Kind::KeyUpload: return key_upload(read_as<events::KeyUpload>(src));
      case events::Kind::KeyLoad: return key_load(read_as<events::KeyLoad>(src));
      case events::Kind::KeyCheck: return key_check(read_as<events::KeyCheck>(src));
      case events::Kind::Skip:
      case events::Kind::Redo: return;
    }
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
  template <class E>
  static E read_as(const events::Source& src) {
    E e;
    events::read(src, e);
    return e;
  }
  std::string where() const { return path_ + ":" + std::to_string(lineno_); }

  void remember_sector(std::uint32_t seq, std::string_view name) {
    if (seq > 100000000) return;  // seq is dense in practice; do not allocate for absurd values
    if (r_.sector_by_seq.size() <= seq) r_.sector_by_seq.resize(seq + 1);
    if (r_.sector_by_seq[seq].empty()) r_.sector_by_seq[seq] = std::string(name);
  }

  std::uint16_t device(const events::DeviceId& id) {
    std::string label = events::label(id);
    for (std::size_t i = 0; i < r_.devices.size(); ++i)
      if (r_.devices[i] == label) return std::uint16_t(i);
    if (r_.devices.size() >= 0xFFFF) throw Error(Error::Kind::BadInput, where(), "too many devices");
    r_.devices.push_back(std::move(label));
    return std::uint16_t(r_.devices.size() - 1);
  }

  Span& span(const events::Span& e, Stage st, std::optional<std::uint32_t> worker = std::nullopt) {
    Span s{};
    s.t0 = e.t0;
    s.t1 = e.t1;
    s.seq = e.seq;
    s.partition = e.partition;
    s.stage = st;
    s.key_wait = -1;
    s.worker = worker ? std::uint16_t(std::min<std::uint32_t>(*worker, 65534)) : 0xFFFF;
    if (!e.sector.empty()) remember_sector(s.seq, e.sector);
    if (st == Stage::Write) r_.write_end.emplace_back(key_of(s), s.t1);
    r_.spans.push_back(s);
    return r_.spans.back();
  }
  void span(const events::Synth& e, Stage st) { span(static_cast<const events::Span&>(e), st, e.worker); }
  static std::uint64_t key_of(const Span& s) { return (std::uint64_t(s.seq) << 32) | s.partition; }

  void gpu(const events::Gpu& e) {
    Span& s = span(e, Stage::Gpu, e.worker);
    s.device = device(e.device);
    if (e.key_wait) s.key_wait = float(*e.key_wait);
    const std::optional<double> sub[] = {e.lock_wait, e.h2d, e.ntt, e.msm_g1, e.msm_g2, e.d2h};  // Series order
    for (std::size_t i = 0; i < std::size(sub); ++i)
      if (sub[i]) r_.series[i].push_back(*sub[i]);
    r_.gpu_end.emplace_back(key_of(s), s.t1);
  }

  void key_upload(const events::KeyUpload& e) { r_.key_uploads.push_back({e.t0, e.t1, device(e.device), e.zkey, e.bytes}); }

  void key_check(const events::KeyCheck& e) { r_.key_checks.push_back({e.t0, e.t1, e.bytes, e.path}); }
  void key_load(const events::KeyLoad& e) { r_.key_loads.push_back({e.t0, e.t1, e.bytes, e.source, e.path}); }

  void mem(const events::Source& src, double ts) {
    ++r_.mem_samples;
    const auto m = read_as<events::Mem>(src);
    const double gpu_used = m.gpu_used.value_or(0);
    if (m.rss > r_.peak_rss) {
      r_.peak_rss = m.rss;
      r_.peak_rss_ts = ts;
    }
    r_.max_inflight = std::max(r_.max_inflight, m.inflight);
    r_.max_reserved = std::max(r_.max_reserved, m.reserved);
    r_.peak_gpu_used = std::max(r_.peak_gpu_used, gpu_used);
    if (m.rss_anon) r_.peak_rss_anon = std::max(r_.peak_rss_anon.value_or(0), *m.rss_anon);
    if (m.rss_file) r_.peak_rss_file = std::max(r_.peak_rss_file.value_or(0), *m.rss_file);
    if (keep_mem_) r_.mem.push_back({ts, m.rss, m.inflight, m.reserved, gpu_used, m.rss_anon, m.rss_file});
  }

  void sector_start(const events::SectorStart& e, double ts) {
    ++r_.sectors_started;
    if (e.seq) remember_sector(*e.seq, e.sector);
    open_sectors_[e.sector] = ts;
  }

  void sector_end(const events::SectorEnd& e, double ts) {
    using St = events::SectorStatus;
    (e.status == St::Failed ? r_.sectors_failed : e.status == St::Skipped ? r_.sectors_skipped : r_.sectors_ok)++;
    auto it = open_sectors_.find(e.sector);
    if (it == open_sectors_.end()) {
      r_.warnings.push_back(where() + ": sector_end for '" + e.sector + "' without sector_start");
      return;
    }
    if (e.status != St::Skipped) r_.series[std::size_t(Series::Sector)].push_back(ts - it->second);
    open_sectors_.erase(it);
  }

  void error(const events::Source& src) {
    ++r_.errors;
    if (r_.error_messages.size() < kMaxErrorMessages) {  // the rest are counted, not read
      const auto e = read_as<events::ErrorEvent>(src);
      std::string msg = e.sector;
      if (e.partition) msg += "/p" + std::to_string(*e.partition);
      msg += ": ";
      // One line per message: a producer's message with a newline must not break the report's lines.
      for (char c : e.message) msg += (c == '\n' || c == '\r') ? ' ' : c;
      r_.error_messages.push_back(std::move(msg));
    }
  }

  void run_start(std::string_view raw) {
    const std::string w = where();
    const jf::Json j = jf::parse(raw, w);
    r_.has_run_start = true;
    auto& p = r_.prov;
    events::RunStart e;
    events::read(TreeSource(j, w), e);
    p.schema = int(e.schema);
    if (p.schema != 1 && p.schema != 2)
      r_.warnings.push_back("event schema " + std::to_string(p.schema) + ", this reader knows 1 and 2");
    p.version = e.version;
    p.git = e.git.value_or("");
    p.host = e.host;
    p.start_unix = e.start_unix;
    p.cpus = int(e.cpus);
    if (const jf::Json* g = jf::opt_array(j, "gpus", w)) {
      std::size_t i = 0;
      for (const auto& x : *g) {
        const std::string wi = w + ": gpus[" + std::to_string(i++) + "]";
        p.gpus.push_back(jf::opt_string(jf::object(x, wi), "name", wi).value_or("?"));
      }
    }
    if (const jf::Json* cv = jf::opt_array(j, "curves", w)) {
      std::size_t i = 0;
      for (const auto& x : *cv) p.curves.push_back(jf::as_string(x, w + ": curves[" + std::to_string(i++) + "]"));
    }
    if (const jf::Json* c = jf::opt_object(j, "config", w)) {
      p.config = *c;
      r_.mem_budget = config_bytes(*c, "mem_budget");
      r_.host_reserved = config_bytes(*c, "host_reserved");
    }
    if (const jf::Json* a = jf::opt_array(j, "argv", w)) p.argv = *a;
  }

  void run_end(const events::RunEnd& e) {
    r_.has_run_end = true;
    r_.end_proofs = e.proofs;
    r_.end_failures = e.failures;
    r_.end_wall = e.wall;
    r_.end_s_per_proof = e.s_per_proof;
    r_.end_peak_rss = e.peak_rss;
    r_.end_peak_rss_anon = e.peak_rss_anon;
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
    const bool start = ev && ev->type == FlatValue::Type::String && ev->text == events::name(events::Kind::RunStart);
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

std::vector<std::pair<std::uint64_t, double>> proof_completions(const RunData& r) {
  auto done = r.gpu_end;
  auto wr = r.write_end;
  std::sort(done.begin(), done.end());
  std::sort(wr.begin(), wr.end());
  std::size_t j = 0;
  for (auto& [key, t] : done) {
    while (j < wr.size() && wr[j].first < key) ++j;
    std::size_t last = j;  // equal keys sort by time: the last of them is the latest write
    while (last < wr.size() && wr[last].first == key) ++last;
    if (last > j) t = wr[last - 1].second;
  }
  return done;  // still sorted: equal keys got the same time
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
