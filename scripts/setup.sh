#!/usr/bin/env bash
# Installs everything salvo and its tests need on a fresh Debian machine of this kind:
#  - Debian's chromium (the browser checks of the HTML reports and reference cards), if missing;
#  - the npm packages, exactly as locked in package-lock.json (npm ci also builds dist/).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 \
    || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends chromium >/dev/null; }
  echo "setup: installed $(chromium --version)"
fi

npm ci --no-audit --no-fund
