import re, sys, collections
# opcode histogram of the SASS functions whose name contains sys.argv[2]
path, pat = sys.argv[1], sys.argv[2]
cur, hist = None, {}
for line in open(path, errors='replace'):
    m = re.search(r'Function : (\S+)', line)
    if m:
        cur = m.group(1) if pat in m.group(1) else None
        if cur: hist[cur] = collections.Counter()
        continue
    if cur is None: continue
    m = re.match(r'\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)', line)
    if m: hist[cur][m.group(1)] += 1
for f, h in hist.items():
    tot = sum(h.values())
    fam = collections.Counter()
    for op, c in h.items(): fam[op.split('.')[0]] += c
    print(f"== {f}: {tot} instructions")
    print("  families:", ", ".join(f"{k} {v} ({100*v/tot:.1f}%)" for k, v in fam.most_common(14)))
    print("  opcodes:", ", ".join(f"{k} {v}" for k, v in h.most_common(24)))
