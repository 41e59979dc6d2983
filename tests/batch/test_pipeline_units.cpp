// Unit tests of the batch pipeline's pieces: sector files, byte parsing, auto config,
// the memory limiter (blocking, never-fit error, eviction callback), a partition's permit
// (released once), the worker pools, the CPU stand-in's device lock, event fields.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "cuzk/pipeline/config.hpp"
#include "cuzk/pipeline/events.hpp"
#include "cuzk/pipeline/partition.hpp"
#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/pipeline/worker_pool.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"
#include "cuzk/pipeline/sector.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/crc32c.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/parse_text.hpp"
#include "cuzk/util/sha256.hpp"
#include "temp_dir.hpp"

using E = cuzk::pairing::Bls12_381;  // this file's keys and proofs are BLS12-381's

using namespace cuzk::pipeline;
using cuzk::Error;

namespace {
std::string message_of(const std::string& text, const std::string& path = "/d/s.json") {
  try {
    parse_sector(text, path);
  } catch (const Error& e) {
    CHECK(e.kind() == Error::Kind::BadInput);
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("sector file: paths resolve against the file's folder") {
  auto s = parse_sector(R"({"sector": "s-1", "zkey": "../k/c.zkey",
      "partitions": [{"witness": "w0.wtns"}, {"witness": "/abs/w1.wtns"}], "extra": 1})",
                        "/data/sectors/s.json");
  CHECK(s.id == "s-1");
  CHECK(s.zkey == "/data/k/c.zkey");
  REQUIRE(s.witnesses.size() == 2);
  CHECK(s.witnesses[0] == "/data/sectors/w0.wtns");
  CHECK(s.witnesses[1] == "/abs/w1.wtns");
  auto r = parse_sector(R"({"sector": "a", "zkey": "k", "partitions": [{"witness": "w"}]})", "s.json");
  CHECK(r.zkey == "k");
}

TEST_CASE("sector file: clear errors naming the file and the field") {
  CHECK(message_of("{\"sector\": ").find("/d/s.json: not valid JSON") == 0);
  CHECK(message_of("[1]").find("must be a JSON object") != std::string::npos);
  CHECK(message_of(R"({"zkey": "k", "partitions": [{"witness": "w"}]})").find("missing field \"sector\"") !=
        std::string::npos);
  CHECK(message_of(R"({"sector": "../x", "zkey": "k", "partitions": [{"witness": "w"}]})").find("not a valid id") !=
        std::string::npos);
  CHECK(message_of(R"({"sector": "x", "zkey": "k", "partitions": []})").find("non-empty array") != std::string::npos);
  CHECK(message_of(R"({"sector": "x", "zkey": "k", "partitions": [{"witness": "w"}, {"wtns": "v"}]})")
            .find("partitions[1]: missing field \"witness\"") != std::string::npos);
  CHECK(message_of(R"({"sector": "x", "zkey": 3, "partitions": [{"witness": "w"}]})").find("\"zkey\" must be") !=
        std::string::npos);
  CHECK(valid_sector_id("s-0001.a_b"));
  CHECK_FALSE(valid_sector_id(".."));
  CHECK_FALSE(valid_sector_id("a/b"));
  CHECK_FALSE(valid_sector_id(""));
  CHECK_FALSE(valid_sector_id("a\nb"));
  CHECK_FALSE(valid_sector_id(std::string("a\0b", 3)));
  CHECK_FALSE(valid_sector_id(".cuzk-tmp.1.0123456789abcdef.0"));
  CHECK_FALSE(valid_sector_id(std::string(129, 'a')));
  CHECK(valid_sector_id("s.tmp.1"));
  // An invalid id is shown escaped in a one-line message.
  const std::string m = message_of("{\"sector\": \"x\\ny\\u0000z\", \"zkey\": \"k\", \"partitions\": [{\"witness\": \"w\"}]}");
  CHECK(m.find("\"x\\ny\\x00z\"") != std::string::npos);
  CHECK(m.find('\n') == std::string::npos);
  CHECK(printable(std::string(100, 'a')).size() == 67);
  CHECK(one_line("a\nb") == "a\\nb");
}

TEST_CASE("temp names: one exact shape, owner pid") {
  pid_t pid = 0;
  CHECK(cuzk::parse_temp_name(".cuzk-tmp.123.0123456789abcdef.0", pid));
  CHECK(pid == 123);
  for (const char* n : {"notes.tmp.txt", "s.tmp.1.proof", ".cuzk-tmp.123.0123456789abcdef.0.proof",
                        ".cuzk-tmp.123.0123456789ABCDEF.0", ".cuzk-tmp.0123.0123456789abcdef.0", ".cuzk-tmp.123.0123.0",
                        ".cuzk-tmp..0123456789abcdef.0", ".cuzk-tmp.123.0123456789abcdef.", "x.cuzk-tmp.1.0123456789abcdef.0"})
    CHECK_FALSE(cuzk::parse_temp_name(n, pid));
}

TEST_CASE("SHA-256 (SHA-NI where present): FIPS 180-4 vectors, and the portable hash at every length") {
  using cuzk::sha256_of;
  using cuzk::to_hex;
  CHECK(to_hex(sha256_of("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(to_hex(sha256_of("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(to_hex(sha256_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string m;
  for (int n = 0; n < 300; ++n) {
    const auto want = cuzk::sha256({reinterpret_cast<const std::uint8_t*>(m.data()), m.size()});
    CHECK(sha256_of(m) == want);
    m += char(n * 37 + 11);
  }
}

TEST_CASE("tree SHA-256 digest: vectors from Python hashlib") {
  using cuzk::digest_tree;
  using cuzk::to_hex;
  CHECK(to_hex(digest_tree({})) == "da91ad004ecb2cd37eca7f684c7fa5ca2750b5bfc9b8594f69ff3f7995ea7b48");
  const std::uint8_t abc[] = {'a', 'b', 'c'};
  CHECK(to_hex(digest_tree(abc)) == "5e3dff78d458d8fabb6cab96507ac1be0511896ce73e6e95c1b539d826be2253");
  std::vector<std::uint8_t> big(5 << 19);  // 2.5 leaves
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = std::uint8_t(i * 31 + 7);
  CHECK(to_hex(digest_tree(big)) == "4d7d7c901cc4e00c8ed884ce9ed578cfada9bc6d73e5e586e3dc76b099f5eb8f");
}

TEST_CASE("CRC-32C: RFC 3720 B.4 vectors; the crc32 instruction equals the table; checksum tree vectors") {
  using cuzk::crc32c;
  using cuzk::crc32c_portable;
  auto bytes = [](std::string_view s) { return std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); };
  std::vector<std::uint8_t> zeros(32, 0), ones(32, 0xFF), inc(32);
  for (int i = 0; i < 32; ++i) inc[i] = std::uint8_t(i);
  for (auto f : {crc32c, crc32c_portable}) {
    CHECK(f(bytes("123456789"), 0) == 0xE3069283u);
    CHECK(f(zeros, 0) == 0x8A9136AAu);
    CHECK(f(ones, 0) == 0x62A8AB43u);
    CHECK(f(inc, 0) == 0x46DD794Eu);
    CHECK(f({}, 0) == 0u);
  }
  const std::string hw = std::string("crc32c on the crc32 instruction: ") + (cuzk::crc32c_hardware() ? "yes" : "no");
  MESSAGE(hw);
  std::mt19937_64 g(7);
  std::vector<std::uint8_t> v(70000);
  for (auto& b : v) b = std::uint8_t(g());
  for (std::size_t len : {1u, 7u, 8u, 9u, 15u, 16u, 17u, 63u, 64u, 65u, 1000u, 70000u}) {
    for (std::size_t off : {0u, 1u, 3u, 5u}) {  // unaligned starts too
      const std::span<const std::uint8_t> s(v.data() + off, std::min(len, v.size() - off));
      CHECK(crc32c(s) == crc32c_portable(s));
      // extending: crc(a || b) == crc(b, crc(a))
      const std::size_t cut = s.size() / 3;
      CHECK(crc32c(s.subspan(cut), crc32c(s.first(cut))) == crc32c(s));
    }
  }
  // checksum_tree: vectors from a Python model (bitwise CRC-32C + hashlib.sha256)
  using cuzk::checksum_tree;
  using cuzk::to_hex;
  CHECK(to_hex(checksum_tree({})) == "e4dc578f4bd466b297ba2b839eeed1f440ba10116e02f2e6e7f03b2401bfd54d");
  const std::uint8_t abc[] = {'a', 'b', 'c'};
  CHECK(to_hex(checksum_tree(abc)) == "21d06fd14f6de557b577b9c7f9b0fec839644640669c8fb358ffb7bb32eaf2bf");
  std::vector<std::uint8_t> big(5 << 19);  // 2.5 leaves
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = std::uint8_t(i * 31 + 7);
  const auto want = checksum_tree(big);
  CHECK(to_hex(want) == "b7e481393bf94fbcec75a698cd7af15d41e7b1ae14d8919ff9999d9f8b09ed6c");
  // one byte changed anywhere (first, leaf edges, last; every value of it) changes the checksum
  for (std::size_t at : {std::size_t(0), (std::size_t(1) << 20) - 1, std::size_t(1) << 20, big.size() - 1}) {
    const std::uint8_t keep = big[at];
    for (int x = 1; x < 256; x += 17) {
      big[at] = std::uint8_t(keep ^ x);
      CHECK(checksum_tree(big) != want);
    }
    big[at] = keep;
  }
  CHECK(checksum_tree(big) == want);
}

TEST_CASE("byte counts and auto settings") {
  CHECK(parse_bytes("123") == 123);
  CHECK(parse_bytes("8G") == 8ull << 30);
  CHECK(parse_bytes("512MiB") == 512ull << 20);
  CHECK(parse_bytes("1.5k") == 1536);
  CHECK_THROWS_AS(parse_bytes("lots"), Error);
  CHECK_THROWS_AS(parse_bytes("3X"), Error);
  for (const char* v : {".", "", "1e3", " 8G", "8G ", "8Gx", "1..5", "-1", "+1", "inf", "nan", "0x10", "99999999999T"})
    CHECK_THROWS_AS(parse_bytes(v), Error);
  CHECK(parse_bytes(".5k") == 512);
  CHECK(mem_available() > 0);

  BatchConfig c;
  c.mem_budget = 10'000;
  c.synth_workers = 2;
  resolve(c, 1'000, 2'000, 2);  // fit = (10000 - 2000) / 1000 = 8
  CHECK(c.max_inflight == 5);   // min(2 + 2 + 1, 8)
  CHECK(c.queue_depth == 8);    // max(2, min(8, 32))
  BatchConfig t;
  t.mem_budget = 2'500;
  resolve(t, 1'000, 2'000, 4);  // fits nothing beyond the key: still one permit (the
  CHECK(t.max_inflight == 1);   // partition then fails as "can never be admitted")
  CHECK(t.queue_depth == 4);
}

TEST_CASE("synthesis workers: auto from the CPUs, capped by the budget; given counts kept") {
  auto text = [](cuzk::Fields& f, const char* k) { return std::get<std::string>(f[k].data()); };
  auto workers = [](unsigned cpus, std::uint64_t budget, unsigned gpu) {
    BatchConfig c;
    c.cpus = cpus;
    c.mem_budget = budget;
    resolve(c, 1'000, 2'000, gpu);  // fit = (budget - 2000) / 1000
    return c;
  };
  // 1 + ceil(cpus / 16), at least 2, at most the CPUs.
  CHECK(workers(1, 100'000, 2).synth_workers == 1);
  CHECK(workers(2, 100'000, 2).synth_workers == 2);
  CHECK(workers(16, 100'000, 2).synth_workers == 2);
  CHECK(workers(17, 100'000, 2).synth_workers == 3);
  CHECK(workers(64, 100'000, 2).synth_workers == 5);
  CHECK(workers(128, 100'000, 2).synth_workers == 9);
  // The budget: fit 8 partitions, 6 GPU workers -> 2 left for synthesis; fit below the GPU
  // workers -> 1. The permits follow (synth + GPU + 1, at most fit).
  auto tight = workers(64, 10'000, 6);
  CHECK(tight.synth_workers == 2);
  CHECK(tight.max_inflight == 8);
  CHECK(workers(64, 4'000, 4).synth_workers == 1);
  auto c = workers(32, 100'000, 2);
  cuzk::Fields f = c.to_json();
  CHECK(std::get<std::uint64_t>(f["synth_workers"].data()) == 3);
  CHECK(text(f, "synth_workers_source").rfind("auto: ", 0) == 0);
  CHECK(text(f, "synth_workers_source").find("32 cpus") != std::string::npos);
  CHECK(c.max_inflight == 6);  // min(3 + 2 + 1, 98)
  BatchConfig given;
  given.synth_workers = 5;
  given.cpus = 2;
  given.mem_budget = 4'000;
  resolve(given, 1'000, 2'000, 2);
  CHECK(given.synth_workers == 5);  // a given count is the user's, whatever the rule says
  cuzk::Fields g = given.to_json();
  CHECK(text(g, "synth_workers_source") == "given");
  BatchConfig host;  // cpus 0: the affinity mask
  host.mem_budget = 100'000;
  resolve(host, 1'000, 2'000, 2);
  CHECK(host.synth_workers >= 1);
  CHECK(host.synth_workers <= std::max(2u, cpu_count()));
}

TEST_CASE("memory interventions: the product's defaults, and the lab's switches recorded as set") {
  auto flag = [](cuzk::Fields& f, const char* k) { return std::get<bool>(f[k].data()); };
  auto text = [](cuzk::Fields& f, const char* k) { return std::get<std::string>(f[k].data()); };
  // The product takes no option for these (only the lab's cuzk-prove-lab does): all three on.
  BatchConfig c;
  resolve(c, 1'000, 2'000, 2);
  cuzk::Fields on = c.to_json();
  CHECK(flag(on, "hold_permit"));
  CHECK(flag(on, "bounded_queue"));
  CHECK(flag(on, "early_free"));
  CHECK(std::get<std::uint64_t>(on["queue_depth"].data()) == c.queue_depth);
  CHECK(text(on, "queue_depth_source").rfind("auto: ", 0) == 0);
  // The lab's seed comparison sets the fields directly; run_start's config says what ran.
  BatchConfig lab;
  lab.hold_permit = lab.bounded_queue = lab.early_free = false;
  resolve(lab, 1'000, 2'000, 2);
  cuzk::Fields off = lab.to_json();
  CHECK_FALSE(flag(off, "hold_permit"));
  CHECK_FALSE(flag(off, "bounded_queue"));
  CHECK_FALSE(flag(off, "early_free"));
  CHECK(std::holds_alternative<std::monostate>(off["queue_depth"].data()));
  CHECK(text(off, "queue_depth_source") == "unbounded");
}

TEST_CASE("memory limiter: permits, bytes, never-fit, eviction") {
  MemoryLimiter lim(100, 2);
  lim.acquire(40, true);
  lim.acquire(40, true);
  CHECK(lim.inflight() == 2);
  CHECK_FALSE(lim.try_acquire(10, true));  // no permit left
  CHECK(lim.try_acquire(10, false));       // bytes only (a key)
  CHECK(lim.reserved() == 90);
  CHECK_THROWS_AS(lim.acquire(101, true), Error);  // can never fit: immediate error

  std::atomic<bool> got{false};
  std::thread t([&] {
    lim.acquire(40, true);  // needs a permit and 30 more bytes
    got = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(got.load());
  lim.release(40, true);  // frees a permit and bytes: 50 reserved + 40 fits
  t.join();
  CHECK(got.load());
  CHECK(lim.reserved() == 90);
  CHECK(lim.peak_inflight() == 2);
  CHECK(lim.peak_reserved() == 90);
  lim.release(40, true);
  lim.release(40, true);
  CHECK(lim.inflight() == 0);

  // Eviction: 10 bytes held by an idle "key"; a request that only fits without it evicts it.
  int evictions = 0;
  lim.acquire(95, false, [&] {
    if (evictions++) return false;
    lim.release(10, false);
    return true;
  });
  CHECK(evictions == 1);
  CHECK(lim.reserved() == 95);
}

TEST_CASE("partition permit: move-only, given back exactly once") {
  MemoryLimiter lim(1000, 2);
  {
    Permit a = Permit::acquire(lim, 300);
    CHECK(lim.inflight() == 1);
    CHECK(lim.reserved() == 300);
    Permit b = std::move(a);  // the moved-from handle holds nothing
    CHECK_FALSE(a.held());
    CHECK(b.held());
    a.release();
    CHECK(lim.reserved() == 300);
    b.release();
    b.release();  // a second release is a no-op
    CHECK(lim.inflight() == 0);
    CHECK(lim.reserved() == 0);
    Permit c = Permit::acquire(lim, 200);
    Permit d = Permit::acquire(lim, 100);
    c = std::move(d);  // c's own reservation goes back as it takes d's
    CHECK(lim.inflight() == 1);
    CHECK(lim.reserved() == 100);
  }  // destructors: the rest goes back
  CHECK(lim.inflight() == 0);
  CHECK(lim.reserved() == 0);
  Partition p;
  p.permit = Permit::acquire(lim, 10);
  p.leave_device();
  CHECK(lim.reserved() == 0);
}

TEST_CASE("partition permit: bytes given back early (a/b/c in a backend's pool) are not given back twice") {
  MemoryLimiter lim(1000, 2);
  Permit a = Permit::acquire(lim, 300);
  a.give_back(120);  // a/b/c went into memory charged outside the budget
  CHECK(a.held());
  CHECK(a.bytes() == 180);
  CHECK(lim.reserved() == 180);
  CHECK(lim.inflight() == 1);  // the permit itself stays until the device is done
  a.give_back(500);            // never more than it holds
  CHECK(lim.reserved() == 0);
  Permit b = Permit::acquire(lim, 400);
  a.release();
  CHECK(lim.reserved() == 400);  // b's bytes untouched
  CHECK(lim.inflight() == 1);
  a.give_back(10);  // released: nothing to give
  CHECK(lim.reserved() == 400);
}

TEST_CASE("worker pool: runs every queued task, in order on one thread, before finish returns") {
  std::vector<int> order;
  {
    WorkerPool one(1);
    for (int i = 0; i < 100; ++i) one.push([&order, i] { order.push_back(i); });
    one.finish();
    REQUIRE(order.size() == 100);
    for (int i = 0; i < 100; ++i) CHECK(order[std::size_t(i)] == i);
  }
  std::atomic<int> n{0};
  {
    WorkerPool four(4);
    for (int i = 0; i < 1000; ++i) four.push([&n] { n++; });
  }  // the destructor drains and joins
  CHECK(n == 1000);
}

namespace {
// A backend that counts how many computes run at once.
struct CountingBackend final : cuzk::groth16::Backend {
  std::atomic<int> inside{0}, most{0}, calls{0};
  std::string name() const override { return "count"; }
  cuzk::groth16::MsmSums<E> compute(const cuzk::groth16::ProvingKey<E>&, cuzk::groth16::Abc<E>,
                                    const std::vector<cuzk::groth16::Scalar>&, cuzk::groth16::StageTimes& t,
                                    bool) override {
    count(t);
    return {};
  }
  using Bn = cuzk::pairing::Bn254;
  cuzk::groth16::MsmSums<Bn> compute(const cuzk::groth16::ProvingKey<Bn>&, cuzk::groth16::Abc<Bn>,
                                     const std::vector<cuzk::groth16::Scalar>&, cuzk::groth16::StageTimes& t,
                                     bool) override {
    count(t);
    return {};
  }
  void count(cuzk::groth16::StageTimes& t) {
    const int now = ++inside;
    int m = most;
    while (now > m && !most.compare_exchange_weak(m, now)) {
    }
    for (int i = 0; i < 1000; ++i) std::this_thread::yield();  // give another caller the chance to overlap
    t.ntt += 1;
    ++calls;
    --inside;
  }
};
}  // namespace

TEST_CASE("SerialBackend: one compute at a time per device, lock wait reported, no h2d/prep") {
  auto inner = std::make_shared<CountingBackend>();
  SerialBackend dev(inner);
  cuzk::groth16::ProvingKey<E> pk;
  cuzk::groth16::ProvingKey<cuzk::pairing::Bn254> pk_bn;  // keys of both curves share the one device
  std::vector<cuzk::groth16::StageTimes> st(8);
  std::vector<std::thread> th;
  for (std::size_t i = 0; i < st.size(); ++i)
    th.emplace_back([&, i] {
      if (i % 2) dev.compute(pk, {}, {}, st[i], true);
      else dev.compute(pk_bn, {}, {}, st[i], true);
    });
  for (auto& t : th) t.join();
  CHECK(inner->calls == 8);
  CHECK(inner->most == 1);
  for (const auto& t : st) {
    CHECK(t.lock_wait >= 0);
    CHECK(t.ntt == 1);
    CHECK_FALSE(t.h2d.measured);  // the gpu event then has no h2d/d2h (as before for the CPU)
    CHECK_FALSE(t.prep.measured);
  }
}

TEST_CASE("event fields: order, types and nesting as JSON") {
  cuzk::test::TempDir dir("cuzk-fields-");
  const std::string path = (dir.p / "ev.jsonl").string();
  {
    EventWriter ev(path, "r-1");
    Fields inner{{"e", true}};
    Fields f{{"z", 1}, {"a", Value()}};
    f["u"] = std::uint64_t(18446744073709551615ull);
    f["i"] = -3;
    f["d"] = 0.5;
    f["s"] = std::string("x\"y");
    f["arr"] = std::vector<int>{1, 2};
    f["obj"] = inner;
    f["z"] = 2;  // an existing field keeps its place
    ev.emit("test", f);
  }
  const std::string line = cuzk::read_file(path, 1 << 16);
  const auto at = line.find("\"run\":\"r-1\",");
  REQUIRE(at != std::string::npos);
  CHECK(line.rfind("{\"ts\":", 0) == 0);
  CHECK(line.find("\"ev\":\"test\"") != std::string::npos);
  CHECK(line.substr(at) ==
        "\"run\":\"r-1\",\"z\":2,\"a\":null,\"u\":18446744073709551615,\"i\":-3,\"d\":0.5,\"s\":\"x\\\"y\","
        "\"arr\":[1,2],\"obj\":{\"e\":true}}\n");
}

TEST_CASE("value grammars: plain decimals and switches") {
  CHECK(cuzk::parse_decimal("0") == 0u);
  CHECK(cuzk::parse_decimal("0042") == 42u);
  CHECK(cuzk::parse_decimal("18446744073709551615") == 18446744073709551615ull);
  for (const char* bad : {"", "18446744073709551616", "-1", "+1", " 1", "1 ", "1e3", "0x10", "12k", "1.0"})
    CHECK_FALSE(cuzk::parse_decimal(bad));
  CHECK(cuzk::parse_decimal("12345", 5) == 12345u);
  CHECK_FALSE(cuzk::parse_decimal("123456", 5));
  CHECK(cuzk::parse_on_off("on") == true);
  CHECK(cuzk::parse_on_off("1") == true);
  CHECK(cuzk::parse_on_off("off") == false);
  CHECK(cuzk::parse_on_off("0") == false);
  for (const char* bad : {"", "ON", "yes", "true", " on", "2"}) CHECK_FALSE(cuzk::parse_on_off(bad));
}
