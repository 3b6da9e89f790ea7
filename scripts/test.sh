#!/usr/bin/env bash
# The whole test run (README: `npm ci && npm test`): lint and types, migrations drift, unit tests, API tests on
# PGlite (Node 24; a smoke set on the machine's Node), the file tests on a local S3 server, API tests again (Node 24)
# on a throwaway PostgreSQL primary reading from its
# synchronous streaming replica, reliability tests (two server processes, races, kill -9), the read-replica routing
# and fallback tests (an asynchronous primary and replica), then Playwright in Debian's Chromium. Stops at the first failing stage and ends with one "N passed, N failed"
# line over every runner.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
results="$root/.tmp/test-results"
rm -rf "$results" && mkdir -p "$results"
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings=ExperimentalWarning"

# Each stage's heading says how long the stage before it took (SECONDS: bash's clock since the script started), and
# the run ends with a table of every stage's time (the CI limit is 5 400 s; the goal is ≤ 1 800 s on 2 cores).
# Each stage's CPU use too (busy share of the machine's cores from /proc/stat, this run's and anything else's): a
# stage well under 100 % waits more than it computes, and could run more in parallel.
stage_started=$SECONDS
stage_name="Setup (install, system tools)"
stage_times=()
cpu_ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }
read -r stage_busy stage_total < <(cpu_ticks)
record_stage() {
  local busy total
  read -r busy total < <(cpu_ticks)
  stage_times+=("$(printf '%6d s  %3d %% CPU  %s' $((SECONDS - stage_started)) \
    $(((busy - stage_busy) * 100 / (total - stage_total > 0 ? total - stage_total : 1))) "$stage_name")")
  stage_busy=$busy stage_total=$total
}
stage() {
  record_stage
  printf '\n(previous stage: %d s; %d s in all)\n=== %s ===\n' $((SECONDS - stage_started)) "$SECONDS" "$*"
  stage_started=$SECONDS
  stage_name="$*"
}
summary() {
  printf '\n(last stage: %d s; %d s in all)\n' $((SECONDS - stage_started)) "$SECONDS"
  record_stage
  printf '\nStage timings:\n'
  printf '%s\n' "${stage_times[@]}"
  printf '%6d s  total\n' "$SECONDS"
  node scripts/summarise-test-results.mjs "$results"
}
trap summary EXIT

[ -d node_modules ] || npm ci
# System tools the tests use: pdftotext reads invoice PDFs back, pdftoppm renders pick lists and zbarimg decodes
# their barcodes (Debian packages, installed when missing).
bash scripts/ensure-poppler.sh
bash scripts/ensure-zbar.sh

stage "Lint and type checks"
npx --no-install biome check .
npm run --silent check:imports
# The file-name and issue-citation checkers' own rules, on small trees given to them (the structure and doc-link
# checkers are tested in the API suite: apps/server/test/*-checker.test.ts).
node --test scripts/check-web-file-names.test.mjs scripts/check-issue-citations.test.mjs
npm run --silent check:docs
npm run --silent check:citations
# The five type checks two at a time (tsc is single-threaded; the machine has 2 cores): `npm run typecheck` in
# about half the time.
printf '%s\n' packages/contract apps/server apps/web e2e bench | xargs -P 2 -I{} npx --no-install tsc -p {}

stage "Migrations drift"
bash apps/server/scripts/check-migrations-drift.sh

stage "OpenAPI document (redocly lint, 0 errors)"
npm run --silent openapi:lint -w @wms/server

stage "Unit tests (contract, web)"
(cd packages/contract && npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/contract.json")
(cd apps/web && npx --no-install vitest run --reporter=default --reporter=json --outputFile="$results/web.json")

# The API suite runs in full on Node 24, the supported LTS line (README "Run it"), in both database modes: PGlite
# here and PostgreSQL below. The npm registry's `node` package is the official binary: vitest runs under it and
# forks its workers with the same executable, so every test file really runs on Node 24 whatever Node the machine has.
node24=$(npx --yes node@24 -p process.execPath)
node24_version=$("$node24" --version)
[[ $node24_version == v24.* ]] || { echo "Expected Node 24, got $node24_version" >&2; exit 1; }
vitest24() { "$node24" "$root/node_modules/vitest/vitest.mjs" "$@"; }

stage "API tests on embedded PGlite, $node24_version"
# With a coverage summary (statements, branches, functions, lines of apps/server/src): printed, not enforced.
(cd apps/server && vitest24 run --coverage --reporter=default --reporter=json --outputFile="$results/api-pglite.json")

stage "API smoke tests on embedded PGlite, the machine's Node ($(node --version))"
# The other Node line (the machine's: 20 or 22, which `npm start` still runs on) gets a smoke set of the files that
# lean on what changes between Node lines — crypto (sign-in, API keys, webhook signatures), streams and uploads,
# worker threads (spreadsheets), PDFs, compression, the event stream — and the ledger, so a break there still shows
# without running the whole suite a third time.
node_smoke=(auth api-keys webhooks live-stream order-import products-import pdf-uploads invoice-document
  compression spooled-upload inventory-ledger orders-concurrency openapi compiled-server)
(cd apps/server && npx --no-install vitest run "${node_smoke[@]/%/.test.ts}" --reporter=default --reporter=json --outputFile="$results/api-pglite-node-smoke.json")

stage "API file tests on the S3 driver (local S3 server)"
# The avatar, label, merge-PDF and draft-label test files again with FILE_STORAGE=s3, against an s3rver the
# global setup starts on a free loopback port with an empty bucket (~30 s).
(cd apps/server && npx --no-install vitest run -c vitest.s3.config.ts --reporter=default --reporter=json --outputFile="$results/api-s3.json")

stage "API tests on PostgreSQL, reading from a synchronous streaming replica (DATABASE_READ_URL), $node24_version"
# A primary and its pg_basebackup -R replica, synchronous with remote_apply (scripts/pg-replica.sh sync): a commit
# returns once the replica has applied it, so the suite's reads on the replica see every earlier write. Each test
# file's database, created on the primary, is on the replica too; the test app reads from the replica's copy.
pg_dir="$root/.tmp/pg-cluster"
pg_port="${TEST_PG_PORT:-55432}"
{ read -r database_url; read -r database_read_url; } < <(bash scripts/pg-replica.sh start "$pg_dir" "$pg_port" $((pg_port + 1)) sync)
[ -n "$database_read_url" ] || { echo "The primary and replica did not start" >&2; exit 1; }
trap 'bash scripts/pg-replica.sh stop "$pg_dir"; summary' EXIT
(cd apps/server && DATABASE_URL="$database_url" DATABASE_READ_URL="$database_read_url" vitest24 run --reporter=default --reporter=json --outputFile="$results/api-postgres.json")

stage "Reliability: two API processes, races, kill -9 (PostgreSQL and PGlite)"
# The compiled server started as child processes on the same primary (its replica still applying every commit
# before it returns; the processes themselves have no DATABASE_READ_URL): double ship, double shipment
# verify and adjustments + ship raced across two processes; a server killed mid-stream and restarted; two nodes with
# separate DATA_DIRs on one S3 bucket behind a round-robin proxy (reliability/two-nodes.test.ts) (~1.5 min).
(cd apps/server && DATABASE_URL="$database_url" npx --no-install vitest run -c vitest.reliability.config.ts --reporter=default --reporter=json --outputFile="$results/reliability.json")
bash scripts/pg-replica.sh stop "$pg_dir"
trap summary EXIT

stage "Read replica: routing and fallback on an asynchronous primary and replica pair (DATABASE_READ_URL)"
# The global setup starts both clusters (scripts/pg-replica.sh, asynchronous: the tests pause the replica's replay to
# tell which database answered, and stop its server to prove the fallback) and stops them after the run.
(cd apps/server && npx --no-install vitest run -c vitest.replica.config.ts --reporter=default --reporter=json --outputFile="$results/replica.json")

stage "Browser tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npm run --silent build
# Two workers, each with its own server and database (e2e/playwright.config.ts): about half the wall time.
# CI=1 (unless set): the same retry and the same longer waits as the CI machine, where two browsers and two servers
# share 2 cores (e2e/playwright.config.ts), so `npm test` here and on CI judge the screens alike.
(cd e2e && CI="${CI:-1}" E2E_WORKERS="${E2E_WORKERS:-2}" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx --no-install playwright test --reporter=list,json)
