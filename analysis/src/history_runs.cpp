// history's inputs: event runs and benchmark documents with their commit, start time and host;
// the commit order of `git log --first-parent`.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <string_view>

#include "cuzk/stats/history.hpp"
#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/run_set.hpp"
#include "cuzk/stats/stdin_input.hpp"
#include "cuzk/util/error.hpp"

extern char** environ;

namespace cuzk::stats {

namespace fs = std::filesystem;

std::uint32_t HistoryData::metric_index(const std::string& name, const std::string& unit, Better better) {
  for (std::size_t i = 0; i < metrics.size(); ++i)
    if (metrics[i].name == name) return std::uint32_t(i);
  metrics.push_back({name, unit, better});
  return std::uint32_t(metrics.size() - 1);
}

namespace {

std::string host_class(const std::string& host, const std::vector<std::string>& gpus) {
  std::string h = host.empty() ? "?" : host;
  if (gpus.empty()) return h;
  h += " (";
  for (std::size_t i = 0; i < gpus.size(); ++i) h += (i ? ", " : "") + gpus[i];
  return h + ")";
}

// "2026-12-03T23:45:01+00:00", "2026-12-03 23:45:01.5", "...Z" -> Unix seconds (no zone: UTC).
std::optional<double> parse_date(const std::string& s) {
  std::tm tm{};
  char sep = 0;
  int consumed = 0;
  if (std::sscanf(s.c_str(), "%4d-%2d-%2d%c%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &sep, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &consumed) != 7 ||
      (sep != 'T' && sep != ' '))
    return std::nullopt;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  double t = double(timegm(&tm));
  std::size_t i = std::size_t(consumed);
  if (i < s.size() && s[i] == '.')
    while (++i < s.size() && s[i] >= '0' && s[i] <= '9') {
    }
  int oh = 0, om = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-') && std::sscanf(s.c_str() + i + 1, "%2d:%2d", &oh, &om) == 2)
    t -= (s[i] == '+' ? 1 : -1) * double(oh * 3600 + om * 60);
  return t;
}

// Commit, host and date of a benchmark document: Google Benchmark's context (custom context keys
// for the commit), pyperf's metadata. Hyperfine writes none.
void bench_provenance(const std::string& path, HistoryRun& r) {
  const jf::Json j = jf::parse(read_input(path), path);
  if (!j.is_object()) return;
  const jf::Json* ctx = jf::opt_object(j, "context", path + ": context");
  if (!ctx) ctx = jf::opt_object(j, "metadata", path + ": metadata");
  if (!ctx) return;
  const std::string where = path + (j.contains("context") ? ": context" : ": metadata");
  auto text = [&](std::initializer_list<const char*> keys) -> std::string {
    for (const char* k : keys) {
      const jf::Json* v = jf::find(*ctx, k, where);
      if (v && v->is_string()) return v->get<std::string>();
    }
    return {};
  };
  r.commit = text({"git", "git_commit", "commit", "revision"});
  const std::string host = text({"host_name", "hostname", "host"});
  r.host = host_class(host, {});
  if (const auto t = parse_date(text({"date"}))) r.start = *t;
}

// A folder's *.jsonl and *.json files (not below), sorted; other inputs as given.
std::vector<std::string> expand(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const auto& p : inputs) {
    std::error_code ec;
    if (!fs::is_directory(p, ec)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(p, ec)) {
      const auto x = e.path().extension();
      if ((x == ".jsonl" || x == ".json") && e.is_regular_file(ec)) files.push_back(e.path().string());
    }
    if (ec) throw Error(Error::Kind::Io, p, "cannot list the folder: " + ec.message());
    if (files.empty()) throw Error(Error::Kind::BadInput, p, "a folder without *.jsonl or *.json files");
    std::sort(files.begin(), files.end());
    out.insert(out.end(), files.begin(), files.end());
  }
  return out;
}

void add_metrics(HistoryData& d, HistoryRun& r, const MetricSet& m) {
  for (const auto& mt : m.metrics) {
    const std::uint32_t i = d.metric_index(mt.name, mt.unit, mt.better);
    for (double v : mt.samples)
      if (std::isfinite(v)) r.values.emplace_back(i, v);
  }
}

void load_one(const std::string& path, const SummaryOptions& opt, HistoryData& d, std::map<std::string, std::string>& ids) {
  switch (detect_input(path)) {
    case InputKind::Events: {
      const auto runs = load_event_runs(path);
      if (runs.size() > 1) d.notes.push_back(runs_note(path, runs));
      for (const auto& rd : runs) {
        if (!rd.run.empty()) {
          const auto [it, fresh] = ids.emplace(rd.run, rd.file);
          if (!fresh) {
            d.warnings.push_back(rd.file + ": run " + rd.run + " was already read from " + it->second + "; read once");
            continue;
          }
        }
        HistoryRun r;
        r.source = rd.file;
        r.run = rd.run;
        r.events = true;
        r.commit = rd.prov.git;
        r.host = host_class(rd.prov.host, rd.prov.gpus);
        if (rd.prov.start_unix && std::isfinite(*rd.prov.start_unix)) r.start = *rd.prov.start_unix;
        else if (const double t = run_id_time(rd.run); std::isfinite(t)) r.start = t;
        add_metrics(d, r, reduce_run(summarize(rd, opt)));
        if (!rd.has_run_start) d.warnings.push_back(rd.file + ": no run_start: commit, host and start time unknown");
        d.runs.push_back(std::move(r));
      }
      return;
    }
    case InputKind::GoogleBenchmark: {
      HistoryRun r;
      r.source = path;
      r.host = "?";
      const MetricSet m = load_benchmark_json(path);
      bench_provenance(path, r);
      add_metrics(d, r, m);
      d.notes.insert(d.notes.end(), m.notes.begin(), m.notes.end());
      d.warnings.insert(d.warnings.end(), m.warnings.begin(), m.warnings.end());
      d.runs.push_back(std::move(r));
      return;
    }
    case InputKind::Csv:
    case InputKind::Baseline: throw Error(Error::Kind::BadInput, path, "history reads event files and benchmark JSON (no commit in CSV or baselines)");
  }
}

}  // namespace

HistoryData load_history(const std::vector<std::string>& inputs, const SummaryOptions& opt, bool strict) {
  HistoryData d;
  std::map<std::string, std::string> ids;
  for (const auto& path : expand(inputs)) {
    try {
      load_one(path, opt, d, ids);
    } catch (const Error& e) {
      if (strict || e.kind() == Error::Kind::Internal) throw;
      d.warnings.push_back(std::string(e.what()) + " (left out)");
    }
  }
  if (d.runs.empty())
    throw Error(Error::Kind::BadInput, inputs.empty() ? "history" : inputs.front(),
                "no run could be read" + (d.warnings.empty() ? std::string() : " (" + d.warnings.front() + ")"));
  return d;
}

std::vector<std::string> first_parent_commits(const std::string& git_dir) {
  std::error_code ec;
  if (!fs::is_directory(git_dir, ec)) throw Error(Error::Kind::BadInput, git_dir, "not a git repository (not a folder)");
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw Error(Error::Kind::Io, git_dir, "cannot run git (pipe)");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  // argv only, no shell: the folder is one argument whatever it holds. The repository is not
  // trusted either: --no-show-signature so that its config (log.showSignature + gpg.program) runs
  // no program, and "--" so that a work-tree file named HEAD is not taken for a path.
  std::vector<std::string> args{"git", "-C", git_dir, "log", "--no-show-signature", "--first-parent", "--format=%H",
                                "HEAD", "--"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The environment without the variables that would point git at another repository than
  // git_dir (GIT_DIR set by a hook or a CI step overrides -C).
  std::vector<char*> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view v(*e);
    bool elsewhere = false;
    for (const char* k : {"GIT_DIR=", "GIT_WORK_TREE=", "GIT_COMMON_DIR=", "GIT_OBJECT_DIRECTORY=",
                          "GIT_ALTERNATE_OBJECT_DIRECTORIES=", "GIT_NAMESPACE="})
      elsewhere = elsewhere || v.rfind(k, 0) == 0;
    if (!elsewhere) env.push_back(*e);
  }
  env.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, "git", &fa, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&fa);
  ::close(out[1]);
  std::string text;
  if (rc == 0) {
    char buf[65536];
    ssize_t n;
    while ((n = ::read(out[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
      if (n > 0 && text.size() < (std::size_t(256) << 20)) text.append(buf, std::size_t(n));
  }
  ::close(out[0]);
  int status = 0;
  if (rc == 0)
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  if (rc != 0) throw Error(Error::Kind::BadInput, git_dir, "cannot run git (is it installed?)");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error(Error::Kind::BadInput, git_dir, "not a git repository (git log --first-parent failed)");
  std::vector<std::string> commits;
  std::size_t a = 0;
  while (a < text.size()) {
    std::size_t b = text.find('\n', a);
    if (b == std::string::npos) b = text.size();
    if (b > a) commits.push_back(text.substr(a, b - a));
    a = b + 1;
  }
  std::reverse(commits.begin(), commits.end());
  return commits;
}

}  // namespace cuzk::stats
