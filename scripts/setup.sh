#!/usr/bin/env bash
# Installs everything salvo and its tests need on a fresh Debian machine of this kind:
#  - Debian's chromium (the browser checks of the HTML reports and reference cards), redis-server
#    (the BullMQ queue test) and GNU parallel (the cluster recipe test), each only if missing;
#  - the npm packages, exactly as locked in package-lock.json (npm ci also builds dist/).
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

# Installs Debian packages whose command is missing (apt-get update only when a first try fails).
install_missing() {
  local missing=()
  while [ $# -gt 0 ]; do
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
    shift 2
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
  echo "setup: installed ${missing[*]}"
}

# command package: chromium (browser checks of reports and cards), redis-server (the queue test),
# GNU parallel (the cluster recipe test).
install_missing chromium chromium redis-server redis-server parallel parallel

npm ci --no-audit --no-fund
