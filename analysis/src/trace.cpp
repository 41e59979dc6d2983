#include "cuzk/stats/trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <queue>

#include "cuzk/util/error.hpp"
#include "cuzk/util/text_escape.hpp"

namespace cuzk::stats {

std::vector<std::size_t> pack_lanes(const std::vector<std::pair<double, double>>& iv) {
  std::vector<std::size_t> order(iv.size()), lane(iv.size());
  for (std::size_t i = 0; i < iv.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return iv[a].first < iv[b].first; });
  using Busy = std::pair<double, std::size_t>;  // (end, lane)
  std::priority_queue<Busy, std::vector<Busy>, std::greater<>> busy;
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> free_lanes;
  std::size_t lanes = 0;
  for (std::size_t i : order) {
    while (!busy.empty() && busy.top().first <= iv[i].first) {
      free_lanes.push(busy.top().second);
      busy.pop();
    }
    std::size_t l;
    if (!free_lanes.empty()) {
      l = free_lanes.top();
      free_lanes.pop();
    } else {
      l = lanes++;
    }
    lane[i] = l;
    busy.push({iv[i].second, l});
  }
  return lane;
}

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// JSON string escaping for the few strings we emit (sector ids, messages): their control bytes
// and invalid UTF-8 first shown as escape_text does (util/text_escape.hpp), so the trace is
// valid JSON and shows no raw control byte.
std::string esc(const std::string& raw) {
  std::string o;
  for (char c : escape_text(raw)) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", c);
          o += b;
        } else {
          o += c;
        }
    }
  }
  return o;
}

// Process ids of one run; a file's k-th run adds k * kPidRunStride (GPU pids stay below it).
constexpr int kPidMemory = 1, kPidSynth = 2, kPidQueue = 3, kPidWrite = 4, kPidGpu = 10, kPidRunStride = 100000;

// A number for the trace: "%.3f" (or `fmt`) when finite, else null (JSON has no inf or nan).
std::string num(double v, const char* fmt = "%.3f") {
  if (!std::isfinite(v)) return "null";
  char b[400];
  std::snprintf(b, sizeof b, fmt, v);
  return b;
}

struct Writer {
  std::FILE* o;
  std::size_t n = 0;
  bool first = true;
  void begin() {
    std::fputs(first ? "\n" : ",\n", o);
    first = false;
    ++n;
  }
  void meta(int pid, int tid, const char* what, const std::string& name) {
    begin();
    std::fprintf(o, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"%s\",\"args\":{\"name\":\"%s\"}}", pid, tid, what,
                 esc(name).c_str());
  }
  void run(const RunData& r, int base, const std::string& prefix);
};

}  // namespace

std::size_t write_trace(const std::vector<RunData>& runs, const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "w"));
  if (!f) throw Error(Error::Kind::Io, path, "cannot write");
  Writer w{f.get()};
  const std::string file = runs.empty() ? std::string() : runs.front().path;
  std::fputs("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"source\":\"cuzk-stats\",\"file\":\"", w.o);
  std::fputs(esc(file).c_str(), w.o);
  std::fputs("\"},\"traceEvents\":[", w.o);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const std::string id = runs[k].run.empty() ? std::to_string(k + 1) : runs[k].run;
    w.run(runs[k], int(k) * kPidRunStride, runs.size() > 1 ? "run " + id + ": " : std::string());
  }
  std::fputs("\n]}\n", w.o);
  if (std::ferror(w.o)) throw Error(Error::Kind::Io, path, "write failed");
  return w.n;
}

void Writer::run(const RunData& r, int base, const std::string& prefix) {
  const int kPidMemory = base + cuzk::stats::kPidMemory, kPidSynth = base + cuzk::stats::kPidSynth,
            kPidQueue = base + cuzk::stats::kPidQueue, kPidWrite = base + cuzk::stats::kPidWrite,
            kPidGpu = base + cuzk::stats::kPidGpu;
  auto begin = [&] { this->begin(); };
  auto meta = [&](int pid, int tid, const char* what, const std::string& name) {
    this->meta(pid, tid, what, tid == 0 ? prefix + name : name);
  };
  meta(kPidMemory, 0, "process_name", "memory");
  meta(kPidSynth, 0, "process_name", "synthesis");
  meta(kPidQueue, 0, "process_name", "queue (synthesis -> GPU)");
  meta(kPidWrite, 0, "process_name", "write");
  for (std::size_t d = 0; d < r.devices.size(); ++d) meta(kPidGpu + int(d), 0, "process_name", "GPU " + r.devices[d]);

  auto label = [&](const Span& s) {
    const std::string sec = s.seq < r.sector_by_seq.size() && !r.sector_by_seq[s.seq].empty()
                                ? r.sector_by_seq[s.seq] : "seq" + std::to_string(s.seq);
    return esc(sec) + "/p" + std::to_string(s.partition);
  };
  // Lanes for spans without a worker id (queue, write, and synth/gpu from producers without one).
  std::map<int, std::vector<std::size_t>> unlaned;  // pid → span indices
  std::map<std::pair<int, int>, bool> named;
  std::vector<int> tid(r.spans.size(), 0);
  std::vector<int> pid(r.spans.size(), 0);
  for (std::size_t i = 0; i < r.spans.size(); ++i) {
    const Span& s = r.spans[i];
    switch (s.stage) {
      case Stage::Synth: pid[i] = kPidSynth; break;
      case Stage::Queue: pid[i] = kPidQueue; break;
      case Stage::Gpu: pid[i] = kPidGpu + s.device; break;
      case Stage::Write: pid[i] = kPidWrite; break;
    }
    const bool has_worker = (s.stage == Stage::Synth || s.stage == Stage::Gpu) && s.worker != 0xFFFF;
    if (has_worker) tid[i] = s.worker + 1;
    else unlaned[pid[i]].push_back(i);
  }
  for (auto& [p, idx] : unlaned) {
    std::vector<std::pair<double, double>> iv;
    for (auto i : idx) iv.emplace_back(r.spans[i].t0, r.spans[i].t1);
    const auto lanes = pack_lanes(iv);
    for (std::size_t k = 0; k < idx.size(); ++k) tid[idx[k]] = int(lanes[k]) + 1;
  }
  for (std::size_t i = 0; i < r.spans.size(); ++i) {
    const auto key = std::make_pair(pid[i], tid[i]);
    if (named.count(key)) continue;
    named[key] = true;
    const char* what = r.spans[i].stage == Stage::Synth ? "synth worker "
                       : r.spans[i].stage == Stage::Gpu  ? "gpu worker "
                                                         : "lane ";
    meta(pid[i], tid[i], "thread_name", what + std::to_string(tid[i] - 1));
  }
  for (std::size_t i = 0; i < r.spans.size(); ++i) {
    const Span& s = r.spans[i];
    begin();
    std::fprintf(o,
                 "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s %s\",\"pid\":%d,\"tid\":%d,\"ts\":%s,\"dur\":%s,"
                 "\"args\":{\"seq\":%u,\"partition\":%u}}",
                 kStageNames[std::size_t(s.stage)].data(), kStageNames[std::size_t(s.stage)].data(), label(s).c_str(),
                 pid[i], tid[i], num(s.t0 * 1e6).c_str(), num((s.t1 - s.t0) * 1e6).c_str(), s.seq, s.partition);
  }
  // Key uploads on their device's timeline, a thread of their own (tid 0 is the process row).
  constexpr int kTidKeyUpload = 1000;
  std::vector<bool> upload_named(r.devices.size(), false);
  for (const auto& k : r.key_uploads) {
    if (!upload_named[k.device]) {
      meta(kPidGpu + int(k.device), kTidKeyUpload, "thread_name", "key upload");
      upload_named[k.device] = true;
    }
    begin();
    std::fprintf(o,
                 "{\"ph\":\"X\",\"cat\":\"key_upload\",\"name\":\"key upload\",\"pid\":%d,\"tid\":%d,"
                 "\"ts\":%s,\"dur\":%s,\"args\":{\"zkey\":\"%s\"}}",
                 kPidGpu + int(k.device), kTidKeyUpload, num(k.t0 * 1e6).c_str(), num((k.t1 - k.t0) * 1e6).c_str(),
                 esc(k.zkey).c_str());
  }
  for (const auto& m : r.mem) {
    begin();
    std::fprintf(o, "{\"ph\":\"C\",\"name\":\"rss\",\"pid\":%d,\"tid\":0,\"ts\":%s,\"args\":{\"bytes\":%s}}",
                 kPidMemory, num(m.ts * 1e6).c_str(), num(m.rss, "%.0f").c_str());
    begin();
    std::fprintf(o, "{\"ph\":\"C\",\"name\":\"inflight\",\"pid\":%d,\"tid\":0,\"ts\":%s,\"args\":{\"partitions\":%s}}",
                 kPidMemory, num(m.ts * 1e6).c_str(), num(m.inflight, "%.0f").c_str());
    begin();
    std::fprintf(o, "{\"ph\":\"C\",\"name\":\"reserved\",\"pid\":%d,\"tid\":0,\"ts\":%s,\"args\":{\"bytes\":%s}}",
                 kPidMemory, num(m.ts * 1e6).c_str(), num(m.reserved, "%.0f").c_str());
    if (m.gpu_used > 0) {
      begin();
      std::fprintf(o, "{\"ph\":\"C\",\"name\":\"gpu_used\",\"pid\":%d,\"tid\":0,\"ts\":%s,\"args\":{\"bytes\":%s}}",
                   kPidMemory, num(m.ts * 1e6).c_str(), num(m.gpu_used, "%.0f").c_str());
    }
  }
}

}  // namespace cuzk::stats
