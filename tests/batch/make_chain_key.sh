#!/usr/bin/env bash
# ctest fixture for test_batch_memory.sh: the chain circuit (domain 2^14) and its key,
# made once per build folder (cuzk-prove setup, seeded).
set -euo pipefail
CUZK=$1 SRC=$2 DIR=$3
if [[ -f $DIR/chain.zkey && -f $DIR/w3.wtns ]]; then echo "chain key exists: $DIR"; exit 0; fi
mkdir -p "$DIR"
python3 "$SRC/tests/batch/make_chain_circuit.py" --log-domain 14 --witnesses 4 --out "$DIR"
"$CUZK" setup --r1cs "$DIR/chain.r1cs" --out "$DIR/chain.zkey.part" --seed 1
mv "$DIR/chain.zkey.part" "$DIR/chain.zkey"
