#!/usr/bin/env python3
"""Re-extracts muhq's built-in data from the spec and compares it with the
committed lib/data/muhq-builtin.mqd (rules/muhq.md §24).

    check_extract.py SOURCE_ROOT

Exits 77 (skipped) when ../shared/rules/muhq.md is not next to the tree.
"""
import os
import subprocess
import sys


def main():
    root = sys.argv[1]
    spec = os.path.join(root, '..', 'shared', 'rules', 'muhq.md')
    if not os.path.exists(spec):
        print('skipped: %s not found' % spec)
        return 77
    script = os.path.join(root, 'lib', 'data', 'extract_muhq.py')
    fresh = subprocess.run([sys.executable, script, spec], check=True, stdout=subprocess.PIPE).stdout
    with open(os.path.join(root, 'lib', 'data', 'muhq-builtin.mqd'), 'rb') as f:
        committed = f.read()
    if fresh != committed:
        print('lib/data/muhq-builtin.mqd differs from what lib/data/extract_muhq.py makes of %s; '
              're-run: lib/data/extract_muhq.py %s lib/data/muhq-builtin.mqd' % (spec, spec))
        return 1
    print('muhq-builtin.mqd matches the spec')
    return 0


if __name__ == '__main__':
    sys.exit(main())
