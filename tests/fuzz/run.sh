#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, and runs each for a number of seconds.
#
#   tests/fuzz/run.sh [SECONDS [TARGET...]]     (default: 60 s, every target)
#
# New inputs go to a corpus in the build directory (FUZZ_BUILD_DIR, default
# build-fuzz); the committed seeds in tests/fuzz/corpus/<target>/ are read
# only.  A crash stops the run with a non-zero status and leaves the input in
# $FUZZ_BUILD_DIR/artifacts/; add it to the committed corpus once fixed.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
all=(fuzz_params fuzz_apply fuzz_record fuzz_load fuzz_load_json fuzz_catanmap fuzz_mqd)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

if [ ! -f "$build/build.ninja" ]; then
	CC=clang meson setup "$build" "$root" -Dfuzzing=true -Dtests=false -Ddocs=false \
		-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized
fi
for t in "${targets[@]}"; do
	ninja -C "$build" "tests/fuzz/$t"
done

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
mkdir -p "$build/artifacts"
for t in "${targets[@]}"; do
	work="$build/corpus/$t"
	mkdir -p "$work"
	echo "=== $t: $secs s ==="
	"$build/tests/fuzz/$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -max_len=4096 \
		-print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" \
		"$work" "$root/tests/fuzz/corpus/$t"
done
echo "=== fuzzing passed ==="
