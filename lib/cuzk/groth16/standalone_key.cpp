#include "cuzk/groth16/standalone_key.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/mapped_file.hpp"

namespace cuzk::groth16 {

namespace {

template <class E>
ProvingKey<E> read_checked(const std::string& path, bool header_only, bool defer = false) {
  { MappedFile probe(path); }  // an unreadable file is Io, named, before the checks below
  std::string why;
  auto k = read_prepared_standalone<E>(path, header_only, why, defer);
  if (!k) throw Error(Error::Kind::BadInput, why);  // `why` names the file
  return std::move(*k);
}

}  // namespace

bool is_prepared_key_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  char head[sizeof kPreparedMagic];
  const ssize_t n = ::pread(fd, head, sizeof head, 0);
  ::close(fd);
  return n == ssize_t(sizeof head) && std::memcmp(head, kPreparedMagic, sizeof head) == 0;
}

CurveId key_curve(const std::string& path) {
  if (!is_prepared_key_file(path)) return zkey_curve(path);
  MappedFile m(path);
  if (m.size() < kPreparedCurveOffset + 4)
    fail(Error::Kind::BadInput, path, "truncated (" + std::to_string(m.size()) + " bytes, header needs 4096)");
  std::uint32_t layout = 0, curve = 0;
  std::memcpy(&layout, m.data() + kPreparedLayoutOffset, 4);
  std::memcpy(&curve, m.data() + kPreparedCurveOffset, 4);
  if (layout != kPreparedLayout)
    fail(Error::Kind::BadInput, path,
         "prepared key layout version " + std::to_string(layout) + ", this build reads " + std::to_string(kPreparedLayout));
  if (curve != std::uint32_t(CurveId::Bls12_381) && curve != std::uint32_t(CurveId::Bn254))
    fail(Error::Kind::BadInput, path, "prepared key of an unknown curve (" + std::to_string(curve) + ")");
  return CurveId(curve);
}

template <class E>
void write_standalone_key(const ProvingKey<E>& pk, const std::string& out) {
  write_prepared_standalone(pk, out);
}

template <class E>
ProvingKey<E> read_standalone_key(const std::string& path, bool defer_point_checks) {
  return read_checked<E>(path, false, defer_point_checks);
}

template <class E>
ProvingKey<E> read_key(const std::string& path, const ZkeyOptions& opt, bool defer_point_checks) {
  return is_prepared_key_file(path) ? read_checked<E>(path, false, defer_point_checks) : read_zkey<E>(path, opt);
}

template <class E>
ProvingKey<E> read_key_header(const std::string& path) {
  return is_prepared_key_file(path) ? read_checked<E>(path, true) : read_zkey_header<E>(path);
}

#define CUZK_STANDALONE_KEY_INSTANCES(E)                                                \
  template void write_standalone_key<E>(const ProvingKey<E>&, const std::string&);     \
  template ProvingKey<E> read_standalone_key<E>(const std::string&, bool);             \
  template ProvingKey<E> read_key<E>(const std::string&, const ZkeyOptions&, bool);    \
  template ProvingKey<E> read_key_header<E>(const std::string&);
CUZK_STANDALONE_KEY_INSTANCES(pairing::Bls12_381)
CUZK_STANDALONE_KEY_INSTANCES(pairing::Bn254)
#undef CUZK_STANDALONE_KEY_INSTANCES

}  // namespace cuzk::groth16
