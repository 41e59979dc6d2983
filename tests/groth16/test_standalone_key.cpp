// Standalone prepared keys (standalone_key.hpp): the same key and the same proofs as the
// .zkey they were written beside, told by content; every damaged or lying file refused with
// one message naming it; a cache entry is never taken for a standalone key, nor the reverse.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"
#include "error_of.hpp"
#include "file_bytes.hpp"
#include "fixture_paths.hpp"
#include "temp_dir.hpp"

#include "bls12_381_types.hpp"  // E, Fr, G1, ... of BLS12-381

using namespace cuzk::groth16;
using cuzk::Error;
using cuzk::test::error_of;
using cuzk::test::fixture;
using cuzk::test::TempDir;
using cuzk::test::same_bytes;
using cuzk::test::slurp;
using cuzk::test::spit;
using Bn = cuzk::pairing::Bn254;
namespace fs = std::filesystem;

namespace {



// Where the header digest sits: the 32 bytes that are the SHA-256 of every byte before them
// (found, not assumed, so the test follows the layout). The u64 file size comes just before it,
// then (going back) 9 array digests of 32 bytes, 9 offsets and 9 counts (u64).
std::size_t header_digest_at(const std::string& f) {
  for (std::size_t p = 64; p + 32 <= 4096; p += 8) {
    const auto d = cuzk::sha256_of(std::string_view(f.data(), p));
    if (std::memcmp(d.data(), f.data() + p, 32) == 0) return p;
  }
  return 0;
}
}  // namespace

TEST_CASE("standalone key: the same key and proofs as its .zkey, mapped, told by content not name") {
  TempDir d("cuzk-sk-");
  const std::string zk = fixture("main", "circuit.zkey");
  const std::string sk = (d.p / "key.zkey").string();  // a standalone key named like a .zkey
  const ProvingKey<E> parsed = read_zkey<E>(zk);
  write_standalone_key(parsed, sk);
  CHECK(is_prepared_key_file(sk));
  CHECK_FALSE(is_prepared_key_file(zk));
  CHECK(key_curve(sk) == cuzk::pairing::CurveId::Bls12_381);
  const ProvingKey<E> k = read_standalone_key<E>(sk);
  CHECK(k.path == sk);
  CHECK(k.a.is_view());
  CHECK(k.h.is_view());
  CHECK(same_bytes(parsed.ic, k.ic));
  CHECK(same_bytes(parsed.coefs, k.coefs));
  CHECK(same_bytes(parsed.row_begin[0], k.row_begin[0]));
  CHECK(same_bytes(parsed.a, k.a));
  CHECK(same_bytes(parsed.b2, k.b2));
  CHECK(same_bytes(parsed.h, k.h));
  CHECK(k.header.delta2 == parsed.header.delta2);

  const Witness w = read_wtns(fixture("main", "w0.wtns"), parsed.header.n_vars);
  CpuBackend cpu;
  CHECK(prove(parsed, w.values, Blinding<E>::from_seed(7, "t"), cpu) ==
        prove(read_key<E>(sk), w.values, Blinding<E>::from_seed(7, "t"), cpu));
  // The header read (batch's up-front read, export-vkey): header and IC, the arrays left unread.
  const ProvingKey<E> h = read_key_header<E>(sk);
  CHECK(same_bytes(parsed.ic, h.ic));
  CHECK(h.a.size() == 0);
  CHECK(vkey_to_json(verifying_key(h)) == vkey_to_json(verifying_key(read_key_header<E>(zk))));

  // load_key: mapped, no cache entry read or written, source "standalone".
  KeyCacheOptions co;
  co.dir = (d.p / "cache").string();
  KeyLoadReport rep;
  auto any = load_any_key(sk, {}, co, rep);
  CHECK(any.index() == 0);
  CHECK(rep.source == "standalone");
  CHECK(rep.cache_path.empty());
  CHECK_FALSE(rep.wrote);
  CHECK(rep.bytes == fs::file_size(sk));
  CHECK_FALSE(fs::exists(co.dir));
}

TEST_CASE("standalone key: a byte flipped anywhere, truncation, lying headers, other files are refused by name") {
  TempDir d("cuzk-sk-");
  const std::string sk = (d.p / "k.cuzkpk").string();
  write_standalone_key(read_zkey<E>(fixture("main", "circuit.zkey")), sk);
  const std::string good = slurp(sk);
  REQUIRE(good.size() > 8192);
  auto refused = [&](const std::string& bytes, const char* why) {
    spit(sk, bytes);
    const auto [msg, kind] = error_of([&] { read_standalone_key<E>(sk); });
    CHECK(msg.find(sk) == 0);
    CHECK(msg.find(why) != std::string::npos);
    CHECK(kind == Error::Kind::BadInput);
    CHECK(msg.find('\n') == std::string::npos);
  };
  std::mt19937_64 rng(3);
  std::vector<std::size_t> at = {9, 40, 200, 1500, 4000, 4095, 4096, good.size() / 2, good.size() - 1};
  for (int i = 0; i < 40; ++i) at.push_back(8 + std::size_t(rng() % (good.size() - 8)));
  for (std::size_t off : at) {
    std::string bad = good;
    bad[off] = char(bad[off] ^ (1 << (off % 8)));
    CAPTURE(off);
    refused(bad, "");
  }
  refused(good.substr(0, good.size() - 4096), "size");
  refused(good.substr(0, 100), "truncated");

  // Lying headers whose header digest was recomputed: counts and offsets past the file.
  const std::size_t hd = header_digest_at(good);
  REQUIRE(hd != 0);
  const std::size_t file_size_at = hd - 8, offsets_at = file_size_at - 9 * 32 - 9 * 8, counts_at = offsets_at - 9 * 8;
  auto with = [&](std::size_t at, std::uint64_t v) {
    std::string f = good;
    std::memcpy(f.data() + at, &v, 8);
    const auto dg = cuzk::sha256_of(std::string_view(f.data(), hd));
    std::memcpy(f.data() + hd, dg.data(), 32);
    return f;
  };
  std::uint64_t fsize = 0;
  std::memcpy(&fsize, good.data() + file_size_at, 8);
  REQUIRE(fsize == good.size());  // found the right field
  refused(with(file_size_at, fsize * 4), "header says");
  refused(with(offsets_at + 8 * 8, fsize * 2), "H: outside the file");  // H, the last array
  refused(with(offsets_at + 4 * 8, std::uint64_t(1) << 62), "A: outside the file");
  refused(with(counts_at + 4 * 8, std::uint64_t(1) << 40), "A: count disagrees");
  refused(with(counts_at + 8 * 8, std::uint64_t(1) << 50), "counts disagree");

  // Not a prepared key at all: the .zkey reader's own messages (a FIFO, a folder, missing).
  fs::remove(sk);
  REQUIRE(::mkfifo(sk.c_str(), 0600) == 0);
  CHECK_FALSE(is_prepared_key_file(sk));
  CHECK(error_of([&] { read_key<E>(sk); }).first.find(sk) != std::string::npos);
  CHECK_FALSE(is_prepared_key_file(d.p.string()));
  CHECK(error_of([&] { read_key<E>(d.p.string()); }).first.find(d.p.string()) != std::string::npos);
  CHECK_FALSE(is_prepared_key_file((d.p / "missing").string()));
}

TEST_CASE("standalone key: never a cache entry's stand-in, nor the reverse; the other curve refused") {
  TempDir d("cuzk-sk-");
  const std::string zk = (d.p / "k.zkey").string(), entry = (d.p / "e.cuzkpk").string(),
                    sk = (d.p / "s.cuzkpk").string();
  fs::copy_file(fixture("main", "circuit.zkey"), zk);
  const ProvingKey<E> pk = read_zkey<E>(zk);
  write_prepared_key(pk, zk, entry);
  write_standalone_key(pk, sk);

  // A cache entry passed as a key: refused, deliberately (it is valid only beside its .zkey).
  CHECK(is_prepared_key_file(entry));
  const auto [msg, kind] = error_of([&] { read_key<E>(entry); });
  CHECK(msg.find(entry + ": a key cache entry") == 0);
  CHECK(kind == Error::Kind::BadInput);
  // A standalone key where the .zkey's cache entry goes: not used, and load_key rebuilds the entry.
  std::string why;
  CHECK_FALSE(read_prepared_key<E>(sk, zk, why).has_value());
  CHECK(why.find("a standalone prepared key, not this .zkey's cache entry") != std::string::npos);
  KeyCacheOptions co;
  co.dir = (d.p / "cache").string();
  fs::create_directories(co.dir);
  fs::copy_file(sk, prepared_key_path(co.dir, zk));
  KeyLoadReport rep;
  load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK(rep.wrote);
  CHECK(rep.note.find("standalone") != std::string::npos);

  // The other curve: a BN254 standalone key is BN254 by its header, refused as BLS12-381.
  const std::string bn = (d.p / "bn.cuzkpk").string();
  write_standalone_key(read_zkey<Bn>(fixture("tiny-bn128", "circuit.zkey")), bn);
  CHECK(key_curve(bn) == cuzk::pairing::CurveId::Bn254);
  CHECK(error_of([&] { read_standalone_key<E>(bn); }).first.find("another curve (BN254)") != std::string::npos);
  KeyLoadReport r2;
  CHECK(load_any_key(bn, {}, co, r2).index() == 1);
  CHECK(r2.source == "standalone");
  // A prepared key of another layout version is named before anything else.
  std::string other = slurp(bn);
  const std::uint32_t v = kPreparedLayout + 1;
  std::memcpy(other.data() + kPreparedLayoutOffset, &v, 4);
  spit(bn, other);
  CHECK(error_of([&] { key_curve(bn); }).first.find("layout version " + std::to_string(v)) != std::string::npos);
}
