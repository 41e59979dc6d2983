#!/bin/bash
# issue 18 call 30 (12-06): HEAD (Shoup NTT default, Fq products on aligned pairs) against
# sppark by docs/experiments/tools/vs-anchors.sh, one round (the session's last device time): G1 / G2 to
# 2^24, the c = 22 table at 2^24, NTT to 2^20.
root=$PWD; cd .device-run && tar xJf c30.tar.xz && cd c30
F=$PWD; R=/tmp/r; rm -rf $R; mkdir -p $R
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
G1MAX=24 G2MAX=24 NTTMAX=20 TABLE_SIZES=24 G2LANES=2 ROUNDS=1 timeout 200 bash $root/docs/experiments/tools/vs-anchors.sh $F $R > $R/vs-anchors.log 2>&1; echo "vs-anchors rc=$?" >> $R/vs-anchors.log
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/vs-anchors.log | cut -c1-160; cat $R/anchors-table.md
