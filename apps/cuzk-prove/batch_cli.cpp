// `cuzk-prove batch [options] SECTOR.json...`: options → BatchConfig, devices from the
// backend factory, then run_batch. Usage errors throw cuzk::Error(BadInput) (exit 2).
#include "batch_cli.hpp"

#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "backends.hpp"
#include "cuzk/pipeline/batch.hpp"
#include "cuzk/util/error.hpp"

namespace pl = cuzk::pipeline;
using cuzk::Error;

namespace {

struct BatchArgs {
  std::vector<std::string> sectors;
  pl::BatchConfig cfg;
  std::string max_inflight = "auto", mem_budget = "auto", queue_depth = "auto";
  std::string early_free = "on", hold_permit = "on", progress = "auto";
  std::string devices;
};

bool on_off(const std::string& v, const char* opt) {
  if (v == "on") return true;
  if (v == "off") return false;
  cuzk::fail(Error::Kind::BadInput, "", std::string(opt) + ": expected on or off, got \"" + v + "\"");
}

unsigned count_or_auto(const std::string& v, const char* opt) {
  if (v == "auto") return 0;
  try {
    std::size_t pos = 0;
    unsigned long n = std::stoul(v, &pos);
    if (pos == v.size() && n > 0 && n < (1ul << 20)) return unsigned(n);
  } catch (const std::exception&) {
  }
  cuzk::fail(Error::Kind::BadInput, "", std::string(opt) + ": expected a positive integer or auto, got \"" + v + "\"");
}

std::vector<int> parse_devices(const std::string& s) {
  std::vector<int> out;
  if (s.empty() || s == "all") return out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      std::size_t pos = 0;
      int i = std::stoi(item, &pos);
      if (pos != item.size() || i < 0) throw std::invalid_argument(item);
      out.push_back(i);
    } catch (const std::exception&) {
      cuzk::fail(Error::Kind::BadInput, "", "--devices: \"" + s + "\" is not a comma-separated list of indices");
    }
  }
  return out;
}

// The command line as the kernel has it (CLI11 does not keep argv).
std::vector<std::string> self_argv() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> out;
  std::string a;
  while (std::getline(in, a, '\0')) out.push_back(a);
  return out;
}

// git revision of the checkout the binary was built in (build folders live inside it),
// "" when unknown: no git, or a binary installed elsewhere.
std::string git_revision() {
#ifdef CUZK_GIT_REV
  return CUZK_GIT_REV;
#else
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  std::string cmd = "git -C '" + exe.parent_path().string() + "' describe --always --dirty 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  if (!p) return "";
  char buf[128] = {};
  if (!std::fgets(buf, sizeof buf, p.get())) return "";
  std::string s(buf);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
#endif
}

std::vector<std::string> expand_sector_args(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const auto& a : args) {
    if (a != "-") {
      out.push_back(a);
      continue;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      if (!line.empty()) out.push_back(line);
    }
  }
  if (out.empty()) cuzk::fail(Error::Kind::BadInput, "", "batch: no sector files given");
  return out;
}

int run(BatchArgs& a) {
  pl::BatchConfig& c = a.cfg;
  c.max_inflight = count_or_auto(a.max_inflight, "--max-inflight");
  if (a.mem_budget != "auto") {
    c.mem_budget = pl::parse_bytes(a.mem_budget);
    if (c.mem_budget == 0) cuzk::fail(Error::Kind::BadInput, "", "--mem-budget must be > 0");
  }
  if (a.queue_depth == "unbounded") {
    c.bounded_queue = false;
    c.queue_depth_source = "unbounded";
  } else {
    c.queue_depth = count_or_auto(a.queue_depth, "--queue-depth");
  }
  c.early_free = on_off(a.early_free, "--early-free");
  c.hold_permit = on_off(a.hold_permit, "--hold-permit");
  c.progress = a.progress == "on" ? pl::Progress::On : a.progress == "off" ? pl::Progress::Off : pl::Progress::Auto;
  if (!(c.mem_interval > 0)) cuzk::fail(Error::Kind::BadInput, "", "--mem-interval must be > 0");
  auto devices = make_devices(c.backend, parse_devices(a.devices));
  auto files = expand_sector_args(a.sectors);
#if defined(__GLIBC__)
  // A fixed mmap threshold: every large buffer (a/b/c, witnesses, key sections) gets its own
  // mapping and goes back to the OS when freed, so RSS follows the early free. (glibc's
  // dynamic threshold would otherwise grow and keep freed vectors in the heap.)
  mallopt(M_MMAP_THRESHOLD, 256 << 10);
#endif
  pl::RunInfo info{self_argv(), git_revision()};
  pl::BatchResult r = pl::run_batch(c, files, std::move(devices), info);
  std::printf("batch: %u proven, %u resumed, %u failed (%u sectors ok, %u failed, %u skipped) in %.3f s", r.proofs,
              r.skipped, r.failures, r.sectors_ok, r.sectors_failed, r.sectors_skipped, r.wall);
  if (r.proofs) std::printf(", %.3f s/proof", r.wall / r.proofs);
  std::printf(", peak RSS %.1f MiB; events %s\n", double(r.peak_rss) / (1 << 20), c.events_file().c_str());
  std::fflush(stdout);
  return r.exit_code();
}

}  // namespace

void add_batch_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BatchArgs>();
  auto* b = app.add_subcommand(
      "batch",
      "Prove many sectors x partitions through the flow-graph pipeline.\n"
      "Sector file: {\"sector\": ID, \"zkey\": PATH, \"partitions\": [{\"witness\": PATH}, ...]} (paths relative "
      "to the file).\nOutputs DIR/<sector>/p<i>.proof.json + p<i>.public.json, and DIR/<sector>.proof (192-byte "
      "proofs concatenated) when every partition succeeded.\nExit 0 all proofs ok, 1 some sector failed (the others "
      "are still proven), 2 bad usage.");
  b->add_option("sectors", a->sectors, "sector files (JSON); '-' reads sector file paths from stdin, one a line")
      ->required();
  b->add_option("--out", a->cfg.out_dir, "output folder DIR")->capture_default_str();
  b->add_option("--events", a->cfg.events_path, "JSON-lines event file (default DIR/events.jsonl; docs/events.md)");
  b->add_option("--synth-workers", a->cfg.synth_workers, "partitions synthesised at once")->capture_default_str()
      ->check(CLI::Range(1u, 1024u));
  b->add_option("--max-inflight", a->max_inflight,
                "partition permits N|auto: admitted and not yet past the GPU stage (auto: synth + GPU workers + 1, "
                "capped by what the budget holds)")
      ->capture_default_str();
  b->add_option("--mem-budget", a->mem_budget,
                "bytes reservable for keys + partitions: BYTES (K/M/G/T suffixes) or auto (= --budget-fraction x "
                "MemAvailable)")
      ->capture_default_str();
  b->add_option("--budget-fraction", a->cfg.mem_budget_fraction, "fraction of MemAvailable used by --mem-budget auto")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.0));
  b->add_option("--queue-depth", a->queue_depth,
                "synthesis -> GPU hand-off capacity N|auto|unbounded (auto: max(GPU workers, min(budget fit, 32)))")
      ->capture_default_str();
  b->add_option("--early-free", a->early_free, "on|off: free a/b/c as soon as the backend no longer needs them")
      ->capture_default_str();
  b->add_option("--hold-permit", a->hold_permit,
                "on|off: hold the permit and byte reservation until the GPU stage is done (off: release at synthesis "
                "end; for comparisons only)")
      ->capture_default_str();
  b->add_option("--backend", a->cfg.backend, "auto|cpu|cuda")->capture_default_str();
  b->add_option("--devices", a->devices, "device indices, e.g. 0,1 (default: all visible GPUs; cpu: one stand-in)");
  b->add_option("--workers-per-device", a->cfg.workers_per_device,
                "GPU-node workers per device (a mutex around device work only)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  b->add_option("--write-workers", a->cfg.write_workers, "assemble/verify/write concurrency")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  b->add_flag("--verify", a->cfg.verify, "verify each proof before writing it (an invalid proof fails its partition)");
  b->add_flag("--resume", a->cfg.resume,
              "keep partitions whose proof files exist and verify; recompute incomplete/invalid ones");
  b->add_option("--seed", a->cfg.seed, "TEST ONLY: reproducible blinding from this seed (NOT zero-knowledge)");
  b->add_option("--progress", a->progress, "auto|on|off: progress bar on stderr (auto: when stderr is a terminal)")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "on", "off"}));
  b->add_option("--mem-interval", a->cfg.mem_interval, "seconds between mem samples in the events")
      ->capture_default_str();
  b->callback([a, &exit_code] { exit_code = run(*a); });
}
