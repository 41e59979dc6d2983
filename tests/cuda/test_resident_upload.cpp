// ResidentBases::upload_file (cuda/src/resident_upload.cpp): points read from a file with the
// SectionReader into the page-locked staging, packed there in place and copied up, give the
// same device bases as the upload from memory, for either curve's G1 and G2, infinity points,
// buffered and direct reads, chunks on and off 4096-byte boundaries, sections at aligned and
// odd file offsets; a section past the file's end is one Error naming the file.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ec/bn254_curves.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/section_reader.hpp"
#include "temp_dir.hpp"

using namespace cuzk;
using Mode = SectionReadOptions::Mode;

namespace {

template <class A>
std::vector<typename A::Field> device_bases(const cuda::ResidentBases<A>& b) {
  std::vector<typename A::Field> v(2 * b.size());
  if (!v.empty())
    CUZK_CUDA_CHECK(cudaMemcpy(v.data(), b.device_xy(), v.size() * sizeof(v[0]), cudaMemcpyDeviceToHost));
  return v;
}

template <class Curve>
void check_curve(const char* name) {
  using A = ec::Affine<Curve>;
  const std::string curve = name;
  CAPTURE(curve);
  const std::size_t n = 5003;
  auto p = test::random_points<Curve>(n);
  for (std::size_t i = 0; i < n; i += 7) p[i].inf = true;  // infinity with coordinates left in: must go up as 0, 0
  cuda::Context ctx;
  cuda::ResidentBases<A> want;
  want.upload(ctx, p.data(), n);
  const auto ref = device_bases(want);
  for (std::size_t i = 0; i < n; i += 7) CHECK(ref[2 * i] == A::Field::zero());

  test::TempDir dir("cuzk-resident-upload-");
  for (std::size_t at : {std::size_t(4096), std::size_t(8)}) {  // where the section starts in the file
    std::string bytes(at, '\x5a');
    bytes.append(reinterpret_cast<const char*>(p.data()), n * sizeof(A));
    bytes.append(777, '\xa5');
    const std::string path = dir.put("key-" + std::to_string(at), bytes);
    const SectionReader reader(path);
    // Buffers: chunks a multiple of 4096 bytes, chunks that are not (a few points), one thread.
    const std::size_t step = 4096 / std::gcd(sizeof(A), std::size_t(4096));
    const std::size_t sizes[] = {SectionReader::kSlack + 2 * step * sizeof(A), SectionReader::kSlack + 300 * sizeof(A)};
    for (std::size_t buffer_bytes : sizes) {
      for (unsigned packers : {1u, 3u}) {
        for (Mode mode : {Mode::Buffered, Mode::Direct}) {
          CAPTURE(at);
          CAPTURE(buffer_bytes);
          CAPTURE(packers);
          CAPTURE(int(mode));
          cuda::UploadStaging st(buffer_bytes, packers);
          SectionReadOptions o;
          o.mode = mode;
          cuda::ResidentBases<A> got;
          const SectionReadReport rep = got.upload_file(ctx, reader, at, n, st, o);
          CHECK(rep.bytes == n * sizeof(A));
          CHECK(rep.direct == (mode == Mode::Direct));
          CHECK(got.size() == n);
          CHECK(device_bases(got) == ref);
        }
      }
    }
    cuda::UploadStaging st(SectionReader::kSlack + 64 * sizeof(A), 2);
    cuda::ResidentBases<A> got;
    try {
      // past the file's end whatever the point's size (777 bytes follow the section)
      got.upload_file(ctx, reader, at, n + 777 / sizeof(A) + 1, st);
      FAIL("a section past the end was uploaded");
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find(path) != std::string::npos);
    }
    CHECK(got.upload_file(ctx, reader, at, 0, st).bytes == 0);
    CHECK(got.size() == 0);
  }
}

}  // namespace

TEST_CASE("upload_file: the same device bases as the upload from memory") {
  check_curve<bls12_381::G1Curve>("BLS12-381 G1");
  check_curve<bls12_381::G2Curve>("BLS12-381 G2");
  check_curve<bn254::G1Curve>("BN254 G1");
  check_curve<bn254::G2Curve>("BN254 G2");
}

// Heavy (CUZK_HEAVY=1; docs/experiments/tools/key-read.sh runs it): CUZK_UPLOAD_POINTS
// BLS12-381 G1 points (default 2^24, a 2^24 key's A: 1.7 GB) written to a file under TMPDIR, its
// pages dropped, then uploaded with upload_file (direct) and from memory; the rates are printed
// (never checked: tests do not fail on time) and the device bases compared.
TEST_CASE("upload_file: a cold 2^24 section, direct, against the upload from memory (heavy)") {
  if (!std::getenv("CUZK_HEAVY")) return;
  using A = bls12_381::G1Affine;
  const char* env = std::getenv("CUZK_UPLOAD_POINTS");
  const std::size_t n = env ? std::size_t(std::strtoull(env, nullptr, 10)) : std::size_t(1) << 24;
  const auto tile = test::random_points<bls12_381::G1Curve>(4099);
  std::vector<A> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = tile[i % tile.size()];
  test::TempDir dir("cuzk-resident-upload-heavy-");
  const std::string path = (dir.p / "section").string();
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(p.data()), std::streamsize(n * sizeof(A)));
    REQUIRE(out.good());
  }
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  ::fdatasync(fd);
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
  cuda::Context ctx;
  cuda::UploadStaging st;
  const SectionReader reader(path);
  const double cached = reader.resident_fraction(0, n * sizeof(A));
  SectionReadOptions o;
  o.mode = Mode::Direct;
  cuda::ResidentBases<A> got, want;
  const auto t0 = std::chrono::steady_clock::now();
  const SectionReadReport rep = got.upload_file(ctx, reader, 0, n, st, o);
  const auto t1 = std::chrono::steady_clock::now();
  want.upload(ctx, p.data(), n, st);
  const auto t2 = std::chrono::steady_clock::now();
  const double gb = double(n * sizeof(A)) / 1e9, s1 = std::chrono::duration<double>(t1 - t0).count(),
               s2 = std::chrono::duration<double>(t2 - t1).count();
  MESSAGE(gb << " GB, " << cached * 100 << " % cached before: upload_file direct " << s1 << " s (" << gb / s1
             << " GB/s; threads in pread " << rep.read_seconds << " s summed); from memory " << s2 << " s ("
             << gb / s2 << " GB/s)");
  CHECK(rep.direct);
  CHECK(device_bases(got) == device_bases(want));
}
