#include "cuzk/groth16/witness.hpp"

#include <tbb/parallel_for.h>

#include <atomic>
#include <cstdint>
#include <cstring>

#include "cuzk/groth16/binfile.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/first_touch_allocator.hpp"

namespace cuzk::groth16 {

Witness read_wtns(const std::string& path, const WitnessExpect& expect) {
  BinFile f(path, "wtns", 2);
  return read_wtns(f, expect);
}

Witness read_wtns_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                              const WitnessExpect& expect) {
  BinFile f(data, size, name, "wtns", 2);
  return read_wtns(f, expect);
}

Witness read_wtns(const BinFile& f, const WitnessExpect& expect) {
  Reader h = f.section(1, "witness header");
  std::uint32_t n8 = h.u32();
  if (n8 != 32) h.bad("field size n8 = " + std::to_string(n8) + ", expected 32 (the BLS12-381 / BN254 scalar field)");
  const Scalar prime = pairing::Bls12_381::Fr::repr_from_bytes_le(h.take(32));
  Witness w;
  if (prime == pairing::Bls12_381::Fr::P)
    w.curve = CurveId::Bls12_381;
  else if (prime == pairing::Bn254::Fr::P)
    w.curve = CurveId::Bn254;
  else
    h.bad("the witness prime is neither BLS12-381's nor BN254's scalar field");
  if (expect.curve && *expect.curve != w.curve)
    h.bad(std::string("a ") + pairing::snarkjs_name(w.curve) + " witness, but the proving key" +
          (expect.key.empty() ? std::string() : " " + expect.key) + " is " + pairing::snarkjs_name(*expect.curve) +
          " (wrong curve)");
  std::uint32_t n = h.u32();
  if (expect.n_vars && n != expect.n_vars)
    h.bad("nWitness = " + std::to_string(n) + " but the proving key has nVars = " + std::to_string(expect.n_vars) +
          " (witness of another circuit?)");
  Reader d = f.section(2, "witness values");
  if (d.remaining() != std::uint64_t(n) * 32)  // before the values are allocated
    d.bad("holds " + std::to_string(d.remaining()) + " bytes, expected " + std::to_string(n) + " values of 32 bytes");
  w.path = f.path();
  resize_prefaulted(w.values, n);  // a 2^24 witness is 512 MiB: its pages faulted in on every core
  const std::uint8_t* p = d.take(std::size_t(n) * 32);
  // Decoded and range-checked in parallel; the first bad value is the one reported.
  std::atomic<std::size_t> bad{SIZE_MAX};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 16), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
      w.values[i] = pairing::Bls12_381::Fr::repr_from_bytes_le(p + 32 * i);
      if (ff::bi::cmp(w.values[i], prime) >= 0) keep_first(bad, i);
    }
  });
  if (const std::size_t i = bad.load(); i != SIZE_MAX) d.bad("value " + std::to_string(i) + " is not below r");
  if (n == 0 || w.values[0] != Scalar{1, 0, 0, 0}) d.bad("w[0] must be 1");
  return w;
}

void write_wtns(const std::string& path, const std::vector<Scalar>& values, CurveId curve) {
  std::string out;
  auto put32 = [&](std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); };
  auto put64 = [&](std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); };
  auto put_repr = [&](const Scalar& s) { out.append(reinterpret_cast<const char*>(s.data()), 32); };
  out.append("wtns");
  put32(2);
  put32(2);
  put32(1);
  put64(4 + 32 + 4);
  put32(32);
  put_repr(curve == CurveId::Bn254 ? pairing::Bn254::Fr::P : pairing::Bls12_381::Fr::P);
  put32(std::uint32_t(values.size()));
  put32(2);
  put64(values.size() * 32);
  for (auto& v : values) put_repr(v);
  write_file_atomic(path, out);
}

}  // namespace cuzk::groth16
