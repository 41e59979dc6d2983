#!/bin/bash
# issue 18 call 9b: vs-blst on the device's host (call 9's run lacked libbenchmark)
root=$PWD; cd .devnew && tar xJf c9.tar.xz && cp libbenchmark.so.1debian c9/ && cd c9
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R
{ nproc; grep -m1 'model name' /proc/cpuinfo; uptime; } > $R/host.txt
ANCHORS=$F/anchors REPS=3 bash $root/scripts/vs-blst.sh $F/vb $R/vs-blst > $R/vs-blst.log 2>&1; echo "vs-blst rc=$?" >> $R/tests.txt
tar czf $OUT/r.tgz -C /tmp r; cat $R/tests.txt $R/vs-blst.log | tail -12
