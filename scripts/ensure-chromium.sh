#!/usr/bin/env bash
# Playwright cannot download its own browser on these machines: use Debian's Chromium, installed when missing.
# Two packages: `chromium` (the browser: the floor-LCP bench, the install check of the offline app) and
# `chromium-headless-shell` (the same engine without the desktop browser around it, which the Playwright suite runs
# on: about 30% less CPU per test on 2 cores).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Missing Debian packages: run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
