#!/bin/bash
N=/work/main/build-cpu/apps/cuzk-prove/cuzk-prove; O=/tmp/build-old/apps/cuzk-prove/cuzk-prove
K=kb16/chain-bls12381-16.zkey; W=kb16/chain-bls12381-16-w0.wtns
for r in $(seq 1 10); do
  /usr/bin/time -f "old %e s %U user" $O prove --zkey $K --witness $W --proof o.json --public opub.json --force --seed 3 2>&1 | tail -1
  /usr/bin/time -f "new %e s %U user" $N prove --zkey $K --witness $W --proof n.json --public npub.json --force --seed 3 2>&1 | tail -1
done
cmp o.json n.json && echo "old and new proofs identical"
