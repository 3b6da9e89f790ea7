#!/usr/bin/env node
// Issue 15 §2: modules talk through each other's `*-api.ts` (or services), never through another module's
// repository. A file under apps/server/src/modules/<a>/ may not import modules/<b>/*-repository for b ≠ a.
// Run by `npm run check:imports`; exits 1 listing every offending import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'src', 'modules');
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

const moduleOf = (file) => relative(root, file).split(sep)[0];
const problems = [];
for (const file of sourceFiles(root)) {
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(root) || !basename(target).endsWith('-repository')) continue;
    if (moduleOf(target) === moduleOf(file)) continue;
    problems.push(`${relative(root, file)}: imports ${specifier}; ask that module's *-api.ts instead`);
  }
}

if (problems.length > 0) {
  console.error(`Cross-module repository imports in apps/server/src/modules (issue 15):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('server imports: no module reads another module’s repository');
