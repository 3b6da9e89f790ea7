#!/usr/bin/env node
// DESIGN §9: no cross-feature imports in the web app. A file under features/<a>/ may import only
// its own feature, components/ and lib/ (and packages); components/ and lib/ import no feature at all.
// Shared code goes to components/ or lib/. Run by `npm run check`; exits 1 listing every offending import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src');
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

/** 'features/products/…' → 'features/products'; 'lib/…' → 'lib'; anything else → its first folder. */
function area(file) {
  const parts = relative(root, file).split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

const problems = [];
for (const file of sourceFiles(root)) {
  const from = area(file);
  if (from === 'app' || (!from.includes('/') && !['lib', 'components'].includes(from))) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(root)) continue;
    const to = area(target);
    if (!to.startsWith('features/') || to === from) continue;
    problems.push(`${relative(root, file)}: imports ${specifier} (${to}); move shared code to components/ or lib/`);
  }
}

if (problems.length > 0) {
  console.error(`Cross-feature imports in apps/web/src (DESIGN §9):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('web imports: no cross-feature imports');
