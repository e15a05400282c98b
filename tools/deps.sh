#!/usr/bin/env bash
# deps.sh — install the Debian packages rcuvis needs, only those pkg-config (or the file system) lacks.
#   tools/deps.sh app    libraries and font for building and running
#   tools/deps.sh test   also Criterion and the tools of the window smoke test (Xvfb, xdotool, ImageMagick)
#   tools/deps.sh fuzz   also clang (libFuzzer) for `make fuzz`; nothing else needs clang
#   tools/deps.sh web    also emscripten, cmake, dpkg-dev and chromium for the browser build
set -u
want=()
need_pc() { pkg-config --exists "$1" 2>/dev/null || want+=("$2"); }
command -v pkg-config >/dev/null || want+=(pkg-config)
command -v cc >/dev/null || want+=(gcc)
need_pc sdl2 libsdl2-dev
need_pc SDL2_ttf libsdl2-ttf-dev
need_pc SDL2_image libsdl2-image-dev
need_pc libpng libpng-dev   # render/png.c writes PNGs with libpng itself (libsdl2-image-dev pulls it in too)
need_pc libcjson libcjson-dev
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || want+=(fonts-dejavu-core)
if [ "${1:-app}" = test ]; then
  need_pc criterion libcriterion-dev
  command -v Xvfb >/dev/null || want+=(xvfb)
  command -v xdotool >/dev/null || want+=(xdotool)
  command -v import >/dev/null || want+=(imagemagick)   # the window smoke test screenshots with import
  command -v ffmpeg >/dev/null || want+=(ffmpeg)   # tests/e2e/export.sh encodes a GIF (rcuvis runs it only when present)
fi
if [ "${1:-app}" = fuzz ]; then
  command -v clang >/dev/null || want+=(clang)
fi
if [ "${1:-app}" = web ]; then  # make web / test-web / bench-web (README "In the browser")
  for c in emcc:emscripten cmake:cmake dpkg-source:dpkg-dev chromium:chromium python3:python3; do
    command -v "${c%%:*}" >/dev/null || want+=("${c#*:}")
  done
fi
[ ${#want[@]} -eq 0 ] && exit 0
echo "deps: installing ${want[*]}"
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "deps: need root or sudo to install: ${want[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq || { echo "deps: apt-get update failed" >&2; exit 1; }
$sudo apt-get install -y -qq --no-install-recommends "${want[@]}" || { echo "deps: apt-get install failed" >&2; exit 1; }
