#!/usr/bin/env bash
# Playwright cannot download its own browser on these machines: use Debian's Chromium, installed when missing.
# Two packages: `chromium` (the desktop browser: its PDF viewer, the fake camera and installing the app are tested
# in it, and the floor-LCP bench runs in it) and `chromium-headless-shell` (the same engine without the desktop
# browser around it, which the other specs run in: about 30% less CPU per test on 2 cores). Without the headless
# shell every spec runs in the desktop browser (e2e/fixtures/browsers.ts), so only `chromium` is required.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  [ -x /usr/bin/chromium ] && { echo "Running the browser tests in /usr/bin/chromium (no chromium-headless-shell)." >&2; exit 0; }
  echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' and try again." >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}..."
apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; then
  # The shell is an optimisation: the suite still runs in the desktop browser.
  [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "chromium-headless-shell could not be installed: the browser tests run in /usr/bin/chromium." >&2
fi
