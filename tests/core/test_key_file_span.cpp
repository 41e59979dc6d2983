// KeyArray's file spans (key_array.hpp): a prepared key's views name the open file and the
// byte offset of their elements, and the SectionReader reads from there exactly the bytes the
// mapping shows (what the CUDA upload does, cuda/src/resident_upload.cpp); owned arrays (a
// parsed .zkey) name none; copies and moves keep the span, refilling an array drops it.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "../groth16/bls12_381_types.hpp"
#include "../groth16/fixture_paths.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/util/section_reader.hpp"
#include "temp_dir.hpp"

using namespace cuzk::groth16;
namespace fs = std::filesystem;

namespace {

// The array's bytes as the reader gets them from its file span (direct or buffered).
template <class T>
std::string read_span(const KeyArray<T>& a, cuzk::SectionReadOptions::Mode mode) {
  const KeyFileSpan& s = a.file_span();
  REQUIRE(s.file);
  const std::size_t chunk = 3 * 4096;
  std::vector<std::uint8_t*> bufs;
  std::vector<std::vector<std::uint8_t>> own;
  for (int i = 0; i < 2; ++i) {  // 4096-aligned inside a larger block
    own.emplace_back(chunk + cuzk::SectionReader::kSlack + 4096);
    auto* p = own.back().data();
    bufs.push_back(p + (4096 - reinterpret_cast<std::uintptr_t>(p) % 4096) % 4096);
  }
  std::string got(a.size() * sizeof(T), '\0');
  cuzk::SectionReadOptions o;
  o.mode = mode;
  o.threads = 2;
  cuzk::SectionReader(s.file).read(
      s.offset, got.size(), chunk, bufs, chunk + cuzk::SectionReader::kSlack,
      [&](const cuzk::SectionChunk& c) { std::memcpy(got.data() + (c.offset - s.offset), c.data, c.bytes); }, {}, o);
  return got;
}

template <class T>
std::string bytes_of(const KeyArray<T>& a) {
  return {reinterpret_cast<const char*>(a.data()), a.size() * sizeof(T)};
}

}  // namespace

TEST_CASE("key file spans: a prepared key's views name their bytes in the file") {
  cuzk::test::TempDir d("cuzk-key-file-span-");
  const std::string zk = (d.p / "k.zkey").string(), entry = (d.p / "e.cuzkpk").string();
  fs::copy_file(cuzk::test::fixture("main", "circuit.zkey"), zk);
  const ProvingKey<E> parsed = read_zkey<E>(zk);
  CHECK_FALSE(parsed.a.file_span().file);
  CHECK_FALSE(parsed.b2.file_span().file);
  write_prepared_key(parsed, zk, entry);
  std::string why;
  auto pk = read_prepared_key<E>(entry, zk, why);
  REQUIRE_MESSAGE(pk.has_value(), why);

  std::vector<std::uint64_t> offsets;
  auto check = [&](const auto& a, const char* name) {
    CAPTURE(name);
    REQUIRE(a.file_span().file);
    CHECK(a.file_span().file->path() == entry);
    CHECK(a.file_span().offset % 4096 == 0);
    offsets.push_back(a.file_span().offset);
    for (auto mode : {cuzk::SectionReadOptions::Mode::Buffered, cuzk::SectionReadOptions::Mode::Direct})
      CHECK(read_span(a, mode) == bytes_of(a));
  };
  check(pk->coefs, "coefficients");
  check(pk->a, "A");
  check(pk->b1, "B1");
  check(pk->b2, "B2");
  check(pk->c, "C");
  check(pk->h, "H");
  for (std::size_t i = 1; i < offsets.size(); ++i) CHECK(offsets[i] > offsets[i - 1]);  // the file's order

  KeyArray<G1Affine> copy = pk->a;  // a copy of the view: the same span
  CHECK(copy.file_span().file == pk->a.file_span().file);
  CHECK(copy.file_span().offset == pk->a.file_span().offset);
  KeyArray<G1Affine> moved = std::move(copy);
  CHECK(moved.file_span().file == pk->a.file_span().file);
  CHECK_FALSE(copy.file_span().file);  // NOLINT: moved-from is empty by contract
  moved = cuzk::BigVector<G1Affine>(3);  // owned again: no file
  CHECK_FALSE(moved.file_span().file);
  CHECK_FALSE(moved.is_view());
}
