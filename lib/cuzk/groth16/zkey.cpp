#include "cuzk/groth16/zkey.hpp"

#include <tbb/parallel_for.h>

#include <atomic>
#include <cstring>

#include "cuzk/ec/snarkjs_points.hpp"
#include "cuzk/groth16/binfile.hpp"

namespace cuzk::groth16 {

namespace {

constexpr std::uint32_t kProtocolGroth16 = 1;

template <class F>
bool is_prime_of(const std::uint8_t* p) {
  for (std::size_t i = 0; i < 8 * F::N; ++i)
    if (p[i] != std::uint8_t(F::P[i / 8] >> (8 * (i % 8)))) return false;
  return true;
}

// Section 1 (protocol) checked; section 2 read up to r: the key's curve from n8q, q, n8r, r.
CurveId read_curve(const BinFile& f, Reader& r) {
  {
    Reader p = f.section(1, "protocol");
    std::uint32_t proto = p.u32();
    if (proto != kProtocolGroth16)
      p.bad("protocol " + std::to_string(proto) + " is not Groth16 (1); plonk/fflonk keys are not supported");
  }
  const std::uint32_t n8q = r.u32();
  if (n8q != 48 && n8q != 32)
    r.bad("n8q = " + std::to_string(n8q) + ": neither BLS12-381 (48) nor BN254 (32)");
  const std::uint8_t* q = r.take(n8q);
  CurveId c = n8q == 48 ? CurveId::Bls12_381 : CurveId::Bn254;
  const bool q_ok = pairing::with_curve(c, [&](auto e) { return is_prime_of<typename decltype(e)::Fq>(q); });
  if (!q_ok)
    r.bad(std::string("the base field prime q is not ") + pairing::display_name(c) + "'s (n8q = " +
          std::to_string(n8q) + "): a curve cuzk does not prove over");
  const std::uint32_t n8r = r.u32();
  if (n8r != 32) r.bad("n8r = " + std::to_string(n8r) + ", expected 32");
  const std::uint8_t* rp = r.take(n8r);
  const bool r_ok = pairing::with_curve(c, [&](auto e) { return is_prime_of<typename decltype(e)::Fr>(rp); });
  if (!r_ok) r.bad(std::string("the scalar field prime r is not ") + pairing::display_name(c) + "'s");
  return c;
}

enum class PointFault { None, Coordinate, OffCurve };

template <class Pt>
BigVector<Pt> read_points(const BinFile& f, std::uint32_t id, const char* name, std::uint64_t count,
                          const ZkeyOptions& opt) {
  constexpr std::size_t bytes = ec::snarkjs::POINT_BYTES<typename Pt::CurveT>;
  Reader r = f.section(id, name);
  if (r.remaining() != count * bytes)  // checked up front too (check_layout); kept as the guard of this read
    r.bad("holds " + std::to_string(r.remaining()) + " bytes, expected " + std::to_string(count) + " points of " +
          std::to_string(bytes) + " bytes");
  const std::uint8_t* base = r.take(std::size_t(count * bytes));
  BigVector<Pt> out(count);
  auto fault = [&](std::size_t i) {
    if (!ec::snarkjs::read_point(base + i * bytes, out[i])) return PointFault::Coordinate;
    return opt.check_points && !out[i].on_curve() ? PointFault::OffCurve : PointFault::None;
  };
  std::atomic<std::size_t> bad{SIZE_MAX};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i)
      if (fault(i) != PointFault::None) keep_first(bad, i);
  });
  if (const std::size_t i = bad.load(); i != SIZE_MAX)
    r.bad("point " + std::to_string(i) +
          (fault(i) == PointFault::Coordinate ? " has a coordinate not below q" : " is not on the curve"));
  // Only on-curve points reach here, which the batched subgroup check needs.
  if (opt.check_points && opt.check_subgroups && !points_in_subgroup(out.data(), out.size()))
    r.bad("a point of section " + std::to_string(id) + " is not in the prime-order subgroup");
  return out;
}

// Every section's size against the header, in 64-bit arithmetic, before anything sized by
// the header is allocated: a 6 KB file whose header claims domainSize = 2^31 or
// nPublic = 2^32 − 1 is refused here, not after an attempt to allocate gigabytes.
template <class E>
void check_layout(const BinFile& f, const ZkeyHeader<E>& h) {
  const std::uint64_t nv = h.n_vars, np = h.n_public, n = h.domain_size;
  constexpr std::uint64_t g1b = ec::snarkjs::POINT_BYTES<typename E::G1Curve>;
  constexpr std::uint64_t g2b = ec::snarkjs::POINT_BYTES<typename E::G2Curve>;
  auto bad = [&](const std::string& m) { fail(Error::Kind::BadInput, f.path(), "section 2 (Groth16 header): " + m); };
  if (np + 1 > nv)
    bad("nPublic = " + std::to_string(np) + " leaves no room in nVars = " + std::to_string(nv) +
        " (needs nPublic + 1 <= nVars)");
  struct Want {
    std::uint32_t id;
    const char* name;
    std::uint64_t count, bytes;
    const char* from;
  };
  const Want want[] = {{3, "IC", np + 1, g1b, "nPublic + 1"},   {5, "A", nv, g1b, "nVars"},
                       {6, "B1", nv, g1b, "nVars"},             {7, "B2", nv, g2b, "nVars"},
                       {8, "C", nv - np - 1, g1b, "nVars - nPublic - 1"}, {9, "H", n, g1b, "domainSize"}};
  for (const Want& w : want) {
    const std::string what = "section " + std::to_string(w.id) + " (" + w.name + ")";
    if (!f.has(w.id)) fail(Error::Kind::BadInput, f.path(), what + " is missing");
    if (f.section_size(w.id) != w.count * w.bytes)
      fail(Error::Kind::BadInput, f.path(),
           what + " holds " + std::to_string(f.section_size(w.id)) + " bytes, but " + w.from + " = " +
               std::to_string(w.count) + " needs " + std::to_string(w.count * w.bytes) + " (points of " +
               std::to_string(w.bytes) + " bytes)");
  }
  if (!f.has(4)) fail(Error::Kind::BadInput, f.path(), "section 4 (coefficients) is missing");
  const std::uint64_t cs = f.section_size(4);
  if (cs < 4 || (cs - 4) % 44 != 0)
    fail(Error::Kind::BadInput, f.path(),
         "section 4 (coefficients) holds " + std::to_string(cs) + " bytes, not 4 + a multiple of 44");
}

template <class E>
ProvingKey<E> read_common(const BinFile& f, const std::string& path, const ZkeyOptions& opt) {
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  ProvingKey<E> k;
  k.path = path;
  Reader r = f.section(2, "Groth16 header");
  if (const CurveId c = read_curve(f, r); c != E::id)
    r.bad(std::string("a ") + pairing::display_name(c) + " key where a " + E::display_name + " key was expected");
  auto& h = k.header;
  h.n_vars = r.u32();
  h.n_public = r.u32();
  h.domain_size = r.u32();
  if (h.domain_size == 0 || (h.domain_size & (h.domain_size - 1)))
    r.bad("domainSize " + std::to_string(h.domain_size) + " is not a power of two");
  while ((std::uint64_t(1) << h.log_domain) < h.domain_size) ++h.log_domain;
  auto g1 = [&](G1Affine& p, const char* nm) {
    if (!ec::snarkjs::read_point(r.take(ec::snarkjs::POINT_BYTES<typename E::G1Curve>), p) || !p.on_curve() ||
        !E::in_subgroup(p))
      r.bad(std::string(nm) + " is not a valid G1 point");
  };
  auto g2 = [&](G2Affine& p, const char* nm) {
    if (!ec::snarkjs::read_point(r.take(ec::snarkjs::POINT_BYTES<typename E::G2Curve>), p) || !p.on_curve() ||
        !E::in_subgroup(p))
      r.bad(std::string(nm) + " is not a valid G2 point");
  };
  g1(h.alpha1, "alpha1");
  g1(h.beta1, "beta1");
  g2(h.beta2, "beta2");
  g2(h.gamma2, "gamma2");
  g1(h.delta1, "delta1");
  g2(h.delta2, "delta2");
  check_layout(f, h);
  ZkeyOptions ic_opt = opt;  // the verification key's points are always checked
  ic_opt.check_points = true;
  const auto ic = read_points<G1Affine>(f, 3, "IC", std::uint64_t(h.n_public) + 1, ic_opt);
  k.ic.assign(ic.begin(), ic.end());
  return k;
}

}  // namespace

CurveId zkey_curve(const BinFile& f) {
  Reader r = f.section(2, "Groth16 header");
  return read_curve(f, r);
}

CurveId zkey_curve(const std::string& path) {
  BinFile f(path, "zkey", 1);
  return zkey_curve(f);
}

template <class E>
void index_coefficients(ProvingKey<E>& k) {
  const std::size_t n = k.header.domain_size;
  for (auto& rb : k.row_begin) rb.assign(n + 1, 0);
  for (const Coef<E>& c : k.coefs) ++k.row_begin[c.matrix][c.constraint + 1];
  for (auto& rb : k.row_begin)
    for (std::size_t i = 0; i < n; ++i) rb[i + 1] += rb[i];
  const std::uint32_t a_total = k.row_begin[0][n];
  std::vector<std::uint32_t> next[2] = {k.row_begin[0], k.row_begin[1]};
  for (auto& x : next[1]) x += a_total;
  BigVector<Coef<E>> sorted(k.coefs.size());
  for (const Coef<E>& c : k.coefs) sorted[next[c.matrix][c.constraint]++] = c;
  for (auto& x : k.row_begin[1]) x += a_total;
  k.coefs = std::move(sorted);
}


template <class E>
ProvingKey<E> read_zkey_header(const std::string& path, const ZkeyOptions& opt) {
  BinFile f(path, "zkey", 1);
  return read_common<E>(f, path, opt);
}

template <class E>
ProvingKey<E> read_zkey(const std::string& path, const ZkeyOptions& opt) {
  BinFile f(path, "zkey", 1);
  return read_zkey<E>(f, opt);
}

template <class E>
ProvingKey<E> read_zkey_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                                    const ZkeyOptions& opt) {
  BinFile f(data, size, name, "zkey", 1);
  return read_zkey<E>(f, opt);
}

template <class E>
ProvingKey<E> read_zkey(const BinFile& f, const ZkeyOptions& opt) {
  using Fr = typename E::Fr;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  ProvingKey<E> k = read_common<E>(f, f.path(), opt);
  const auto& h = k.header;
  {
    Reader r = f.section(4, "coefficients");
    std::uint32_t n = r.u32();
    if (r.remaining() != std::size_t(n) * 44)
      r.bad("declares " + std::to_string(n) + " coefficients but holds " + std::to_string(r.remaining()) + " bytes");
    k.coefs.resize(n);
    // Parsed in parallel (tens of millions at 2^24); the first bad one is reported.
    const std::uint8_t* base = r.take(std::size_t(n) * 44);
    std::atomic<std::size_t> bad{SIZE_MAX};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 14), [&](const auto& rg) {
      for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
        const std::uint8_t* q = base + i * 44;
        Coef<E>& c = k.coefs[i];
        std::memcpy(&c.matrix, q, 4);
        std::memcpy(&c.constraint, q + 4, 4);
        std::memcpy(&c.signal, q + 8, 4);
        c.reserved = 0;
        auto repr = Fr::repr_from_bytes_le(q + 12);
        if (c.matrix > 1 || c.constraint >= h.domain_size || c.signal >= h.n_vars || !Fr::is_canonical(repr)) {
          keep_first(bad, i);
          continue;
        }
        c.value = Fr::from_raw(repr);
      }
    });
    if (const std::size_t i = bad.load(); i != SIZE_MAX) {
      const Coef<E>& c = k.coefs[i];
      r.bad("coefficient " + std::to_string(i) + " is out of range (matrix " + std::to_string(c.matrix) +
            ", constraint " + std::to_string(c.constraint) + ", signal " + std::to_string(c.signal) + ")");
    }
    index_coefficients(k);
  }
  const std::uint64_t nv = h.n_vars, np = h.n_public;
  k.a = read_points<G1Affine>(f, 5, "A", nv, opt);
  k.b1 = read_points<G1Affine>(f, 6, "B1", nv, opt);
  k.b2 = read_points<G2Affine>(f, 7, "B2", nv, opt);
  k.c = read_points<G1Affine>(f, 8, "C", nv - np - 1, opt);
  if (opt.load_h) k.h = read_points<G1Affine>(f, 9, "H", h.domain_size, opt);
  return k;
}

template <class E>
std::size_t ProvingKey<E>::resident_bytes() const {
  return (a.size() + b1.size() + c.size() + h.size() + ic.size()) * sizeof(G1Affine) + b2.size() * sizeof(G2Affine) +
         coefs.size() * sizeof(Coef<E>);
}

template <class E>
std::size_t ProvingKey<E>::partition_bytes(std::uint32_t n_vars, std::uint32_t domain_size) {
  // witness (canonical) + four domain vectors: a and b (synthesis), and on the CPU backend
  // c = a∘b while H is computed (compute_h's own), then the canonical h for the MSM beside a
  // (and b without early free) and the MSMs' scratch. Three vectors at once would be the
  // arrays alone; the fourth is what tests/batch/test_batch_budget_fit.sh's RSS bound needs
  // (the CPU MSMs' digits and the domain's twiddles grow with n too). A lent partition gives
  // back a, b and c's share (pipeline/stages.cpp): its backend forms c on the device.
  return std::size_t(n_vars) * sizeof(Fr) + 4 * std::size_t(domain_size) * sizeof(Fr);
}

#define CUZK_ZKEY_INSTANCES(E)                                                                            \
  template class ProvingKey<E>;                                                                          \
  template void index_coefficients<E>(ProvingKey<E>&);                                                   \
  template ProvingKey<E> read_zkey_header<E>(const std::string&, const ZkeyOptions&);                    \
  template ProvingKey<E> read_zkey<E>(const std::string&, const ZkeyOptions&);                           \
  template ProvingKey<E> read_zkey<E>(const BinFile&, const ZkeyOptions&);                               \
  template ProvingKey<E> read_zkey_from_memory<E>(const std::uint8_t*, std::size_t, const std::string&,  \
                                                  const ZkeyOptions&);
CUZK_ZKEY_INSTANCES(pairing::Bls12_381)
CUZK_ZKEY_INSTANCES(pairing::Bn254)
#undef CUZK_ZKEY_INSTANCES

}  // namespace cuzk::groth16
