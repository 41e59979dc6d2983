// What the first proof waited for (first_proof.hpp): hand-written runs whose every segment is
// worked out in the comments, and the summary's line and JSON.
#include <doctest/doctest.h>

#include <string>

#include "cuzk/stats/first_proof.hpp"
#include "cuzk/stats/render.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "event_lines.hpp"

using namespace cuzk::stats;

namespace {
using cuzk::test::run_of;  // a run of sector "s" (seq 0) on device 0, from its events' lines
using cuzk::test::span;
std::string gpu(double t0, double t1, int part, const std::string& extra = "") {
  return span("gpu", t0, t1, part, ",\"device\":0,\"worker\":0,\"lock_wait\":0" + extra);
}
void check_segment(const PathSegment& s, PathStep step, double t0, double t1) {
  CHECK(s.step == step);
  CHECK(s.t0 == doctest::Approx(t0));
  CHECK(s.t1 == doctest::Approx(t1));
}
}  // namespace

TEST_CASE("first proof path: a cold key, bound by its read") {
  // Key read 0.01–6.50 s (13 GB), upload 6.50–7.90 (12 GB). p0: synthesis 6.50–7.20, queue 7.20–7.21,
  // gpu 7.25–8.00 of which 0.65 s waiting for the key's sections, write 8.00–8.03. p1 finishes later.
  const RunData r = run_of(
      "cold.jsonl",
      R"({"ts":6.5,"ev":"key_load","t0":0.01,"t1":6.5,"source":"prepared","bytes":13000000000,"path":"k.zkey"})"
      "\n" R"({"ts":7.9,"ev":"key_upload","t0":6.5,"t1":7.9,"device":0,"zkey":"k.zkey","bytes":12000000000})"
      "\n" +
          span("synth", 6.5, 7.2, 0, ",\"worker\":0") + span("synth", 6.5, 7.3, 1, ",\"worker\":1") +
          span("queue", 7.2, 7.21, 0) + gpu(7.25, 8.0, 0, ",\"key_wait\":0.65") + span("write", 8.0, 8.03, 0) +
          span("queue", 7.3, 8.0, 1) + gpu(8.0, 8.26, 1, ",\"key_wait\":0") + span("write", 8.26, 8.3, 1));
  const auto p = first_proof_path(r);
  REQUIRE(p);
  CHECK(p->end == doctest::Approx(8.03));
  CHECK(p->partition == 0);
  CHECK(p->sector == "s");
  REQUIRE(p->segments.size() == 8);
  check_segment(p->segments[0], PathStep::Start, 0, 0.01);
  check_segment(p->segments[1], PathStep::KeyRead, 0.01, 6.5);
  check_segment(p->segments[2], PathStep::Synth, 6.5, 7.2);
  check_segment(p->segments[3], PathStep::Queue, 7.2, 7.21);
  check_segment(p->segments[4], PathStep::Other, 7.21, 7.25);  // the device's preparation and lock
  check_segment(p->segments[5], PathStep::KeyUpload, 7.25, 7.9);
  check_segment(p->segments[6], PathStep::Gpu, 7.9, 8.0);
  check_segment(p->segments[7], PathStep::Write, 8.0, 8.03);
  CHECK(p->bound == PathStep::KeyRead);
  CHECK(p->bound_seconds == doctest::Approx(6.49));
  REQUIRE(p->key_read);
  CHECK(p->key_read->bytes == doctest::Approx(13e9));
  REQUIRE(p->key_upload);
  CHECK(p->key_upload->bytes == doctest::Approx(12e9));

  SummaryOptions opt;
  const RunSummary s = summarize(r, opt);
  REQUIRE(s.first_path);
  const std::string text = render_summary({s}, {}, Format::Text, PercentileMethod::Linear, 0.95);
  CHECK(text.find("first proof at 8.03 s (sector s p0) waited for: start 0.000–0.010 s · key read 0.010–6.500 s") !=
        std::string::npos);
  CHECK(text.find("most of it: key read 6.49 s (80.8%)") != std::string::npos);
  CHECK(text.find("the key's read (prepared) 6.49 s, 12.11 GiB at 1.866 GiB/s") != std::string::npos);
  CHECK(text.find("its upload 6.500–7.900 s, 11.18 GiB at 7.983 GiB/s") != std::string::npos);
  const std::string json = render_summary({s}, {}, Format::Json, PercentileMethod::Linear, 0.95);
  CHECK(json.find(R"("bound": "key_read")") != std::string::npos);
}

TEST_CASE("first proof path: a warm key, bound by the wait for its upload; an older file without key_wait") {
  // Key read 0–0.35 s; p0 synthesis 0.35–0.95, gpu 0.97–1.75 of which 0.70 s waiting, write 1.75–1.79.
  const std::string common =
      R"({"ts":0.35,"ev":"key_load","t0":0,"t1":0.35,"source":"standalone","bytes":13000000000,"path":"k.cuzkpk"})"
      "\n" R"({"ts":1.8,"ev":"key_upload","t0":0.35,"t1":1.8,"device":0,"zkey":"k.cuzkpk"})"
      "\n" +
      span("synth", 0.35, 0.95, 0, ",\"worker\":0") + span("queue", 0.95, 0.95, 0) + span("write", 1.75, 1.79, 0);
  const RunData r = run_of("warm.jsonl", common + gpu(0.97, 1.75, 0, ",\"key_wait\":0.7"));
  const auto p = first_proof_path(r);
  REQUIRE(p);
  CHECK(p->bound == PathStep::KeyUpload);
  CHECK(p->bound_seconds == doctest::Approx(0.7));
  // start 0–0 is dropped (zero length), a queue of zero length too: key read, synth, other, upload, gpu, write.
  REQUIRE(p->segments.size() == 6);
  check_segment(p->segments[2], PathStep::Other, 0.95, 0.97);
  check_segment(p->segments[3], PathStep::KeyUpload, 0.97, 1.67);
  check_segment(p->segments[4], PathStep::Gpu, 1.67, 1.75);
  CHECK(p->key_upload->bytes == 0);  // not in the event: no rate printed
  // The same span without key_wait (files before it): the wait is taken up to the upload's end,
  // which here lies past the span (H's table built after the last section): the whole span.
  const auto q = first_proof_path(run_of("warm-old.jsonl", common + gpu(0.97, 1.75, 0)));
  REQUIRE(q);
  check_segment(q->segments[3], PathStep::KeyUpload, 0.97, 1.75);
  CHECK(q->segments.back().step == PathStep::Write);
  // A completion without a write (the gpu end) and no key events at all: start, synthesis, GPU.
  const auto n = first_proof_path(run_of("bare.jsonl", span("synth", 0.2, 0.9, 0, ",\"worker\":0") + gpu(0.9, 1.2, 0)));
  REQUIRE(n);
  CHECK(n->end == doctest::Approx(1.2));
  REQUIRE(n->segments.size() == 3);
  check_segment(n->segments[0], PathStep::Start, 0, 0.2);
  CHECK(n->bound == PathStep::Synth);
  CHECK_FALSE(n->key_read);
  // No gpu span: no path.
  CHECK_FALSE(first_proof_path(run_of("none.jsonl", span("synth", 0.2, 0.9, 0, ",\"worker\":0"))));
}

TEST_CASE("first proof path: a cold key checked after its load (key_check): the read's rate is the checks'") {
  // key_load 0.01–1.70 s (the small parts), the deferred checks 1.70–6.80 s over 9.7 GB (the point
  // arrays read from the disk), the upload 1.70–7.00, p0: synthesis 1.70–2.40, gpu 2.45–7.30 of
  // which 4.55 s waiting for the sections, write 7.30–7.33.
  const RunData r = run_of(
      "deferred.jsonl",
      R"({"ts":1.7,"ev":"key_load","t0":0.01,"t1":1.7,"source":"prepared","bytes":13000000000,"path":"k.zkey"})"
      "\n" R"({"ts":7.0,"ev":"key_upload","t0":1.7,"t1":7.0,"device":0,"zkey":"k.zkey","bytes":9700000000})"
      "\n" R"({"ts":7.0,"ev":"key_check","t0":1.7,"t1":6.8,"path":"k.zkey","bytes":9700000000})"
      "\n" +
          span("synth", 1.7, 2.4, 0, ",\"worker\":0") + span("queue", 2.4, 2.45, 0) +
          gpu(2.45, 7.3, 0, ",\"key_wait\":4.55") + span("write", 7.3, 7.33, 0));
  const auto p = first_proof_path(r);
  REQUIRE(p);
  CHECK(p->bound == PathStep::KeyUpload);
  CHECK(p->bound_seconds == doctest::Approx(4.55));
  REQUIRE(p->key_check);
  CHECK(p->key_check->t1 == doctest::Approx(6.8));
  SummaryOptions opt;
  const std::string text =
      render_summary({summarize(r, opt)}, {}, Format::Text, PercentileMethod::Linear, 0.95);
  CHECK(text.find("most of it: waiting for the key's upload 4.55 s (62.1%)") != std::string::npos);
  CHECK(text.find("its checks 1.700–6.800 s, 9.034 GiB at 1.771 GiB/s") != std::string::npos);
}
