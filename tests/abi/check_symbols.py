#!/usr/bin/env python3
"""Compares the dynamic symbols a shared library exports with a committed list.

Usage: check_symbols.py READELF LIBRARY SYMBOLS_TXT VERSION_SCRIPT

SYMBOLS_TXT holds one `name@@VERSION` per line, sorted.  The check fails, and
prints the difference, when the library exports anything else, when the list
is not sorted, or when its names differ from the global names of the linker
version script.
"""
import re
import subprocess
import sys


def exported(readelf, library):
    """Defined global/weak dynamic symbols as `name@@VERSION` (or bare name)."""
    out = subprocess.run([readelf, '--dyn-syms', '--wide', library],
                         check=True, capture_output=True, text=True).stdout
    symbols = []
    for line in out.splitlines():
        fields = line.split()
        # Num: Value Size Type Bind Vis Ndx Name [(version index)]
        if len(fields) < 8 or not fields[0].endswith(':') or not fields[0][:-1].isdigit():
            continue
        bind, ndx, name = fields[4], fields[6], fields[7]
        if bind not in ('GLOBAL', 'WEAK') or ndx == 'UND':
            continue
        if ndx == 'ABS' and '@' not in name:
            continue  # the version node itself (e.g. CATANRISK_0.1), not an API symbol
        symbols.append(name)
    return sorted(symbols)


def script_globals(path):
    """Names in the `global:` sections of a linker version script."""
    names = []
    in_global = False
    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.split('#')[0].strip()
            if re.match(r'^global\s*:', line):
                in_global = True
                line = line.split(':', 1)[1].strip()
            elif re.match(r'^local\s*:', line) or line.startswith('}'):
                in_global = False
                continue
            if in_global:
                names += [n.strip() for n in line.split(';') if n.strip()]
    return sorted(names)


def diff(title_a, a, title_b, b):
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    for name in only_a:
        print(f'  only in {title_a}: {name}')
    for name in only_b:
        print(f'  only in {title_b}: {name}')
    return bool(only_a or only_b)


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    readelf, library, symbols_txt, version_script = sys.argv[1:]
    with open(symbols_txt, encoding='utf-8') as f:
        expected = [line.strip() for line in f if line.strip()]
    actual = exported(readelf, library)
    failed = False

    if expected != sorted(expected) or len(set(expected)) != len(expected):
        print(f'{symbols_txt} is not sorted or has duplicates')
        failed = True
    if diff('library', actual, 'symbols.txt', expected):
        print(f'{library} exports differ from {symbols_txt} (above)')
        failed = True
    listed_names = sorted(s.split('@')[0] for s in expected)
    if diff('symbols.txt', listed_names, 'version script', script_globals(version_script)):
        print(f'{symbols_txt} names differ from the global names of {version_script} (above)')
        failed = True
    if not failed:
        print(f'ok: {len(actual)} exported symbols match {symbols_txt}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
