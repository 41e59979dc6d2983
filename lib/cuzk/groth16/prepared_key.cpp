#include "cuzk/groth16/prepared_key.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <type_traits>
#include <memory>
#include <span>
#include <system_error>
#include <type_traits>

#include "cuzk/groth16/binfile.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"
#include "cuzk/util/mapped_file.hpp"

namespace cuzk::groth16 {

namespace {

namespace fs = std::filesystem;
using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u64 kHeaderBytes = 4096, kAlign = 4096;
constexpr u64 kEdgeBytes = 64 * 1024;  // sampled at both ends of the big .zkey sections
enum Arr : unsigned { IC, COEFS, ROW0, ROW1, A, B1, B2, C, H, N_ARR };
constexpr const char* kArrName[N_ARR] = {"IC", "coefficients", "row_begin[0]", "row_begin[1]", "A", "B1", "B2", "C", "H"};
// The five point arrays whose checks may be deferred, indexed by KeyCheck::Array.
constexpr Arr kPointArr[KeyCheck::kArrays] = {A, B1, B2, C, H};
constexpr bool is_point_array(unsigned i) { return i >= A; }

static_assert(std::is_trivially_copyable_v<bls12_381::G1Affine> && std::is_trivially_copyable_v<bls12_381::G2Affine> &&
              std::is_trivially_copyable_v<bn254::G1Affine> && std::is_trivially_copyable_v<bn254::G2Affine> &&
              std::is_trivially_copyable_v<Coef<pairing::Bls12_381>> && std::is_trivially_copyable_v<Coef<pairing::Bn254>>);

// Every field fixed-width and naturally aligned: no padding, so the bytes hashed are the bytes written.
struct Fingerprint {
  u64 size = 0;
  std::int64_t mtime_ns = 0;
  u64 ino = 0, dev = 0;
  u8 digest[32] = {};
};

template <class E>
struct RawHeader {
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  char magic[8];
  u32 layout, endian, sz_g1, sz_g2, sz_coef, curve;  // curve: pairing::CurveId
  Fingerprint zkey;
  u32 n_vars, n_public, domain_size, log_domain;
  u8 g1[3][sizeof(G1Affine)];  // alpha1, beta1, delta1 (native layout)
  u8 g2[3][sizeof(G2Affine)];  // beta2, gamma2, delta2
  u64 count[N_ARR], offset[N_ARR];
  u8 digest[N_ARR][32];
  u64 file_size;
  u8 header_digest[32];  // SHA-256 of every byte above
};
static_assert(sizeof(RawHeader<pairing::Bls12_381>) <= kHeaderBytes && sizeof(RawHeader<pairing::Bn254>) <= kHeaderBytes);
static_assert(std::is_trivially_copyable_v<RawHeader<pairing::Bls12_381>> &&
              std::is_trivially_copyable_v<RawHeader<pairing::Bn254>>);
// Where the curve sits, whatever the curve: read before the rest of the header is interpreted.
static_assert(offsetof(RawHeader<pairing::Bls12_381>, curve) == offsetof(RawHeader<pairing::Bn254>, curve));
static_assert(offsetof(RawHeader<pairing::Bn254>, layout) == kPreparedLayoutOffset &&
              offsetof(RawHeader<pairing::Bn254>, curve) == kPreparedCurveOffset);  // standalone_key.cpp reads them

// A standalone key's fingerprint (standalone_key.hpp): size 0 (no .zkey is empty) and a tag.
Fingerprint standalone_fingerprint() {
  Fingerprint fp;
  constexpr char kTag[] = "cuzk standalone: no .zkey";
  static_assert(sizeof kTag <= sizeof fp.digest);
  std::memcpy(fp.digest, kTag, sizeof kTag);
  return fp;
}

template <class E>
std::size_t elem_size(unsigned i) {
  switch (i) {
    case IC: case A: case B1: case C: case H: return sizeof(typename E::G1Affine);
    case B2: return sizeof(typename E::G2Affine);
    case COEFS: return sizeof(Coef<E>);
    default: return sizeof(u32);
  }
}

u64 align_up(u64 x) { return (x + kAlign - 1) / kAlign * kAlign; }

template <class E>
Digest header_digest(const RawHeader<E>& h) {
  return sha256_of(std::string_view(reinterpret_cast<const char*>(&h), offsetof(RawHeader<E>, header_digest)));
}

// The .zkey as it is now: stat fields plus a digest of its small sections, its section table
// and both ends of every big section. Throws (BadInput/Io naming the file) for a broken .zkey.
Fingerprint fingerprint(const std::string& zkey) {
  struct stat st {};
  if (::stat(zkey.c_str(), &st) != 0) fail(Error::Kind::Io, zkey, std::string("cannot stat: ") + std::strerror(errno));
  BinFile f(zkey, "zkey", 1);
  std::string buf;
  auto add = [&](const void* p, std::size_t n) { buf.append(static_cast<const char*>(p), n); };
  for (u32 id = 1; id <= 10; ++id) {
    if (!f.has(id)) continue;
    const u64 n = f.section_size(id);
    add(&id, 4);
    add(&n, 8);
    Reader r = f.section(id, "section " + std::to_string(id));
    const u8* p = r.take(std::size_t(n));
    if (id <= 3 || n <= 2 * kEdgeBytes) {
      add(p, std::size_t(n));
    } else {
      add(p, kEdgeBytes);
      add(p + n - kEdgeBytes, kEdgeBytes);
    }
  }
  Fingerprint fp;
  fp.size = u64(st.st_size);
  fp.mtime_ns = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  fp.ino = u64(st.st_ino);
  fp.dev = u64(st.st_dev);
  const Digest d = sha256_of(buf);
  std::memcpy(fp.digest, d.data(), 32);
  return fp;
}

struct Span {
  const void* p;
  u64 count;
};

template <class E>
std::array<Span, N_ARR> spans_of(const ProvingKey<E>& pk) {
  return {Span{pk.ic.data(), pk.ic.size()},          Span{pk.coefs.data(), pk.coefs.size()},
          Span{pk.row_begin[0].data(), pk.row_begin[0].size()}, Span{pk.row_begin[1].data(), pk.row_begin[1].size()},
          Span{pk.a.data(), pk.a.size()},            Span{pk.b1.data(), pk.b1.size()},
          Span{pk.b2.data(), pk.b2.size()},          Span{pk.c.data(), pk.c.size()},
          Span{pk.h.data(), pk.h.size()}};
}

// An array's content check: the CRC-32C tree (digest.hpp checksum_tree; layout 2, was the
// SHA-256 tree in layout 1: 0.95 s of a 2^24 key's 1.0 s start on the H200 host).
Digest array_digest(const void* p, u64 bytes) { return checksum_tree({static_cast<const u8*>(p), std::size_t(bytes)}); }

template <class E>
void write_with_fingerprint(const ProvingKey<E>& pk, const Fingerprint& fp, const std::string& out) {
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  pk.wait_all_checked();  // never a fresh digest over bytes whose own check has not passed
  RawHeader<E> h;
  std::memset(static_cast<void*>(&h), 0, sizeof h);
  std::memcpy(h.magic, kPreparedMagic, 8);
  h.layout = kPreparedLayout;
  h.endian = 0x01020304;
  h.sz_g1 = sizeof(G1Affine);
  h.sz_g2 = sizeof(G2Affine);
  h.sz_coef = sizeof(Coef<E>);
  static_assert(std::has_unique_object_representations_v<Coef<E>>, "Coef goes into the file raw: no padding bytes");
  h.curve = u32(E::id);
  h.zkey = fp;
  const ZkeyHeader<E>& z = pk.header;
  h.n_vars = z.n_vars;
  h.n_public = z.n_public;
  h.domain_size = z.domain_size;
  h.log_domain = z.log_domain;
  // Field by field over zeros: a point's padding (after `inf`) is whatever its copies left.
  auto put = [](u8* dst, const auto& p) {
    std::remove_cvref_t<decltype(p)> q;
    std::memset(static_cast<void*>(&q), 0, sizeof q);
    q.x = p.x;
    q.y = p.y;
    q.inf = p.inf;
    std::memcpy(dst, static_cast<const void*>(&q), sizeof q);
  };
  put(h.g1[0], z.alpha1);
  put(h.g1[1], z.beta1);
  put(h.g1[2], z.delta1);
  put(h.g2[0], z.beta2);
  put(h.g2[1], z.gamma2);
  put(h.g2[2], z.delta2);
  const auto sp = spans_of(pk);
  u64 at = kHeaderBytes;
  for (unsigned i = 0; i < N_ARR; ++i) {
    h.count[i] = sp[i].count;
    h.offset[i] = at;
    const Digest d = array_digest(sp[i].p, sp[i].count * elem_size<E>(i));
    std::memcpy(h.digest[i], d.data(), 32);
    at = align_up(at + sp[i].count * elem_size<E>(i));
  }
  h.file_size = at;
  const Digest hd = header_digest(h);
  std::memcpy(h.header_digest, hd.data(), 32);

  AtomicFile f(out);
  static const std::array<char, kAlign> zeros{};
  f.write(&h, sizeof h);
  f.write(zeros.data(), std::size_t(kHeaderBytes - sizeof h));
  u64 pos = kHeaderBytes;
  for (unsigned i = 0; i < N_ARR; ++i) {
    const u64 n = sp[i].count * elem_size<E>(i);
    if (n) f.write(sp[i].p, std::size_t(n));
    pos += n;
    const u64 pad = align_up(pos) - pos;
    if (pad) f.write(zeros.data(), std::size_t(pad));
    pos += pad;
  }
  f.commit();
}

// The mapped file opened again for reads (KeyFileSpan), when it is still the file that was
// mapped: same size and the same header, whose digests cover every array. nullptr when not
// (replaced meanwhile, or no descriptor to be had): the views then have the mapping only.
std::shared_ptr<const InputFile> reopen_mapped(const MappedFile& m) {
  try {
    auto f = std::make_shared<const InputFile>(m.path());
    std::array<u8, kHeaderBytes> head{};
    if (f->size() != m.size() || ::pread(f->fd(), head.data(), head.size(), 0) != ssize_t(head.size()) ||
        std::memcmp(head.data(), m.data(), head.size()) != 0)
      return nullptr;
    return f;
  } catch (const std::exception&) {
    return nullptr;
  }
}

// A deferred check's hook for a key cache entry (prepared_key.hpp: a failed entry is removed,
// so the next load of the .zkey parses it again and rebuilds the entry), when `entry` is still
// the file that was mapped.
KeyCheck::OnFail remove_entry_on_failure(const std::string& entry, const std::string& zkey) {
  struct stat st {};
  if (::stat(entry.c_str(), &st) != 0) return {};
  return [entry, zkey, dev = st.st_dev, ino = st.st_ino](const std::string&) -> std::string {
    struct stat now {};
    if (::stat(entry.c_str(), &now) != 0 || now.st_dev != dev || now.st_ino != ino)
      return " (a key cache entry of " + zkey + ", already replaced)";
    if (::unlink(entry.c_str()) != 0)
      return " (a key cache entry of " + zkey + "; it could not be removed: " + std::strerror(errno) +
             "; remove it by hand)";
    return " (a key cache entry of " + zkey + ": removed; the next load parses the .zkey again and rebuilds it; work "
           "that already failed is not retried)";
  };
}

// defer: the five point arrays' content checks run after the return, on the key's KeyCheck
// (prepared_key.hpp); on_fail: that check's hook for a failure.
template <class E>
std::optional<ProvingKey<E>> read_with_fingerprint(const std::string& file, const Fingerprint& fp, std::string& why,
                                                   bool header_only = false, bool defer = false,
                                                   const std::function<KeyCheck::OnFail()>& on_fail = {}) {
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  std::shared_ptr<MappedFile> m;
  try {
    m = std::make_shared<MappedFile>(file);
  } catch (const std::exception& e) {
    why = e.what();
    return std::nullopt;
  }
  auto no = [&](const std::string& msg) {
    why = file + ": " + msg;
    return std::nullopt;
  };
  if (m->size() < kHeaderBytes) return no("truncated (" + std::to_string(m->size()) + " bytes, header needs 4096)");
  RawHeader<E> h;
  std::memcpy(&h, m->data(), sizeof h);
  if (std::memcmp(h.magic, kPreparedMagic, 8) != 0) return no("not a cuzk prepared key (bad magic)");
  if (h.layout != kPreparedLayout) return no("layout version " + std::to_string(h.layout) + ", this build reads " +
                                             std::to_string(kPreparedLayout));
  if (h.curve != u32(E::id))
    return no(std::string("a key of another curve (") +
              (h.curve == u32(pairing::CurveId::Bn254) || h.curve == u32(pairing::CurveId::Bls12_381)
                   ? pairing::display_name(pairing::CurveId(h.curve))
                   : "unknown") +
              "), not " + E::display_name);
  if (h.endian != 0x01020304 || h.sz_g1 != sizeof(G1Affine) || h.sz_g2 != sizeof(G2Affine) || h.sz_coef != sizeof(Coef<E>))
    return no("made by a build with other element layouts");
  if (Digest d = header_digest(h); std::memcmp(d.data(), h.header_digest, 32) != 0) return no("header checksum mismatch");
  if (std::memcmp(&h.zkey, &fp, sizeof fp) != 0) {
    const Fingerprint alone = standalone_fingerprint();
    if (std::memcmp(&fp, &alone, sizeof fp) == 0)
      return no("a key cache entry (tied to the .zkey it was prepared from), not a standalone key: pass that .zkey");
    if (std::memcmp(&h.zkey, &alone, sizeof fp) == 0) return no("a standalone prepared key, not this .zkey's cache entry");
    return no("stale (the .zkey changed since it was prepared)");
  }
  if (h.file_size != m->size())
    return no("size " + std::to_string(m->size()) + " bytes, its header says " + std::to_string(h.file_size));
  const u64 nv = h.n_vars, np = h.n_public, n = h.domain_size;
  const u64 want[N_ARR] = {np + 1, h.count[COEFS], n + 1, n + 1, nv, nv, nv, nv - np - 1, h.count[H]};
  if (np + 1 > nv || (h.count[H] != 0 && h.count[H] != n)) return no("counts disagree with its header");
  if (n == 0 || (n & (n - 1)) || h.log_domain >= 32 || (u64(1) << h.log_domain) != n)
    return no("domainSize " + std::to_string(n) + " and log2 " + std::to_string(h.log_domain) + " disagree");
  for (unsigned i = 0; i < N_ARR; ++i) {
    if (h.count[i] != want[i]) return no(std::string(kArrName[i]) + ": count disagrees with the header");
    if (h.offset[i] % kAlign || h.offset[i] < kHeaderBytes || h.offset[i] > m->size() ||
        h.count[i] > (m->size() - h.offset[i]) / elem_size<E>(i))
      return no(std::string(kArrName[i]) + ": outside the file");
  }
  // Every byte outside the arrays is zero (the header's tail, the alignment padding), so no
  // byte of the file escapes a check.
  auto zero = [&](u64 from, u64 to) {
    for (u64 i = from; i < to; ++i)
      if (m->data()[i]) return false;
    return true;
  };
  if (!zero(sizeof h, kHeaderBytes) || h.offset[0] != kHeaderBytes) return no("header padding is not zero");
  for (unsigned i = 0; i < N_ARR; ++i) {
    const u64 end = h.offset[i] + h.count[i] * elem_size<E>(i);
    const u64 next = i + 1 < N_ARR ? h.offset[i + 1] : m->size();
    if (next < end || next != align_up(end) || !zero(end, next)) return no(std::string(kArrName[i]) + ": bad padding");
  }
  // The content, every byte (CRC-32C tree on all cores): the point arrays' checks may be left
  // to a KeyCheck that runs after the return; everything else is checked here.
  auto content = [&](unsigned i) { return std::span<const u8>(m->data() + h.offset[i], h.count[i] * elem_size<E>(i)); };
  auto stored = [&](unsigned i) {
    Digest d;
    std::memcpy(d.data(), h.digest[i], 32);
    return d;
  };
  std::shared_ptr<const KeyCheck> deferred;
  for (int pass = 0; pass < 2; ++pass) {  // 0: all but the point arrays; 1: those, unless deferred
    for (unsigned i = 0; i < N_ARR; ++i) {
      if ((header_only && i != IC) || is_point_array(i) != (pass == 1)) continue;
      if (!content_matches(content(i), stored(i))) return no(std::string(kArrName[i]) + ": " + kContentMismatch);
    }
    if (pass == 0 && defer && !header_only) {
      std::array<KeyCheck::Item, KeyCheck::kArrays> items;
      for (std::size_t j = 0; j < KeyCheck::kArrays; ++j) items[j] = {content(kPointArr[j]), stored(kPointArr[j])};
      try {
        deferred = std::make_shared<const KeyCheck>(file, m, items, on_fail ? on_fail() : KeyCheck::OnFail{});
        break;
      } catch (const std::system_error&) {  // no thread to be had: checked here instead
      }
    }
  }

  ProvingKey<E> k;
  ZkeyHeader<E>& z = k.header;
  z.n_vars = h.n_vars;
  z.n_public = h.n_public;
  z.domain_size = h.domain_size;
  z.log_domain = h.log_domain;
  std::memcpy(&z.alpha1, h.g1[0], sizeof(G1Affine));
  std::memcpy(&z.beta1, h.g1[1], sizeof(G1Affine));
  std::memcpy(&z.delta1, h.g1[2], sizeof(G1Affine));
  std::memcpy(&z.beta2, h.g2[0], sizeof(G2Affine));
  std::memcpy(&z.gamma2, h.g2[1], sizeof(G2Affine));
  std::memcpy(&z.delta2, h.g2[2], sizeof(G2Affine));
  auto at = [&](unsigned i) { return m->data() + h.offset[i]; };
  k.ic.resize(h.count[IC]);
  if (!k.ic.empty()) std::memcpy(k.ic.data(), at(IC), k.ic.size() * sizeof(G1Affine));
  if (header_only) return k;  // the header and IC, as read_zkey_header gives
  for (unsigned r = 0; r < 2; ++r) {
    k.row_begin[r].resize(h.count[ROW0 + r]);
    std::memcpy(k.row_begin[r].data(), at(ROW0 + r), k.row_begin[r].size() * sizeof(u32));
  }
  std::shared_ptr<const void> keep = m;
  // The views also name the file and their offsets (a GPU upload reads them from there).
  const std::shared_ptr<const InputFile> src = reopen_mapped(*m);
  auto in_file = [&](unsigned i) { return src ? KeyFileSpan{src, h.offset[i]} : KeyFileSpan{}; };
  k.coefs = KeyArray<Coef<E>>::view(keep, reinterpret_cast<const Coef<E>*>(at(COEFS)), h.count[COEFS], in_file(COEFS));
  k.a = KeyArray<G1Affine>::view(keep, reinterpret_cast<const G1Affine*>(at(A)), h.count[A], in_file(A));
  k.b1 = KeyArray<G1Affine>::view(keep, reinterpret_cast<const G1Affine*>(at(B1)), h.count[B1], in_file(B1));
  k.b2 = KeyArray<G2Affine>::view(keep, reinterpret_cast<const G2Affine*>(at(B2)), h.count[B2], in_file(B2));
  k.c = KeyArray<G1Affine>::view(keep, reinterpret_cast<const G1Affine*>(at(C)), h.count[C], in_file(C));
  k.h = KeyArray<G1Affine>::view(keep, reinterpret_cast<const G1Affine*>(at(H)), h.count[H], in_file(H));
  k.deferred_check = std::move(deferred);
  return k;
}

}  // namespace

std::string default_key_cache_dir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x == '/') return std::string(x) + "/cuzk";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/cuzk";
  return "";
}

std::string prepared_key_path(const std::string& dir, const std::string& zkey) {
  std::error_code ec;
  fs::path abs = fs::absolute(zkey, ec);
  const std::string name = ec ? zkey : abs.lexically_normal().string();
  return (fs::path(dir) / (to_hex(sha256_of(name)).substr(0, 32) + ".cuzkpk")).string();
}

template <class E>
void write_prepared_key(const ProvingKey<E>& pk, const std::string& zkey, const std::string& out) {
  write_with_fingerprint(pk, fingerprint(zkey), out);
}

template <class E>
std::optional<ProvingKey<E>> read_prepared_key(const std::string& file, const std::string& zkey, std::string& why,
                                               bool defer_point_checks) {
  auto k = read_with_fingerprint<E>(file, fingerprint(zkey), why, false, defer_point_checks,
                                    [&] { return remove_entry_on_failure(file, zkey); });
  if (k) k->path = zkey;
  return k;
}

template <class E>
void write_prepared_standalone(const ProvingKey<E>& pk, const std::string& out) {
  write_with_fingerprint(pk, standalone_fingerprint(), out);
}

template <class E>
std::optional<ProvingKey<E>> read_prepared_standalone(const std::string& file, bool header_only, std::string& why,
                                                      bool defer_point_checks) {
  auto k = read_with_fingerprint<E>(file, standalone_fingerprint(), why, header_only, defer_point_checks);
  if (k) k->path = file;
  return k;
}

// The bytes of k's point arrays whose checks run after the load (0 when none do): the load itself
// did not read them (KeyLoadReport::bytes).
template <class E>
u64 deferred_bytes(const ProvingKey<E>& k) {
  return k.deferred_check ? k.point_bytes() : 0;
}

template <class E>
ProvingKey<E> load_key(const std::string& zkey, const ZkeyOptions& zo, const KeyCacheOptions& co, KeyLoadReport& rep) {
  rep = {};
  rep.curve = E::snarkjs_name;
  if (is_prepared_key_file(zkey)) {  // a standalone prepared key: mapped and checked, no cache entry
    ProvingKey<E> k = read_standalone_key<E>(zkey, co.defer_point_checks);
    rep.source = "standalone";
    std::error_code ec;
    const u64 size = fs::file_size(zkey, ec);
    rep.bytes = ec ? 0 : size - deferred_bytes(k);
    return k;
  }
  rep.source = "zkey";
  const std::string dir = co.dir.empty() ? default_key_cache_dir() : co.dir;
  if (!co.enabled || !zo.load_h || dir.empty()) {
    ProvingKey<E> k = read_zkey<E>(zkey, zo);
    rep.bytes = fs::file_size(zkey);
    return k;
  }
  if (co.dir.empty()) {  // the default folder holds big keys only: a small one is parsed, not mapped twice
    struct stat st {};
    if (::stat(zkey.c_str(), &st) == 0 && S_ISREG(st.st_mode) && u64(st.st_size) < co.min_bytes) {
      rep.bytes = u64(st.st_size);
      return read_zkey<E>(zkey, zo);
    }
  }
  const Fingerprint fp = fingerprint(zkey);  // a broken .zkey fails here as read_zkey would
  rep.bytes = fp.size;
  const std::string entry = prepared_key_path(dir, zkey);
  rep.cache_path = entry;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(entry, ec))) {
    std::string why;
    if (auto k = read_with_fingerprint<E>(entry, fp, why, false, co.defer_point_checks,
                                          [&] { return remove_entry_on_failure(entry, zkey); })) {
      k->path = zkey;
      rep.source = "prepared";
      const u64 size = fs::file_size(entry, ec);
      rep.cache_bytes = ec ? 0 : size;
      rep.bytes = ec ? 0 : size - deferred_bytes(*k);
      return std::move(*k);
    }
    rep.note = "key cache entry not used (" + why + "); rebuilding it from " + zkey;
  }
  ProvingKey<E> k = read_zkey<E>(zkey, zo);
  if (!(zo.check_points && zo.check_subgroups)) return k;  // never store what was not fully checked
  try {
    if (fingerprint(zkey).mtime_ns != fp.mtime_ns) return k;  // changed while it was read: do not store
    fs::create_directories(dir, ec);
    if (ec) fail(Error::Kind::Io, dir, "cannot create the key cache folder: " + ec.message());
    write_with_fingerprint(k, fp, entry);
    rep.wrote = true;
    rep.cache_bytes = fs::file_size(entry, ec);
  } catch (const std::exception& e) {
    rep.note = std::string("key cache not written: ") + e.what();
  }
  return k;
}

std::variant<ProvingKey<pairing::Bls12_381>, ProvingKey<pairing::Bn254>> load_any_key(const std::string& zkey,
                                                                                       const ZkeyOptions& zo,
                                                                                       const KeyCacheOptions& co,
                                                                                       KeyLoadReport& rep) {
  return pairing::with_curve(key_curve(zkey), [&](auto e) {
    return std::variant<ProvingKey<pairing::Bls12_381>, ProvingKey<pairing::Bn254>>(
        load_key<decltype(e)>(zkey, zo, co, rep));
  });
}

#define CUZK_PREPARED_KEY_INSTANCES(E)                                                                       \
  template void write_prepared_key<E>(const ProvingKey<E>&, const std::string&, const std::string&);        \
  template std::optional<ProvingKey<E>> read_prepared_key<E>(const std::string&, const std::string&,        \
                                                             std::string&, bool);                           \
  template ProvingKey<E> load_key<E>(const std::string&, const ZkeyOptions&, const KeyCacheOptions&, KeyLoadReport&); \
  template void write_prepared_standalone<E>(const ProvingKey<E>&, const std::string&);                     \
  template std::optional<ProvingKey<E>> read_prepared_standalone<E>(const std::string&, bool, std::string&, bool);
CUZK_PREPARED_KEY_INSTANCES(pairing::Bls12_381)
CUZK_PREPARED_KEY_INSTANCES(pairing::Bn254)
#undef CUZK_PREPARED_KEY_INSTANCES

}  // namespace cuzk::groth16
