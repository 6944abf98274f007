#!/usr/bin/env python3
"""Fails when a public header exists that tests/headers/meson.build does not compile.

Usage: list_complete.py INCLUDE_DIR HEADER...  (headers relative to INCLUDE_DIR)
"""
import pathlib
import sys


def main():
    include_dir = pathlib.Path(sys.argv[1])
    listed = set(sys.argv[2:])
    present = {p.relative_to(include_dir).as_posix() for p in include_dir.rglob('*.h')}
    missing = sorted(present - listed)
    stale = sorted(listed - present)
    for name in missing:
        print(f'not compiled alone: {name} (add it to public_headers in tests/headers/meson.build)')
    for name in stale:
        print(f'listed but absent: {name}')
    return 1 if missing or stale else 0


if __name__ == '__main__':
    sys.exit(main())
