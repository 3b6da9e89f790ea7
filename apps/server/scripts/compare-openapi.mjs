#!/usr/bin/env node
// Is the OpenAPI document unchanged? Writes this tree's document (scripts/write-openapi.ts) and compares it with a
// reference file canonically: objects with their keys sorted, so only a real difference in paths, schemas,
// parameters or texts counts. Exits 0 when equal, 1 listing the first differing paths (JSON pointers).
//   node scripts/compare-openapi.mjs <reference.json> [--write-to <file>]
// A reference from another commit: `git worktree add /tmp/oa <commit>`, link node_modules, and run
// `npm run openapi:write -w @wms/server -- /tmp/oa.json` there (see README "Architecture (server)").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const reference = args[0];
if (!reference) {
  console.error('usage: node scripts/compare-openapi.mjs <reference.json> [--write-to <file>]');
  process.exit(2);
}
const at = args.indexOf('--write-to');
const current = resolve(at >= 0 ? args[at + 1] : resolve(server, '..', '..', '.tmp', 'openapi-current.json'));
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/write-openapi.ts', current], {
  cwd: server,
  stdio: 'inherit',
});

/** The value with every object's keys in order (arrays keep theirs: their order is meaningful). */
const canonical = (value) =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical(value[key])]),
        )
      : value;

/** JSON pointers where the two values differ (at most `limit`). */
function differences(a, b, path = '', found = [], limit = 20) {
  if (found.length >= limit) return found;
  if (JSON.stringify(a) === JSON.stringify(b)) return found;
  const objects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!objects) {
    found.push(path || '/');
    return found;
  }
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    differences(a[key], b[key], `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`, found, limit);
  }
  return found;
}

const read = (file) => canonical(JSON.parse(readFileSync(file, 'utf8')));
const [expected, actual] = [read(resolve(reference)), read(current)];
const found = differences(expected, actual);
if (found.length > 0) {
  console.error(`OpenAPI documents differ (${current} vs ${reference}) at:\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log(`OpenAPI document canonically identical to ${reference}`);
