#!/usr/bin/env python3
"""Every relative Markdown link in the project's documentation resolves.

Usage: check_links.py ROOT            check README.md, analysis/README.md and docs/**/*.md
       check_links.py --self-test     plant good and broken links in a temporary tree

A link is [text](target) or a reference definition `[id]: target`. Links with a scheme
(http:, https:, mailto:) are not followed; those inside code spans or fenced code blocks are
not links. A relative target must name an existing file or folder, relative to the file that
holds it; a #fragment into a Markdown file (or the same file) must name one of its headings,
as GitHub derives anchors from them. Each broken link is reported as FILE:LINE: TARGET (why);
the exit status is 1 when there is one, 0 otherwise.
"""
import os
import re
import sys
import tempfile

INLINE = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
REFDEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$')
FENCE = re.compile(r'^\s{0,3}(```|~~~)')
CODESPAN = re.compile(r'(`+)(?:(?!\1).)+?\1')
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*:')


def slug(text):
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to -."""
    text = re.sub(r'`([^`]*)`', r'\1', text)
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)
    text = text.strip().lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def prose_lines(path):
    """(line number, text) of the lines outside fenced code, code spans blanked."""
    fenced = None
    with open(path, encoding='utf-8') as f:
        for no, line in enumerate(f, 1):
            m = FENCE.match(line)
            if m:
                if fenced is None:
                    fenced = m.group(1)
                elif fenced == m.group(1):
                    fenced = None
                continue
            if fenced is None:
                yield no, CODESPAN.sub(lambda s: ' ' * len(s.group(0)), line.rstrip('\n'))


_anchors = {}


def anchors(path):
    if path not in _anchors:
        seen, found = {}, set()
        for _, line in prose_lines(path):
            m = HEADING.match(line)
            if m:
                s = slug(m.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f'{s}-{n}')
        _anchors[path] = found
    return _anchors[path]


def check_file(path, root):
    """Broken links of one Markdown file, as 'FILE:LINE: TARGET (why)' lines."""
    bad = []
    rel = os.path.relpath(path, root)
    for no, line in prose_lines(path):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        m = REFDEF.match(line)
        if m:
            targets.append(m.group(1))
        for t in targets:
            if SCHEME.match(t) or t.startswith('//'):
                continue
            target, _, frag = t.partition('#')
            target = target.split('?', 1)[0]
            dest = path if target == '' else os.path.normpath(os.path.join(os.path.dirname(path), target))
            if not os.path.exists(dest):
                bad.append(f'{rel}:{no}: {t} (no such file)')
            elif frag and dest.endswith('.md') and os.path.isfile(dest) and frag not in anchors(dest):
                bad.append(f'{rel}:{no}: {t} (no heading with that anchor)')
    return bad


def doc_files(root):
    files = [os.path.join(root, p) for p in ('README.md', 'analysis/README.md')]
    for dp, dn, fn in os.walk(os.path.join(root, 'docs')):
        dn.sort()
        files += [os.path.join(dp, f) for f in sorted(fn) if f.endswith('.md')]
    return [f for f in files if os.path.isfile(f)]


def run(root):
    bad = []
    files = doc_files(root)
    for f in files:
        bad += check_file(f, root)
    for b in bad:
        print(b)
    print(f'{len(files)} Markdown files, {len(bad)} broken links')
    return 1 if bad else 0


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'docs/sub'))
        os.makedirs(os.path.join(root, 'analysis'))
        files = {
            'README.md': '# Top\n[ok](docs/a.md) [ok dir](docs/sub/) [web](https://example.com/x)\n'
                         '[ok anchor](docs/a.md#the-first-heading) [self](#top)\n'
                         '[missing](docs/none.md)\n'
                         '`[in code](docs/none2.md)`\n'
                         '```\n[fenced](docs/none3.md)\n```\n',
            'docs/a.md': '# The first heading\n## Again: twice\n## Again: twice\n'
                         '[up](../README.md) [dup](#again-twice-1) [bad anchor](#nowhere)\n'
                         '[ref]: sub/missing.txt\n',
            'docs/sub/b.md': '[up two](../../analysis/README.md) ![img](pic.png)\n',
            'analysis/README.md': '[ok](../docs/sub/b.md)\n',
        }
        for p, t in files.items():
            with open(os.path.join(root, p), 'w', encoding='utf-8') as f:
                f.write(t)
        got = []
        for f in doc_files(root):
            got += check_file(f, root)
        want = ['README.md:4: docs/none.md (no such file)',
                'docs/a.md:4: #nowhere (no heading with that anchor)',
                'docs/a.md:5: sub/missing.txt (no such file)',
                'docs/sub/b.md:1: pic.png (no such file)']
        if sorted(got) != sorted(want):
            print('self-test FAILED\n got:  %s\n want: %s' % (got, want))
            return 1
        print('self-test: %d planted broken links found, none else' % len(want))
        return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
        sys.exit(2)
    sys.exit(run(os.path.abspath(sys.argv[1])))
