import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const checker = new URL('./check-issue-citations.mjs', import.meta.url).pathname;

function treeWith(file, text) {
  const root = mkdtempSync(join(tmpdir(), 'citations-'));
  mkdirSync(join(root, 'apps/server/src'), { recursive: true });
  writeFileSync(join(root, 'apps/server/src', file), text);
  return root;
}
const run = (root) => spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });

test('a comment citing an issue fails, naming the file and line', () => {
  const result = run(treeWith('waves.ts', 'const a = 1;\n/** Urgent first (issue 36). */\n'));
  assert.equal(result.status, 1);
  assert.match(result.stderr, /apps\/server\/src\/waves\.ts:2: /);
});

test('an API description citing "Issue 24 §1" fails too', () => {
  assert.equal(run(treeWith('routes.ts', "description: 'Optional (Issue 24 §1): mapping'\n")).status, 1);
});

test('reasons without citations pass', () => {
  const result = run(treeWith('waves.ts', '/** Urgent orders are released first: they ship today. */\n'));
  assert.equal(result.status, 0, result.stderr);
});
