-- LuaRocks build of the Lua binding.  libcatanrisk (headers and shared
-- library) must be installed first, e.g. with `meson install`; point LuaRocks
-- at a non-standard prefix with CATANRISK_DIR=/prefix (LuaRocks also looks in
-- Debian's lib/<multiarch> folder there).  Offline: the only dependency is the
-- Lua that runs LuaRocks.  From this folder, on Debian (lua5.4, liblua5.4-dev,
-- luarocks):
--   luarocks --lua-version=5.4 make catanrisk-0.1.0-1.rockspec [CATANRISK_DIR=/prefix]
-- Test lua-rock (check_rock.sh) does this against a staged `meson install`.
rockspec_format = "3.0"
package = "catanrisk"
version = "0.1.0-1"
source = {
   -- `luarocks make` builds the files of this folder and does not fetch.
   url = "file://.",
}
description = {
   summary = "Lua binding of libcatanrisk, a rules engine for Catan-family games",
   detailed = [[
Rules, games, legal actions with text forms and decoded fields, checks with
reasons, chance outcomes, events, per-seat views, binary and JSON saves,
game records and undo of libcatanrisk.
Expected failures return nil, message, code; misuse raises errors.
]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4",
}
external_dependencies = {
   CATANRISK = {
      header = "catanrisk.h",
      library = "catanrisk",
   },
}
build = {
   type = "builtin",
   modules = {
      catanrisk = {
         sources = { "catanrisk.c" },
         libraries = { "catanrisk" },
         incdirs = { "$(CATANRISK_INCDIR)" },
         libdirs = { "$(CATANRISK_LIBDIR)" },
      },
   },
}
test_dependencies = {
   "busted",
}
test = {
   type = "busted",
}
