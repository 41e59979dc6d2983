#include "cuzk/stats/first_proof.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace cuzk::stats {

std::string_view describe(PathStep s) {
  switch (s) {
    case PathStep::Start: return "start";
    case PathStep::KeyRead: return "key read";
    case PathStep::Synth: return "synthesis";
    case PathStep::Queue: return "queue";
    case PathStep::KeyUpload: return "waiting for the key's upload";
    case PathStep::Gpu: return "GPU";
    case PathStep::Write: return "write";
    case PathStep::Other: return "other";
  }
  return "?";
}

std::string_view to_string(PathStep s) {
  switch (s) {
    case PathStep::Start: return "start";
    case PathStep::KeyRead: return "key_read";
    case PathStep::Synth: return "synth";
    case PathStep::Queue: return "queue";
    case PathStep::KeyUpload: return "key_upload";
    case PathStep::Gpu: return "gpu";
    case PathStep::Write: return "write";
    case PathStep::Other: return "other";
  }
  return "?";
}

namespace {
// Spans this close count as touching (event times are rounded to the microsecond).
constexpr double kTouch = 1e-3;

const Span* span_of(const RunData& r, Stage st, std::uint32_t seq, std::uint32_t part) {
  const Span* found = nullptr;
  for (const auto& sp : r.spans)
    if (sp.stage == st && sp.seq == seq && sp.partition == part && (!found || sp.t1 > found->t1)) found = &sp;
  return found;  // the last one (a redone partition's final attempt)
}
}  // namespace

std::optional<FirstProofPath> first_proof_path(const RunData& r) {
  // The proof done first (proof_completions: its write's end, else its gpu end).
  const auto done = proof_completions(r);
  if (done.empty()) return std::nullopt;
  const auto first =
      std::min_element(done.begin(), done.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  const double end = first->second;
  FirstProofPath p;
  p.end = end;
  p.seq = std::uint32_t(first->first >> 32);
  p.partition = std::uint32_t(first->first);
  if (p.seq < r.sector_by_seq.size()) p.sector = r.sector_by_seq[p.seq];
  const Span* g = span_of(r, Stage::Gpu, p.seq, p.partition);
  const Span* s = span_of(r, Stage::Synth, p.seq, p.partition);
  const Span* q = span_of(r, Stage::Queue, p.seq, p.partition);
  const Span* w = span_of(r, Stage::Write, p.seq, p.partition);
  // The key's read its synthesis waited for: the last key_load span ending by the synthesis's start.
  const double s0 = s ? s->t0 : (q ? q->t0 : g->t0);
  for (const auto& k : r.key_loads)
    if (k.t1 <= s0 + kTouch && (!p.key_read || k.t1 > p.key_read->t1)) p.key_read = k;
  // The upload the gpu span waited for: on its device, overlapping the span, the last to end.
  for (const auto& u : r.key_uploads)
    if (u.device == g->device && u.t0 <= g->t1 && u.t1 > g->t0 && (!p.key_upload || u.t1 > p.key_upload->t1))
      p.key_upload = u;

  // The key's deferred checks (the read of its point arrays) that the upload waited for: the last
  // key_check span starting by the gpu span's end.
  for (const auto& c : r.key_checks)
    if (c.t0 <= g->t1 && (!p.key_check || c.t1 > p.key_check->t1)) p.key_check = c;

  std::vector<PathSegment> want;
  if (p.key_read) want.push_back({PathStep::KeyRead, p.key_read->t0, p.key_read->t1});
  if (s) want.push_back({PathStep::Synth, s->t0, s->t1});
  if (q) want.push_back({PathStep::Queue, q->t0, q->t1});
  // The span's wait for the key's sections: its key_wait where the event gives it (placed first:
  // the waits come before each MSM that needs a section, so this is their sum, not their order),
  // else up to the upload's end (the key_upload span may go on after the last section, building
  // H's window table, so its end alone can overstate the wait).
  double gpu0 = g->t0;
  if (g->key_wait >= 0) gpu0 = std::min(g->t1, g->t0 + double(g->key_wait));
  else if (p.key_upload) gpu0 = std::clamp(p.key_upload->t1, g->t0, g->t1);
  if (gpu0 > g->t0) want.push_back({PathStep::KeyUpload, g->t0, gpu0});
  want.push_back({PathStep::Gpu, gpu0, g->t1});
  if (w) want.push_back({PathStep::Write, w->t0, w->t1});
  // Tile [0, end]: each step from where the previous one ended (steps overlap by clock noise),
  // gaps as "other" (before the first step: "start").
  double at = 0;
  for (const auto& seg : want) {
    const double t0 = std::max(at, seg.t0), t1 = std::min(std::max(t0, seg.t1), end);
    if (t0 > at + kTouch) p.segments.push_back({p.segments.empty() ? PathStep::Start : PathStep::Other, at, t0});
    if (t1 > t0) p.segments.push_back({seg.step, t0, t1});
    at = std::max(at, t1);
  }
  if (end > at + kTouch) p.segments.push_back({PathStep::Other, at, end});
  std::array<double, 8> sum{};
  for (const auto& seg : p.segments) sum[std::size_t(seg.step)] += seg.t1 - seg.t0;
  for (std::size_t i = 0; i < sum.size(); ++i)
    if (sum[i] > p.bound_seconds) p.bound = PathStep(i), p.bound_seconds = sum[i];
  return p;
}

}  // namespace cuzk::stats
