#!/usr/bin/env python3
"""Registers and spills per kernel from `nvcc -Xptxas=-v` logs of msm_g1.cu / msm_g2.cu for
HEAD (old-*), A and AB (new-*), read from each function's own "Function properties for F"
line (the next line is F's stack / spill figures; "Used N registers" follows an entry's).
  ptxas_spills.py        in a folder with {old,A,new}-msm_g{1,2}.ptxas"""
import re,sys
def parse(f):
    d={}; cur=None; lines=open(f).read().splitlines()
    for i,l in enumerate(lines):
        m=re.search(r"Function properties for (\S+)",l)
        if m:
            n=re.sub(r'_GLOBAL__N__\w+?_\d+_msm_g\d_cu_\w{8}','',m.group(1))
            m2=re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads",lines[i+1])
            d.setdefault(n,{})['sp']=f"{m2.group(2)}/{m2.group(3)}"; d[n]['stack']=m2.group(1); cur=n
        m=re.search(r"Compiling entry function '(\S+)'",l)
        if m: cur=re.sub(r'_GLOBAL__N__\w+?_\d+_msm_g\d_cu_\w{8}','',m.group(1))
        m=re.search(r"Used (\d+) registers",l)
        if m and cur: d.setdefault(cur,{})['reg']=m.group(1)
    return d
for f in ('msm_g1','msm_g2'):
    o,a,b=parse(f'old-{f}.ptxas'),parse(f'A-{f}.ptxas'),parse(f'new-{f}.ptxas')
    for k in o:
        if any(s in k for s in ('accumulate','table_window','6reduce','sum_groups','window_segments','dbl_affine')):
            m=re.search(r'(?:msm_detail|ec)\d+(\w+?)I',k)
            fmt=lambda x: f"{x.get('reg','-')}r {x.get('sp')}" if x else None
            print(f, (m.group(1) if m else k[:40])[:26], 'Pair' if 'Pair' in k else '    ', 'old',fmt(o[k]),'| A',fmt(a.get(k)),'| AB',fmt(b.get(k)))
