// Deferred point checks of prepared keys (key_check.hpp, prepared_key.hpp): a deferred load
// gives the same key and proofs as an eager one; a byte flipped in any of the five point
// arrays still loads, then fails every reader of that array (and of the later ones) with the
// file and the array named; a cache entry that fails is removed; the checks run in the upload's
// order, once, whoever waits, from any thread; a key destroyed while its check runs stops it.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <optional>
#include <thread>
#include <vector>

#include "cuzk/groth16/key_check.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/util/error.hpp"
#include "error_of.hpp"
#include "file_bytes.hpp"
#include "fixture_paths.hpp"
#include "temp_dir.hpp"

using namespace cuzk::groth16;
using cuzk::Error;
using cuzk::test::error_of;
using cuzk::test::fixture;
using cuzk::test::same_bytes;
using cuzk::test::slurp;
using cuzk::test::spit;
using cuzk::test::TempDir;
using Arr = KeyCheck::Array;
using Bls = cuzk::pairing::Bls12_381;
using Bn = cuzk::pairing::Bn254;
namespace fs = std::filesystem;

namespace {

template <class E>
const char* fixture_dir() {
  return E::id == cuzk::pairing::CurveId::Bn254 ? "main-bn128" : "main";
}


// Where each point array lies in a prepared key of pk (the layout of prepared_key.hpp: a
// 4096-byte header, then IC, coefficients, row_begin[0], row_begin[1], A, B1, B2, C, H, each
// at a 4096-byte-aligned offset): {offset, bytes} by KeyCheck::Array.
template <class E>
std::array<std::pair<std::size_t, std::size_t>, 5> point_arrays(const ProvingKey<E>& pk) {
  const std::size_t g1 = sizeof(typename E::G1Affine), g2 = sizeof(typename E::G2Affine);
  const std::size_t sizes[9] = {pk.ic.size() * g1, pk.coefs.size() * sizeof(Coef<E>), pk.row_begin[0].size() * 4,
                                pk.row_begin[1].size() * 4, pk.a.size() * g1, pk.b1.size() * g1, pk.b2.size() * g2,
                                pk.c.size() * g1, pk.h.size() * g1};
  std::size_t at = 4096, off[9];
  for (int i = 0; i < 9; ++i) {
    off[i] = at;
    at = (at + sizes[i] + 4095) / 4096 * 4096;
  }
  std::array<std::pair<std::size_t, std::size_t>, 5> out;
  for (int j = 0; j < 5; ++j) out[j] = {off[4 + j], sizes[4 + j]};  // A B1 B2 C H = Array's order
  return out;
}

// A private copy of the curve's fixture key, parsed, and where its prepared copies go.
template <class E>
struct Files {
  TempDir d{"cuzk-kc-"};
  std::string zk = (d.p / "k.zkey").string(), entry = (d.p / "e.cuzkpk").string(), sk = (d.p / "s.cuzkpk").string();
  ProvingKey<E> parsed = (fs::copy_file(fixture(fixture_dir<E>(), "circuit.zkey"), zk), read_zkey<E>(zk));
};

// How far into kOrder the array is.
std::size_t rank(Arr a) {
  for (std::size_t i = 0; i < KeyCheck::kOrder.size(); ++i)
    if (KeyCheck::kOrder[i] == a) return i;
  return KeyCheck::kArrays;
}

}  // namespace

TEST_CASE_TEMPLATE("deferred point checks: the same key and proofs as an eager load, both curves", E, Bls, Bn) {
  const Files<E> f;
  const TempDir& d = f.d;
  const std::string &zk = f.zk, &entry = f.entry, &sk = f.sk;
  const ProvingKey<E>& parsed = f.parsed;
  CHECK(parsed.deferred_check == nullptr);  // a parsed key has nothing deferred
  write_prepared_key(parsed, zk, entry);
  write_standalone_key(parsed, sk);
  std::string why;
  auto eager = read_prepared_key<E>(entry, zk, why);
  REQUIRE_MESSAGE(eager.has_value(), why);
  CHECK(eager->deferred_check == nullptr);
  auto deferred = read_prepared_key<E>(entry, zk, why, true);
  REQUIRE_MESSAGE(deferred.has_value(), why);
  REQUIRE(deferred->deferred_check != nullptr);
  CHECK(deferred->deferred_check->file() == entry);
  const ProvingKey<E> standalone = read_standalone_key<E>(sk, true);
  REQUIRE(standalone.deferred_check != nullptr);

  const Witness w = read_wtns(fixture(fixture_dir<E>(), "w0.wtns"), parsed.header.n_vars);
  CpuBackend cpu;
  const Proof<E> want = prove(parsed, w.values, Blinding<E>::from_seed(3, "kc"), cpu);
  CHECK(prove(*eager, w.values, Blinding<E>::from_seed(3, "kc"), cpu) == want);
  CHECK(prove(*deferred, w.values, Blinding<E>::from_seed(3, "kc"), cpu) == want);
  CHECK(prove(standalone, w.values, Blinding<E>::from_seed(3, "kc"), cpu) == want);
  CHECK(same_bytes(parsed.b2, deferred->b2));
  CHECK(same_bytes(parsed.h, standalone.h));
  // Every check ran once, in kOrder, one after the other: times recorded for each.
  for (const ProvingKey<E>* k : std::array<const ProvingKey<E>*, 2>{&*deferred, &standalone}) {
    k->wait_all_checked();
    CHECK_FALSE(k->deferred_check->failed());
    for (std::size_t i = 0; i + 1 < KeyCheck::kArrays; ++i) {
      const auto t0 = k->deferred_check->times(KeyCheck::kOrder[i]), t1 = k->deferred_check->times(KeyCheck::kOrder[i + 1]);
      REQUIRE(t0.has_value());
      REQUIRE(t1.has_value());
      CHECK(t0->start <= t0->end);
      CHECK(t0->end <= t1->start);
    }
  }

  // Through load_key: a deferred cache entry and a deferred standalone key; eager by default.
  KeyCacheOptions co;
  co.dir = (d.p / "cache").string();
  KeyLoadReport rep;
  (void)load_key<E>(zk, {}, co, rep);  // prepares the entry
  REQUIRE(rep.wrote);
  CHECK(load_key<E>(zk, {}, co, rep).deferred_check == nullptr);
  CHECK(rep.source == "prepared");
  const std::uint64_t entry_bytes = std::filesystem::file_size(rep.cache_path);
  CHECK(rep.bytes == entry_bytes);  // eager: the load read every byte
  co.defer_point_checks = true;
  const ProvingKey<E> via_cache = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "prepared");
  CHECK(via_cache.deferred_check != nullptr);
  // Deferred: the load read the file less its point arrays (the key_check span reads those).
  const std::uint64_t points = (via_cache.a.size() + via_cache.b1.size() + via_cache.c.size() + via_cache.h.size()) *
                                   sizeof(typename ProvingKey<E>::G1Affine) +
                               via_cache.b2.size() * sizeof(typename ProvingKey<E>::G2Affine);
  CHECK(via_cache.point_bytes() == points);
  CHECK(points > 0);
  CHECK(rep.bytes == entry_bytes - points);
  CHECK(rep.cache_bytes == entry_bytes);
  CHECK(prove(via_cache, w.values, Blinding<E>::from_seed(3, "kc"), cpu) == want);
  const ProvingKey<E> via_standalone = load_key<E>(sk, {}, co, rep);
  CHECK(rep.source == "standalone");
  CHECK(via_standalone.deferred_check != nullptr);
  CHECK(prove(via_standalone, w.values, Blinding<E>::from_seed(3, "kc"), cpu) == want);
}

TEST_CASE_TEMPLATE("deferred point checks: a byte flipped in each point array loads, then fails its readers", E, Bls, Bn) {
  const Files<E> f;
  const TempDir& d = f.d;
  const std::string &zk = f.zk, &entry = f.entry, &sk = f.sk;
  const ProvingKey<E>& parsed = f.parsed;
  write_standalone_key(parsed, sk);
  const std::string good = slurp(sk);
  const Witness w = read_wtns(fixture(fixture_dir<E>(), "w0.wtns"), parsed.header.n_vars);
  const auto at = point_arrays(parsed);
  CpuBackend cpu;
  for (std::size_t j = 0; j < KeyCheck::kArrays; ++j) {
    const Arr bad = Arr(j);
    CAPTURE(KeyCheck::name(bad));
    REQUIRE(at[j].second > 0);
    std::string flipped = good;
    flipped[at[j].first + at[j].second / 2] ^= 0x10;
    const std::string want = std::string(": ") + KeyCheck::name(bad) + ": " + kContentMismatch;

    // A standalone key: the eager load refuses it; the deferred one returns.
    spit(sk, flipped);
    CHECK(error_of([&] { read_standalone_key<E>(sk); }).first == sk + want);
    const ProvingKey<E> k = read_standalone_key<E>(sk, true);
    REQUIRE(k.deferred_check != nullptr);
    // The proof fails with the file and the array named (BadInput: exit 2 in `prove`).
    const auto [msg, kind] = error_of([&] { (void)prove(k, w.values, Blinding<E>::from_seed(1, "kc"), cpu); });
    CHECK(msg == sk + want);
    CHECK(kind == Error::Kind::BadInput);
    CHECK(k.deferred_check->failed());
    // The arrays checked before it passed; it and every later one give its error.
    for (const Arr a : KeyCheck::kOrder) {
      CAPTURE(KeyCheck::name(a));
      if (rank(a) < rank(bad)) {
        CHECK_NOTHROW(k.wait_checked(a));
      } else {
        CHECK(error_of([&] { k.wait_checked(a); }).first == sk + want);
      }
      // The arrays after a failed one are not checked at all.
      CHECK(k.deferred_check->times(a).has_value() == (rank(a) <= rank(bad)));
    }
    // No writer launders it into a key with fresh digests.
    CHECK(error_of([&] { write_standalone_key(k, (d.p / "copy.cuzkpk").string()); }).first == sk + want);
    CHECK(error_of([&] { write_zkey((d.p / "copy.zkey").string(), k); }).first == sk + want);
    CHECK_FALSE(fs::exists(d.p / "copy.cuzkpk"));
    CHECK_FALSE(fs::exists(d.p / "copy.zkey"));
    CHECK(fs::exists(sk));  // a standalone key is the user's: never removed

    // A key cache entry: the same, and the entry is removed so the next load rebuilds it.
    write_prepared_key(parsed, zk, entry);
    std::string entry_bytes = slurp(entry);
    entry_bytes[at[j].first + at[j].second / 2] ^= 0x10;
    spit(entry, entry_bytes);
    std::string why;
    auto ek = read_prepared_key<E>(entry, zk, why, true);
    REQUIRE_MESSAGE(ek.has_value(), why);
    const std::string emsg = error_of([&] { ek->wait_all_checked(); }).first;
    CHECK(emsg.rfind(entry + want, 0) == 0);
    CHECK(emsg.find("removed") != std::string::npos);
    CHECK(emsg.find(zk) != std::string::npos);
    CHECK_FALSE(fs::exists(entry));
  }

  // Through load_key with a cache: the corrupt entry is used (deferred), fails, is removed; the
  // next load parses the .zkey and writes a good entry again.
  KeyCacheOptions co;
  co.dir = (d.p / "cache").string();
  co.defer_point_checks = true;
  KeyLoadReport rep;
  (void)load_key<E>(zk, {}, co, rep);
  REQUIRE(rep.wrote);
  const std::string ce = rep.cache_path;
  std::string cb = slurp(ce);
  cb[at[4].first + 1] ^= 1;  // H
  spit(ce, cb);
  {
    const ProvingKey<E> k = load_key<E>(zk, {}, co, rep);
    CHECK(rep.source == "prepared");
    CHECK(error_of([&] { k.wait_checked(Arr::H); }).first.rfind(ce + ": H: " + kContentMismatch, 0) == 0);
  }
  CHECK_FALSE(fs::exists(ce));
  const ProvingKey<E> again = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK(rep.wrote);
  CHECK(again.deferred_check == nullptr);
  std::string why;
  CHECK(read_prepared_key<E>(ce, zk, why).has_value());
}

TEST_CASE("KeyCheck: waits from many threads, each check once; a key destroyed while its check runs") {
  // Five in-memory arrays, the mapping's stand-in held only by the check.
  constexpr std::size_t kBytes = std::size_t(24) << 20;  // 24 leaves each
  auto buf = std::make_shared<std::vector<std::uint8_t>>(5 * kBytes);
  for (std::size_t i = 0; i < buf->size(); ++i) (*buf)[i] = std::uint8_t(i * 131 + (i >> 20));
  std::array<KeyCheck::Item, KeyCheck::kArrays> items;
  for (std::size_t j = 0; j < KeyCheck::kArrays; ++j) {
    items[j].bytes = {buf->data() + j * kBytes, kBytes};
    items[j].want = cuzk::checksum_tree(items[j].bytes);
  }
  const std::weak_ptr<std::vector<std::uint8_t>> alive = buf;

  SUBCASE("good: every waiter returns, the hook never runs") {
    std::atomic<int> hooks{0};
    auto kc = std::make_shared<const KeyCheck>("mem", std::move(buf), items, [&](const std::string&) {
      ++hooks;
      return std::string();
    });
    std::vector<std::thread> th;
    std::atomic<int> ok{0};
    for (int t = 0; t < 8; ++t)
      th.emplace_back([&, t] {
        if (t % 3 == 0) {
          kc->wait_all();
        } else {
          kc->wait(Arr(t % 5));
        }
        ++ok;
      });
    for (auto& x : th) x.join();
    CHECK(ok == 8);
    CHECK(hooks == 0);
    CHECK_FALSE(kc->failed());
    CHECK_FALSE(alive.expired());  // held by the check
    kc.reset();
    CHECK(alive.expired());  // and let go with it
  }
  SUBCASE("B1 bad: every waiter of B1, C and H gets one error; the hook runs once; B2 and A pass") {
    items[std::size_t(Arr::B1)].want[0] ^= 1;
    std::atomic<int> hooks{0};
    auto kc = std::make_shared<const KeyCheck>("mem.cuzkpk", std::move(buf), items, [&](const std::string& e) {
      ++hooks;
      CHECK(e == std::string("mem.cuzkpk: B1: ") + kContentMismatch);
      return std::string(" (and a note)");
    });
    std::vector<std::thread> th;
    std::atomic<int> failed{0}, passed{0};
    for (int t = 0; t < 10; ++t)
      th.emplace_back([&, t] {
        try {
          kc->wait(Arr(t % 5));
          ++passed;
        } catch (const Error& e) {
          CHECK(std::string(e.what()) == std::string("mem.cuzkpk: B1: ") + kContentMismatch + " (and a note)");
          ++failed;
        }
      });
    for (auto& x : th) x.join();
    CHECK(passed == 4);  // A and B2, two waiters each
    CHECK(failed == 6);  // B1, C, H
    CHECK(hooks == 1);
    // The order: B2 and A were checked before B1, and a waiter of B2 never waited for H,
    // whose check never ran.
    CHECK(kc->times(Arr::B2)->end <= kc->times(Arr::A)->start);
    CHECK(kc->times(Arr::A)->end <= kc->times(Arr::B1)->start);
    CHECK_FALSE(kc->times(Arr::H).has_value());
    CHECK_FALSE(kc->times(Arr::C).has_value());
  }
  SUBCASE("destroyed while it runs: stops, joins, no waiter left, the memory let go after") {
    for (int round = 0; round < 4; ++round) {
      auto keep = std::make_shared<std::vector<std::uint8_t>>(*buf);
      std::array<KeyCheck::Item, KeyCheck::kArrays> mine = items;
      for (std::size_t j = 0; j < KeyCheck::kArrays; ++j) mine[j].bytes = {keep->data() + j * kBytes, kBytes};
      const std::weak_ptr<std::vector<std::uint8_t>> w = keep;
      { KeyCheck kc("mem", std::move(keep), mine); }  // destroyed at once, mid-check
      CHECK(w.expired());
    }
  }
}

TEST_CASE("deferred point checks: keys destroyed at once, copies outliving the original, on a real mapping") {
  const Files<Bls> f;
  write_standalone_key(f.parsed, f.sk);
  for (int i = 0; i < 50; ++i) {  // the check may not have started, be running or be done
    (void)read_standalone_key<Bls>(f.sk, true);
  }
  std::optional<ProvingKey<Bls>> copy;
  {
    const ProvingKey<Bls> k = read_standalone_key<Bls>(f.sk, true);
    copy = k;  // shares the check and the mapping
  }
  REQUIRE(copy->deferred_check != nullptr);
  copy->wait_all_checked();
  CHECK(same_bytes(f.parsed.b2, copy->b2));
  CHECK(same_bytes(f.parsed.h, copy->h));
}
