#!/usr/bin/env bash
# Fails when the Drizzle schema and the committed migrations differ: drizzle-kit generates into a copy of the
# migrations folder and must answer "No schema changes"; anything else means the schema changed without
# `npm run db:generate` (or drizzle-kit failed, which it reports with exit code 0, hence the text check).
set -euo pipefail
cd "$(dirname "$0")/.."
copy=".tmp/migrations-drift-check"   # drizzle-kit only takes a path relative to this folder
rm -rf "$copy" && mkdir -p "$copy"
trap 'rm -rf "$copy"' EXIT
cp -r src/db/migrations/. "$copy"
output=$(MIGRATIONS_OUT="./$copy" npx --no-install drizzle-kit generate --name drift 2>&1 || true)
if ! grep -q "No schema changes" <<<"$output" || ! diff -r src/db/migrations "$copy" >/dev/null; then
  echo "Migrations drift: src/db/schema differs from src/db/migrations. Run 'npm run db:generate' and commit." >&2
  grep -v "npm warn" <<<"$output" | tail -n 20 >&2
  exit 1
fi
echo "Migrations match the schema."
