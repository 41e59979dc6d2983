#include "cuzk/groth16/zkey.hpp"

#include <tbb/parallel_for.h>

#include <atomic>
#include <cstring>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/groth16/binfile.hpp"
#include "cuzk/groth16/point_io.hpp"

namespace cuzk::groth16 {

namespace {

constexpr std::uint32_t kProtocolGroth16 = 1;

void check_prime(Reader& r, std::uint32_t n8, const std::uint64_t* expect, std::size_t limbs, const char* what) {
  const std::uint8_t* p = r.take(n8);
  for (std::size_t i = 0; i < n8; ++i) {
    std::uint8_t e = i < 8 * limbs ? std::uint8_t(expect[i / 8] >> (8 * (i % 8))) : 0;
    if (p[i] != e) r.bad(std::string("the ") + what + " is not BLS12-381's (wrong curve?)");
  }
}

// Parallel validation: `first` ends as the smallest bad index (SIZE_MAX when none).
void keep_first(std::atomic<std::size_t>& first, std::size_t i) {
  std::size_t cur = first.load();
  while (i < cur && !first.compare_exchange_weak(cur, i)) {
  }
}

enum class PointFault { None, Coordinate, OffCurve };

template <class Pt, class ReadFn>
BigVector<Pt> read_points(const BinFile& f, std::uint32_t id, const char* name, std::uint64_t count,
                          std::size_t bytes, const ZkeyOptions& opt, ReadFn read_fn) {
  Reader r = f.section(id, name);
  if (r.remaining() != count * bytes)  // checked up front too (check_layout); kept as the guard of this read
    r.bad("holds " + std::to_string(r.remaining()) + " bytes, expected " + std::to_string(count) + " points of " +
          std::to_string(bytes) + " bytes");
  const std::uint8_t* base = r.take(std::size_t(count * bytes));
  BigVector<Pt> out(count);
  auto fault = [&](std::size_t i) {
    if (!read_fn(base + i * bytes, out[i])) return PointFault::Coordinate;
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
void check_layout(const BinFile& f, const ZkeyHeader& h) {
  const std::uint64_t nv = h.n_vars, np = h.n_public, n = h.domain_size;
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
  const Want want[] = {{3, "IC", np + 1, 96, "nPublic + 1"},   {5, "A", nv, 96, "nVars"},
                       {6, "B1", nv, 96, "nVars"},             {7, "B2", nv, 192, "nVars"},
                       {8, "C", nv - np - 1, 96, "nVars - nPublic - 1"}, {9, "H", n, 96, "domainSize"}};
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

ProvingKey read_common(const BinFile& f, const std::string& path, const ZkeyOptions& opt) {
  ProvingKey k;
  k.path = path;
  {
    Reader r = f.section(1, "protocol");
    std::uint32_t proto = r.u32();
    if (proto != kProtocolGroth16)
      r.bad("protocol " + std::to_string(proto) + " is not Groth16 (1); plonk/fflonk keys are not supported");
  }
  Reader r = f.section(2, "Groth16 header");
  std::uint32_t n8q = r.u32();
  if (n8q != 48) r.bad("n8q = " + std::to_string(n8q) + ": not a BLS12-381 key (bn128 keys have 32)");
  check_prime(r, n8q, Fq::P.data(), Fq::N, "base field prime q");
  std::uint32_t n8r = r.u32();
  if (n8r != 32) r.bad("n8r = " + std::to_string(n8r) + ", expected 32");
  check_prime(r, n8r, Fr::P.data(), Fr::N, "scalar field prime r");
  auto& h = k.header;
  h.n_vars = r.u32();
  h.n_public = r.u32();
  h.domain_size = r.u32();
  if (h.domain_size == 0 || (h.domain_size & (h.domain_size - 1)))
    r.bad("domainSize " + std::to_string(h.domain_size) + " is not a power of two");
  while ((std::uint64_t(1) << h.log_domain) < h.domain_size) ++h.log_domain;
  auto g1 = [&](G1Affine& p, const char* nm) {
    if (!read_g1_mont(r.take(96), p) || !p.on_curve() || !bls12_381::in_subgroup(p))
      r.bad(std::string(nm) + " is not a valid G1 point");
  };
  auto g2 = [&](G2Affine& p, const char* nm) {
    if (!read_g2_mont(r.take(192), p) || !p.on_curve() || !bls12_381::in_subgroup(p))
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
  const auto ic = read_points<G1Affine>(f, 3, "IC", std::uint64_t(h.n_public) + 1, 96, ic_opt, read_g1_mont);
  k.ic.assign(ic.begin(), ic.end());
  return k;
}

}  // namespace

void index_coefficients(ProvingKey& k) {
  const std::size_t n = k.header.domain_size;
  for (auto& rb : k.row_begin) rb.assign(n + 1, 0);
  for (const Coef& c : k.coefs) ++k.row_begin[c.matrix][c.constraint + 1];
  for (auto& rb : k.row_begin)
    for (std::size_t i = 0; i < n; ++i) rb[i + 1] += rb[i];
  const std::uint32_t a_total = k.row_begin[0][n];
  std::vector<std::uint32_t> next[2] = {k.row_begin[0], k.row_begin[1]};
  for (auto& x : next[1]) x += a_total;
  BigVector<Coef> sorted(k.coefs.size());
  for (const Coef& c : k.coefs) sorted[next[c.matrix][c.constraint]++] = c;
  for (auto& x : k.row_begin[1]) x += a_total;
  k.coefs = std::move(sorted);
}


ProvingKey read_zkey_header(const std::string& path, const ZkeyOptions& opt) {
  BinFile f(path, "zkey", 1);
  return read_common(f, path, opt);
}

ProvingKey read_zkey(const std::string& path, const ZkeyOptions& opt) {
  BinFile f(path, "zkey", 1);
  return read_zkey(f, opt);
}

ProvingKey read_zkey_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                                 const ZkeyOptions& opt) {
  BinFile f(data, size, name, "zkey", 1);
  return read_zkey(f, opt);
}

ProvingKey read_zkey(const BinFile& f, const ZkeyOptions& opt) {
  ProvingKey k = read_common(f, f.path(), opt);
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
        Coef& c = k.coefs[i];
        std::memcpy(&c.matrix, q, 4);
        std::memcpy(&c.constraint, q + 4, 4);
        std::memcpy(&c.signal, q + 8, 4);
        auto repr = Fr::repr_from_bytes_le(q + 12);
        if (c.matrix > 1 || c.constraint >= h.domain_size || c.signal >= h.n_vars || !Fr::is_canonical(repr)) {
          keep_first(bad, i);
          continue;
        }
        c.value = Fr::from_raw(repr);
      }
    });
    if (const std::size_t i = bad.load(); i != SIZE_MAX) {
      const Coef& c = k.coefs[i];
      r.bad("coefficient " + std::to_string(i) + " is out of range (matrix " + std::to_string(c.matrix) +
            ", constraint " + std::to_string(c.constraint) + ", signal " + std::to_string(c.signal) + ")");
    }
    index_coefficients(k);
  }
  const std::uint64_t nv = h.n_vars, np = h.n_public;
  k.a = read_points<G1Affine>(f, 5, "A", nv, 96, opt, read_g1_mont);
  k.b1 = read_points<G1Affine>(f, 6, "B1", nv, 96, opt, read_g1_mont);
  k.b2 = read_points<G2Affine>(f, 7, "B2", nv, 192, opt, read_g2_mont);
  k.c = read_points<G1Affine>(f, 8, "C", nv - np - 1, 96, opt, read_g1_mont);
  if (opt.load_h) k.h = read_points<G1Affine>(f, 9, "H", h.domain_size, 96, opt, read_g1_mont);
  return k;
}

std::size_t ProvingKey::resident_bytes() const {
  return (a.size() + b1.size() + c.size() + h.size() + ic.size()) * sizeof(G1Affine) + b2.size() * sizeof(G2Affine) +
         coefs.size() * sizeof(Coef);
}

std::size_t ProvingKey::partition_bytes(std::uint32_t n_vars, std::uint32_t domain_size) {
  // witness (canonical) + a, b, c evaluation vectors + the canonical h for the MSM.
  return std::size_t(n_vars) * sizeof(Fr) + 4 * std::size_t(domain_size) * sizeof(Fr);
}

}  // namespace cuzk::groth16
