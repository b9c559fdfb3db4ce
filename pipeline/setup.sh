#!/usr/bin/env bash
# Set up a fresh Debian machine for stbench: Debian's blender (the renders), chromium (the viewer's browser test),
# python3 (agents written as a Python class, FILE.py:Class) and bubblewrap (bwrap, the sandbox eval and run put an
# external system in unless --local) where they are missing, then the npm packages. Used by the README's quickstart
# and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v blender >/dev/null 2>&1 || need+=(blender)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]} with apt-get"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
npm ci --no-audit --no-fund
