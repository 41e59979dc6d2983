#include "cuzk/stats/run_data.hpp"

#include <cmath>
#include <unordered_map>

#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/line_reader.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

constexpr std::size_t kMaxErrorMessages = 10;

class Loader {
public:
  Loader(RunData& run, bool keep_mem) : r_(run), keep_mem_(keep_mem) {}

  void line(const FlatObject& o, std::string_view raw, std::size_t lineno) {
    lineno_ = lineno;
    const double ts = number(o, "ts");
    const FlatValue* ev = o.get("ev");
    if (!ev || ev->type != FlatValue::Type::String) bad("missing string field 'ev'");
    if (ts + 1e-9 < r_.last_ts) ++backwards_;
    r_.last_ts = std::max(r_.last_ts, ts);
    const std::string_view e = ev->text;
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
  std::string where() const { return r_.file + ":" + std::to_string(lineno_); }
  [[noreturn]] void bad(const std::string& msg) const { throw Error(Error::Kind::BadInput, where(), msg); }

  double number(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type != FlatValue::Type::Number) bad("missing numeric field '" + std::string(key) + "'");
    return v->number;
  }
  double number_or(const FlatObject& o, std::string_view key, double dflt) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type == FlatValue::Type::Null) return dflt;
    if (v->type != FlatValue::Type::Number) bad("field '" + std::string(key) + "' is not a number");
    return v->number;
  }
  std::uint32_t index(const FlatObject& o, std::string_view key) const {
    const double v = number(o, key);
    if (v < 0 || v > 4294967295.0 || v != std::floor(v))
      bad("field '" + std::string(key) + "' is not a non-negative integer");
    return std::uint32_t(v);
  }
  std::string_view text(const FlatObject& o, std::string_view key) const {
    const FlatValue* v = o.get(key);
    if (!v || v->type != FlatValue::Type::String) bad("missing string field '" + std::string(key) + "'");
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
    else if (v->type == FlatValue::Type::Number) label = std::to_string(std::int64_t(v->number));
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
    if (const FlatValue* w = o.get("worker"); w && w->type == FlatValue::Type::Number)
      s.worker = std::uint16_t(std::min(w->number, 65534.0));
    if (const FlatValue* sec = o.get("sector"); sec && sec->type == FlatValue::Type::String)
      remember_sector(s.seq, sec->text);
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
    if (const FlatValue* z = o.get("zkey"); z && z->type == FlatValue::Type::String) k.zkey = std::string(z->text);
    r_.key_uploads.push_back(std::move(k));
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
    if (keep_mem_) r_.mem.push_back({ts, rss, inflight, reserved, gpu_used});
  }

  void sector_start(const FlatObject& o, double ts) {
    const std::string_view name = text(o, "sector");
    ++r_.sectors_started;
    if (const FlatValue* q = o.get("seq"); q && q->type == FlatValue::Type::Number) remember_sector(index(o, "seq"), name);
    open_sectors_[std::string(name)] = ts;
  }

  void sector_end(const FlatObject& o, double ts) {
    const std::string name(text(o, "sector"));
    const FlatValue* st = o.get("status");
    const std::string_view status = st && st->type == FlatValue::Type::String ? st->text : "ok";
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
      const FlatValue* m = o.get("message");
      const FlatValue* s = o.get("sector");
      std::string msg = s && s->type == FlatValue::Type::String ? std::string(s->text) : std::string("?");
      if (const FlatValue* p = o.get("partition"); p && p->type == FlatValue::Type::Number)
        msg += "/p" + std::to_string(std::int64_t(p->number));
      msg += ": ";
      msg += m && m->type == FlatValue::Type::String ? std::string(m->text) : std::string("(no message)");
      r_.error_messages.push_back(std::move(msg));
    }
  }

  void run_start(std::string_view raw) {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(raw);
    } catch (const nlohmann::json::exception& e) {
      bad(std::string("run_start: ") + e.what());
    }
    r_.has_run_start = true;
    auto& p = r_.prov;
    p.schema = j.value("schema", 0);
    if (p.schema != 1) r_.warnings.push_back("event schema " + std::to_string(p.schema) + ", this reader knows 1");
    auto str = [&](const char* k) { return j.contains(k) && j[k].is_string() ? j[k].get<std::string>() : std::string(); };
    p.version = str("version");
    p.git = str("git");
    p.host = str("host");
    p.cpus = j.contains("cpus") && j["cpus"].is_number_integer() ? j["cpus"].get<int>() : 0;
    if (j.contains("gpus") && j["gpus"].is_array())
      for (const auto& g : j["gpus"])
        p.gpus.push_back(g.is_object() && g.contains("name") && g["name"].is_string() ? g["name"].get<std::string>()
                                                                                     : std::string("?"));
    if (j.contains("config") && j["config"].is_object()) p.config = j["config"];
    if (j.contains("argv") && j["argv"].is_array()) p.argv = j["argv"];
  }

  void run_end(const FlatObject& o) {
    r_.has_run_end = true;
    r_.end_proofs = number_or(o, "proofs", 0);
    r_.end_failures = number_or(o, "failures", 0);
    r_.end_wall = number_or(o, "wall", 0);
    r_.end_s_per_proof = number_or(o, "s_per_proof", 0);
    r_.end_peak_rss = number_or(o, "peak_rss", 0);
  }

  RunData& r_;
  bool keep_mem_;
  std::size_t lineno_ = 0;
  std::size_t backwards_ = 0, unknown_ = 0;
  std::unordered_map<std::string, double> open_sectors_;
};

}  // namespace

RunData load_events(const std::string& path, bool keep_mem_series) {
  RunData run;
  run.file = path;
  LineReader in(path);
  Loader loader(run, keep_mem_series);
  FlatObject obj;
  std::string err;
  std::string_view line;
  bool newline = true;
  while (in.next(line, newline)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    ++run.lines;
    if (!obj.parse(line, err)) {
      const std::string where = path + ":" + std::to_string(in.line_number());
      if (!newline) {
        // The last line, cut short: what a killed run leaves behind. Report, skip, go on.
        run.truncated = true;
        run.warnings.push_back(where + ": truncated last line skipped (" + err + ")");
        --run.lines;
        break;
      }
      throw Error(Error::Kind::BadInput, where, "not a JSON object: " + err);
    }
    loader.line(obj, line, in.line_number());
  }
  loader.finish();
  return run;
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
