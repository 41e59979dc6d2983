#!/usr/bin/env python3
"""Histogram of sm_90 SASS opcodes per kernel of a cubin, without cuobjdump/nvdisasm (this
machine has neither): the low 12 bits of each 128-bit instruction word. Read as: 0x225 / 0x825
IMAD.WIDE(.U32)(.X), 0x224 / 0x824 IMAD (IMADMOV: both multiplicands RZ, i.e. IMAD.MOV),
0x827 IMAD.HI, 0x202 MOV, 0x210 / 0x810 IADD3, 0x207 / 0x807 SEL, 0x819 SHF, 0x918 NOP.
Calibrated on the mul-sass probe at HEAD (7543bb7): its Fq mul_loop decodes to 576
instructions, 0x202 = 125 and 0x225 + 0x825 = 278, as cuobjdump counted on the device in call
27 (sass-probe-aligned.txt: 576, MOV 125, IMAD.WIDE.U32(.X) 240 + 38).
  sass_ops.py FILE.cubin ...   (nvcc -arch=sm_90 -cubin probe.cu)"""
import struct, sys, collections
def sections(path):
    b = open(path, 'rb').read()
    shoff, = struct.unpack_from('<Q', b, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
    sh = [struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize) for i in range(shnum)]
    stro = sh[shstrndx][4]
    def name(o): return b[stro + o: b.index(b'\0', stro + o)].decode()
    for s in sh:
        n = name(s[0])
        if n.startswith('.text.'):
            yield n[6:], b[s[4]: s[4] + s[5]]
def hist(code):
    h = collections.Counter()
    for k in range(0, len(code), 16):
        lo, hi = struct.unpack_from('<QQ', code, k)
        op = lo & 0xfff
        if op & 0x1ff == 0x024 and (lo >> 24) & 0xff == 255 and (lo >> 32) & 0xff == 255:
            h['IMADMOV'] += 1
        h[hex(op)] += 1
    return h
for path in sys.argv[1:]:
    for n, c in sections(path):
        h = hist(c)
        import re
        m = re.match(r"_Z\d+(\w+?)I", n)
        short = (m.group(1) if m else n[:40]) + ("<Fq>" if "FqCfg" in n else "<Fr>" if "FrCfg" in n else "")
        print(path, short, len(c) // 16, dict(h.most_common(14)))
