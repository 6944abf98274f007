#!/bin/sh
# The LuaRocks path of a Lua user, offline: install libcatanrisk from the
# build directory into a staging prefix (meson install --destdir), build the
# rock of this folder with `luarocks make` against that prefix into a fresh
# tree, and play games with lua5.4 loading the rock's module, which must use
# the staged library.
#
# Usage: check_rock.sh BUILD_DIR WORK_DIR.  Exits 77 (skipped) when lua5.4,
# luarocks or the Lua 5.4 headers are missing.
set -eu

build=$(cd "$1" && pwd)
work=$2
here=$(cd "$(dirname "$0")" && pwd)

for prog in lua5.4 luarocks; do
	if ! command -v "$prog" >/dev/null 2>&1; then
		echo "skipped: $prog missing (Debian: lua5.4 luarocks)"
		exit 77
	fi
done
if [ ! -f /usr/include/lua5.4/lua.h ]; then
	echo "skipped: Lua 5.4 headers missing (Debian: liblua5.4-dev)"
	exit 77
fi

rm -rf "$work"
mkdir -p "$work/src"
work=$(cd "$work" && pwd)
root=$work/root
prefix=$(meson introspect "$build" --buildoptions | python3 -c \
	'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')

echo "\$ meson install -C $build --destdir $root"
meson install -C "$build" --destdir "$root" --no-rebuild --quiet

# luarocks make builds in the current folder: a copy keeps the tree clean.
cp "$here/catanrisk.c" "$here"/catanrisk-*.rockspec "$work/src/"
cd "$work/src"
echo "\$ luarocks --lua-version=5.4 --tree $work/tree make catanrisk-*.rockspec CATANRISK_DIR=$root$prefix"
luarocks --lua-version=5.4 --tree "$work/tree" make catanrisk-*.rockspec CATANRISK_DIR="$root$prefix"

module=$(find "$work/tree" -name catanrisk.so)
test -n "$module"
cd "$work"
# Only the rock's tree on the search path, so the module of the Meson build
# cannot be picked up instead; no LD_LIBRARY_PATH (meson test sets one to
# the build directory), so the library comes through the rock's rpath.
env -u LD_LIBRARY_PATH LUA_CPATH_5_4="$(dirname "$module")/?.so" LUA_PATH_5_4="" CRISK_STAGE="$root" lua5.4 - <<'LUA'
local cr = require "catanrisk"
local where = package.searchpath("catanrisk", package.cpath)
-- The library the module loaded is the staged one (the rock's rpath).
local maps = assert(io.open("/proc/self/maps")):read("a")
local lib = maps:match("(%S*libcatanrisk%.so[%.%d]*)\n")
assert(lib and lib:sub(1, #os.getenv("CRISK_STAGE")) == os.getenv("CRISK_STAGE"), "library not from the stage: " .. tostring(lib))
for _, m in ipairs({ { "base", "players=4" }, { "two_player", "" }, { "risk", "players=3" }, { "hawaii", "players=4" } }) do
  local rules = assert(cr.rules(m[1], m[2] .. " seed=3"))
  local game <close> = rules:new_game()
  local steps = assert(game:playout(7))
  local status, winner = game:status()
  assert(game:is_over(), m[1])
  local bank, deck = assert(game:bank())
  print(string.format("%s: %d steps, %s, winner %s, bank deck %d", m[1], steps, status, tostring(winner), deck))
end
print("catanrisk " .. cr._VERSION .. " (library " .. cr._LIBVERSION .. ") from " .. where .. ", " .. lib)
LUA
