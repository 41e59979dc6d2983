#!/bin/bash
# ptxas -v of msm_g1.cu / msm_g2.cu with extra defines: $1 name, rest flags
name=$1; shift
for f in msm_g1 msm_g2; do
/usr/local/cuda/bin/nvcc -DCUZK_VERSION=\"0.1.0\" -I/work/main/cuda/include -I/work/main/lib -O3 -DNDEBUG --generate-code=arch=compute_90,code=[sm_90] -Xcompiler=-fPIC --expt-relaxed-constexpr -diag-suppress=1675 -Xptxas=-v -std=c++20 "$@" -x cu -c /work/main/cuda/src/$f.cu -o /tmp/ptx/$name-$f.o > /tmp/ptx/$name-$f.ptxas 2>&1
done
