#include <cstdint>
#include <cstdio>
#include <chrono>
#include <random>
#include "cuzk/ff/bls12_381.hpp"
#include "kara.hpp"
using namespace cuzk::bls12_381;
template<class F> void run(const char* nm){
  static constexpr auto Q = [](){ std::array<uint64_t,F::N+1> q{}; for(size_t i=0;i<F::N;i++) q[i]=F::P[i]; q[F::N]=F::INV; return q;}();
  F a[8], b; std::mt19937_64 g(1); for(auto& x: a){ x = F::from_u64(g()); } b = F::from_u64(g());
  for(int rep=0;rep<3;rep++){
    auto t0=std::chrono::steady_clock::now();
    for(int i=0;i<1<<19;i++){ for(int k=0;k<8;k++) a[k]*=b; asm volatile(""::"r"(a):"memory"); }
    auto t1=std::chrono::steady_clock::now();
    for(int i=0;i<1<<19;i++){ for(int k=0;k<8;k++) kara::mont_mul_kara<F::N>(a[k].v,a[k].v,b.v,Q.data()); asm volatile(""::"r"(a):"memory"); }
    auto t2=std::chrono::steady_clock::now();
    printf("%s throughput (8 chains): cios %.2f ns  kara %.2f ns  (%lx)\n",nm, std::chrono::duration<double,std::nano>(t1-t0).count()/(8<<19), std::chrono::duration<double,std::nano>(t2-t1).count()/(8<<19),(unsigned long)a[0].v[0]);
  }
}
int main(){ run<Fq>("Fq"); run<Fr>("Fr"); }
