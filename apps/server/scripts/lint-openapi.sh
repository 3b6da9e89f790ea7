#!/usr/bin/env bash
# Writes the OpenAPI document the server publishes (/api/openapi.json) and lints it with Redocly's recommended
# rules (redocly.yaml): any error fails. No telemetry, no update check (CI has no business calling home).
set -euo pipefail
cd "$(dirname "$0")/.."
document=".tmp/openapi.json"
node --import tsx scripts/write-openapi.ts "$document"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint "$document" \
  --config redocly.yaml --format=summary 2>&1 | grep -v '^ *[╔║╚]'
exit "${PIPESTATUS[0]}"
