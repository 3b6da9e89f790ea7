#!/usr/bin/env bash
# The pick-list PDF tests decode every barcode back with zbarimg (Debian's zbar-tools), installed when missing.
set -euo pipefail
if command -v zbarimg >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "zbarimg is missing: run 'sudo apt-get install -y zbar-tools' and try again." >&2
  exit 1
fi
echo "Installing Debian's zbar-tools package..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zbar-tools >/dev/null
