#!/usr/bin/env bash
# The whole test run (README: `npm ci && npm test`): lint and types, migrations drift, unit tests, API tests on
# PGlite and again on a throwaway PostgreSQL cluster, then Playwright in Debian's Chromium. Stops at the first
# failing stage and ends with one "N passed, N failed" line over every runner.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
results="$root/.tmp/test-results"
rm -rf "$results" && mkdir -p "$results"
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings=ExperimentalWarning"

stage() { printf '\n=== %s ===\n' "$*"; }
summary() { node scripts/summarise-test-results.mjs "$results"; }
trap summary EXIT

[ -d node_modules ] || npm ci

stage "Lint and type checks"
npx --no-install biome check .
npm run --silent check:imports
npm run --silent typecheck

stage "Migrations drift"
bash apps/server/scripts/check-migrations-drift.sh

stage "Unit tests (contract, web)"
(cd packages/contract && npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/contract.json")
(cd apps/web && npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/web.json")

stage "API tests on embedded PGlite"
(cd apps/server && npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/api-pglite.json")

stage "API tests on PostgreSQL"
pg_dir="$root/.tmp/pg-cluster"
pg_port="${TEST_PG_PORT:-55432}"
database_url=$(bash scripts/pg-cluster.sh start "$pg_dir" "$pg_port")
trap 'bash scripts/pg-cluster.sh stop "$pg_dir"; summary' EXIT
(cd apps/server && DATABASE_URL="$database_url" npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/api-postgres.json")
bash scripts/pg-cluster.sh stop "$pg_dir"
trap summary EXIT

stage "Browser tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npm run --silent build
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx --no-install playwright test --reporter=list,json)
