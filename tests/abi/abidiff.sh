#!/usr/bin/env bash
# Compares a built libcatanrisk.so with the committed ABI baseline
# (tests/abi/libcatanrisk.abi, written by abidw from Debian's abigail-tools).
# Added functions pass.  Everything else fails: removed functions, changed
# signatures, changed public types.  Appending a field to a versioned struct
# is compatible by policy (docs/abi.md) but still fails here on purpose: the
# commit that does it reviews the report and updates the baseline with it.
#
#   tests/abi/abidiff.sh LIBRARY            check
#   tests/abi/abidiff.sh --update LIBRARY   rewrite the baseline (at a release only)
#
# LIBRARY must be built with debug information (the default buildtype
# debugoptimized has it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
baseline="$here/libcatanrisk.abi"
update=0
if [ "${1:-}" = "--update" ]; then
	update=1
	shift
fi
if [ $# -ne 1 ]; then
	echo "usage: $0 [--update] path/to/libcatanrisk.so" >&2
	exit 2
fi
lib=$1
for tool in abidw abidiff; do
	if ! command -v "$tool" >/dev/null; then
		echo "$0: $tool not found (apt-get install abigail-tools)" >&2
		exit 2
	fi
done

# Only the public headers define the ABI: types defined elsewhere (the
# opaque handles' insides) are dropped, so internal changes do not count.
headers=(--drop-private-types --headers-dir "$root/include/catanrisk")

if [ $update -eq 1 ]; then
	abidw --no-corpus-path --no-comp-dir-path "${headers[@]}" --out-file "$baseline" "$lib"
	echo "wrote $baseline"
	exit 0
fi

current=$(mktemp)
trap 'rm -f "$current"' EXIT
abidw --no-corpus-path --no-comp-dir-path "${headers[@]}" --out-file "$current" "$lib"
set +e
abidiff --no-added-syms "$baseline" "$current"
status=$?
set -e
# abidiff status bits: 1 error, 2 usage error, 4 ABI change, 8 incompatible change.
if [ $((status & 3)) -ne 0 ]; then
	echo "abidiff failed to compare (status $status)" >&2
	exit 1
fi
if [ $status -ne 0 ]; then
	echo "ABI CHANGE against $baseline (status $status): see docs/abi.md" >&2
	exit 1
fi
echo "ABI compatible with $baseline"
