// Code says its reasons itself: a comment or an API description that cites a tracker issue ("issue 36",
// "Issue 24 §1") sends the reader to a page the code does not carry, and goes stale when the issue closes. The
// reason goes in the text, or in a decision note under docs/decisions/. Exits 1 listing every citation.
// `node scripts/check-issue-citations.mjs [root]`: the repository by default; another root for the checker's test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const CHECKED = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'packages/contract/src',
  'e2e',
  'bench',
  'scripts',
];
const CITATION = /\bissue\s+#?\d+/i;
// This checker and its test name the pattern they look for.
const SELF = new Set(['scripts/check-issue-citations.mjs', 'scripts/check-issue-citations.test.mjs']);

function sourceFiles(dir) {
  const files = [];
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (/\.(ts|tsx|mts|mjs|js)$/.test(name)) files.push(child);
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

const found = [];
for (const dir of CHECKED) {
  for (const file of sourceFiles(join(root, dir))) {
    if (SELF.has(relative(root, file))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${relative(root, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
}
if (found.length > 0) {
  console.error(`Say the reason instead of citing an issue (${found.length}):\n${found.join('\n')}`);
  process.exit(1);
}
console.log('issue citations: none in the code');
