#!/usr/bin/env bash
# The invoice PDF tests read documents back as text with pdftotext (Debian's poppler-utils), installed when missing.
set -euo pipefail
if command -v pdftotext >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "pdftotext is missing: run 'sudo apt-get install -y poppler-utils' and try again." >&2
  exit 1
fi
echo "Installing Debian's poppler-utils package..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
