#!/bin/sh
# Builds the browser module with Debian's emscripten into BUILD_DIR
# (default build-wasm) and copies the page next to it:
#   examples/web/build.sh [BUILD_DIR]
# then open BUILD_DIR/examples/web/index.html in a browser (file:// works).
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build-wasm}
command -v emcc >/dev/null || { echo "build.sh: emcc not found (apt install emscripten)" >&2; exit 77; }
if [ ! -f "$build/build.ninja" ]; then
	meson setup "$build" "$src" --cross-file "$src/cross/emscripten.txt" -Dtests=false -Ddocs=false
fi
ninja -C "$build"
cp "$src/examples/web/index.html" "$src/examples/web/app.js" "$build/examples/web/"
echo "open $build/examples/web/index.html"
