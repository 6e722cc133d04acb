#!/usr/bin/env bash
# What the tests need besides npm packages, from Debian's packages when missing: Chromium for
# the viewer's browser tests, tmux for the terminal tests, pytest (with pip) for the Python package.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v tmux >/dev/null || missing+=(tmux)
command -v script >/dev/null || missing+=(bsdutils)
has_pytest() { "$1" -c 'import pytest, pip' >/dev/null 2>&1; }
if ! { has_pytest "${AMAZEING_PYTHON:-python3}" || has_pytest /usr/bin/python3; }; then missing+=(python3 python3-pip python3-pytest); fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the tests..." >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need ${missing[*]}: run 'sudo apt-get install ${missing[*]}'." >&2
  exit 1
fi
