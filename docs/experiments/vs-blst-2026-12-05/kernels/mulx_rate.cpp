#include <chrono>
#include <cstdio>
#include <cstdint>
int main(){ for(int r=0;r<3;r++){
 uint64_t b=5,l0,l1,l2,l3,h0,h1,h2,h3; auto t0=std::chrono::steady_clock::now();
 for(long i=0;i<200000000L;i++){ asm volatile("mulx %8, %0, %1\n\tmulx %8, %2, %3\n\tmulx %8, %4, %5\n\tmulx %8, %6, %7\n\t":"=&r"(l0),"=&r"(h0),"=&r"(l1),"=&r"(h1),"=&r"(l2),"=&r"(h2),"=&r"(l3),"=&r"(h3):"r"(b),"d"(b)); }
 auto t1=std::chrono::steady_clock::now(); printf("indep mulx: %.3f ns each\n", std::chrono::duration<double,std::nano>(t1-t0).count()/8e8);
 uint64_t x=3; t0=std::chrono::steady_clock::now();
 for(long i=0;i<200000000L;i++){ asm volatile("imul %0, %0\n\timul %0, %0\n\timul %0, %0\n\timul %0, %0":"+r"(x)); }
 t1=std::chrono::steady_clock::now(); printf("dep imul latency: %.3f ns\n", std::chrono::duration<double,std::nano>(t1-t0).count()/8e8);
}}
