#!/usr/bin/env bash
# Builds the web app and runs the Playwright suite against the real server on a fresh embedded database
# (the server itself is started by playwright.config.ts). Extra arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run build -w @wms/web
cd e2e
exec npx playwright test "$@"
