#!/usr/bin/env node
// The server's import rules (README "Architecture"), run by `npm run check:imports`; exits 1 listing every offence.
// 1. Modules talk through each other's services or small public files, never through another module's repository
//    (issue 15 §2): a file under modules/<a>/ may not import modules/<b>/*-repository for b ≠ a.
// 2. Dependencies point down (issue 24 §7): app.ts/main.ts → seed/ → modules/ → db/, auth/, http/, files/,
//    spreadsheets/, config.ts. A file may not import from a layer above its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'src');
const modulesRoot = join(src, 'modules');
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** The layer of a file under src/: higher numbers sit above (may import) lower ones. */
function layerOf(file) {
  const top = relative(src, file).split(sep)[0].replace(/\.ts$/, '');
  if (top === 'app' || top === 'main') return { name: top, rank: 3 };
  if (top === 'seed') return { name: 'seed', rank: 2 };
  if (top === 'modules') return { name: 'modules', rank: 1 };
  return { name: top, rank: 0 };
}

const moduleOf = (file) => relative(modulesRoot, file).split(sep)[0];
const problems = [];
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  const from = layerOf(file);
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(src)) continue;
    const to = layerOf(target);
    if (to.rank > from.rank) {
      problems.push(
        `${relative(src, file)}: imports ${specifier}, a layer above it (${to.name}); dependencies point down`,
      );
      continue;
    }
    if (
      from.name === 'modules' &&
      target.startsWith(modulesRoot) &&
      basename(target).endsWith('-repository') &&
      moduleOf(target) !== moduleOf(file)
    ) {
      problems.push(`${relative(src, file)}: imports ${specifier}; ask that module's service or public file instead`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Import rules broken in apps/server/src:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('server imports: no module reads another module’s repository; no upward import');
