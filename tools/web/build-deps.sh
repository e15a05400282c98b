#!/usr/bin/env bash
# build-deps.sh — build SDL2, FreeType, SDL2_ttf, SDL2_image and cJSON for the web from Debian's
# source packages with Debian's emscripten, once: results are cached in build/web-deps/prefix.
#
#   tools/web/build-deps.sh [BUILD_DIR]      (default build/web-deps)
#
# Emscripten's own "ports" (-sUSE_SDL=2 ...) download from the internet at build time, so they are
# not used: every library here comes from `apt-get source` (a deb-src entry is added when missing).
# Each library is built once; its stamp file under BUILD_DIR/stamps says it is done. Delete the
# stamp (or BUILD_DIR) to rebuild. Heavy steps run under `nice -n 19` with -j2: the build
# machine is shared.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build/web-deps}
mkdir -p "$out"
out=$(cd "$out" && pwd)
src=$out/src prefix=$out/prefix stamps=$out/stamps
mkdir -p "$src" "$prefix" "$stamps"
JOBS=${WEB_JOBS:-2}
NICE="nice -n 19"
log() { printf 'web-deps: %s\n' "$*" >&2; }
t0=$(date +%s)

sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
command -v emcc >/dev/null || { log "installing emscripten"; $sudo apt-get install -y -qq emscripten cmake >/dev/null; }
command -v cmake >/dev/null || $sudo apt-get install -y -qq cmake >/dev/null
command -v dpkg-source >/dev/null || $sudo apt-get install -y -qq dpkg-dev >/dev/null

# apt-get source needs deb-src lines: mirror the Debian entries already configured (main archive,
# updates, security), so the sources match the installed packages' versions
have_src() { grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; }
if ! have_src; then
  srcs=$(for f in /etc/apt/sources.list.d/*.sources; do [ -f "$f" ] && { cat "$f"; echo; }; done |
    awk 'BEGIN { RS = ""; FS = "\n" } /URIs:[^\n]*debian/ && /Types:[^\n]*deb/ {
           for (i = 1; i <= NF; i++) { if ($i ~ /^Types:/) $i = "Types: deb-src"; if ($i !~ /^#/) print $i } print "" }')
  list=$(grep -hsE '^deb .*debian' /etc/apt/sources.list | sed 's/^deb /deb-src /' || true)
  [ -n "$srcs$list" ] || srcs=$(printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n')
  log "adding deb-src entries for the configured Debian mirrors"
  [ -z "$srcs" ] || printf '%s\n' "$srcs" | $sudo tee /etc/apt/sources.list.d/rcuvis-web-src.sources >/dev/null
  [ -z "$list" ] || printf '%s\n' "$list" | $sudo tee /etc/apt/sources.list.d/rcuvis-web-src.list >/dev/null
  $sudo apt-get update -qq
fi

# fetch PKG's Debian source once into $src/PKG-*/ and print that directory
fetch() {
  local pkg=$1 dir
  dir=$(find "$src" -maxdepth 1 -mindepth 1 -type d -name "$2-*" | head -1)
  if [ -z "$dir" ]; then
    log "apt-get source $pkg"
    (cd "$src" && apt-get source -qq "$pkg" >/dev/null 2>"$src/$pkg.log") || { cat "$src/$pkg.log" >&2; exit 1; }
    dir=$(find "$src" -maxdepth 1 -mindepth 1 -type d -name "$2-*" | head -1)
  fi
  [ -n "$dir" ] || { log "no source tree for $pkg"; exit 1; }
  echo "$dir"
}

# configure + build + install a CMake project with the Emscripten toolchain
cmake_build() {
  local name=$1 dir=$2; shift 2
  local b=$out/obj/$name
  rm -rf "$b"; mkdir -p "$b"
  log "building $name"
  local s; s=$(date +%s)
  (cd "$b" && $NICE emcmake cmake "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_ROOT_PATH="$prefix" -DBUILD_SHARED_LIBS=OFF "$@" >"$b/configure.log" 2>&1 &&
   $NICE emmake make -j"$JOBS" >"$b/build.log" 2>&1 && emmake make install >"$b/install.log" 2>&1) ||
    { log "$name failed; see $b/*.log"; tail -30 "$b"/*.log >&2; exit 1; }
  touch "$stamps/$name"
  log "$name built in $(( $(date +%s) - s )) s"
}

if [ ! -f "$stamps/sdl2" ]; then
  d=$(fetch libsdl2 libsdl2)
  cmake_build sdl2 "$d" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
fi
if [ ! -f "$stamps/freetype" ]; then
  d=$(fetch freetype freetype)
  # FreeType alone: no zlib/bzip2/png/brotli/harfbuzz (TrueType fonts need none of them)
  cmake_build freetype "$d" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
fi
if [ ! -f "$stamps/sdl2_ttf" ]; then
  d=$(fetch libsdl2-ttf libsdl2-ttf)
  cmake_build sdl2_ttf "$d" -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_VENDORED=OFF \
    -DSDL2_DIR="$prefix/lib/cmake/SDL2" -DFREETYPE_INCLUDE_DIRS="$prefix/include/freetype2" \
    -DFREETYPE_LIBRARY="$prefix/lib/libfreetype.a"
fi
if [ ! -f "$stamps/sdl2_image" ]; then
  d=$(fetch libsdl2-image libsdl2-image)
  # built-in stb_image loads PNG, built-in miniz saves it: no libpng, no zlib
  cmake_build sdl2_image "$d" -DSDL2IMAGE_SAMPLES=OFF -DSDL2IMAGE_VENDORED=OFF -DSDL2IMAGE_DEPS_SHARED=OFF \
    -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_PNG=ON -DSDL2IMAGE_JPG=OFF -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF \
    -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF -DSDL2IMAGE_BMP=OFF -DSDL2IMAGE_GIF=OFF -DSDL2IMAGE_LBM=OFF \
    -DSDL2IMAGE_PCX=OFF -DSDL2IMAGE_PNM=OFF -DSDL2IMAGE_QOI=OFF -DSDL2IMAGE_SVG=OFF -DSDL2IMAGE_TGA=OFF \
    -DSDL2IMAGE_XCF=OFF -DSDL2IMAGE_XPM=OFF -DSDL2IMAGE_XV=OFF -DSDL2_DIR="$prefix/lib/cmake/SDL2"
fi
if [ ! -f "$stamps/cjson" ]; then
  d=$(fetch cjson cjson)
  cmake_build cjson "$d" -DENABLE_CJSON_TEST=OFF -DENABLE_CJSON_UTILS=OFF -DBUILD_SHARED_AND_STATIC_LIBS=OFF \
    -DENABLE_CUSTOM_COMPILER_FLAGS=OFF
fi
touch "$stamps/all"
log "all libraries in $prefix ($(( $(date +%s) - t0 )) s this run)"
