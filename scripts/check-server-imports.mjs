#!/usr/bin/env node
// The server's import rules (README "Architecture"), run by `npm run check:imports`; exits 1 listing every offence.
// 1. Modules talk through each other's services or small public files, never through another module's repository
//    (issue 15 §2): a file under modules/<a>/ may not import modules/<b>/*-repository for b ≠ a.
// 2. No SQL outside `*-repository.ts` files in modules/ (issue 24 §6): any other module file may import only types from
//    'drizzle-orm' and db/schema. `*-scope.ts` files, which declare the columns that carry a row's scope for the access
//    gate and the repositories, are the one exception.
// 3. No barrels: a module file may not re-export values from another file (`export { x } from …`, `export * from …`);
//    a module's public files define the functions other modules call, so its repository can change behind them.
// 4. Dependencies point down (issue 24 §7): app.ts/main.ts → seed/ → modules/ → db/, auth/, http/, files/,
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

const STATEMENT = /(?:^|[\s;])import\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
const isSqlSource = (file, specifier) =>
  specifier === 'drizzle-orm' ||
  specifier.startsWith('drizzle-orm/') ||
  (specifier.startsWith('.') && resolve(dirname(file), specifier).startsWith(join(src, 'db', 'schema')));
/** Does this import bring in values (not only types)? `import type {…}` and `{ type A, type B }` do not. */
function importsValues(typeKeyword, clause) {
  if (typeKeyword) return false;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return true;
  const names = braces[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.some((n) => !n.startsWith('type '));
}
const problems = [];
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  const from = layerOf(file);
  const path = relative(modulesRoot, file).split(sep).join('/');
  if (from.name === 'modules') {
    for (const [statement] of text.matchAll(/(?:^|\n)export\s+(?!type\s)(?:\*|\{[^}]*\})\s*from\s*['"][^'"]+['"]/g)) {
      problems.push(`modules/${path}: ${statement.trim()}; callers import the real file (no barrels)`);
    }
  }
  if (from.name === 'modules' && !file.endsWith('-repository.ts') && !file.endsWith('-scope.ts')) {
    for (const [, typeKeyword, clause, specifier] of text.matchAll(STATEMENT)) {
      if (isSqlSource(file, specifier) && importsValues(typeKeyword, clause.trim())) {
        problems.push(`modules/${path}: imports ${specifier}; SQL lives in the module's *-repository.ts files`);
      }
    }
  }
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
console.log(
  'server imports: no module reads another module’s repository; no SQL outside repositories; no barrel; no upward import',
);
