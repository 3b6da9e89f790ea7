#!/usr/bin/env node
// The server's structure rules (README "Architecture (server)"), run by `npm run check:imports` over every file of
// apps/server/src; exits 1 listing every offence. `checkServerSource(src)` is the same check as a function, which
// apps/server/test/structure-checker.test.ts runs on small fixture trees (one per rule, and a clean one).
//
// Units. A file belongs to a *module* when it lies in `modules/<group>/<module>/` (sub-folders included), to its
// *group* when it lies directly in `modules/<group>/` (the group's route plugin), and otherwise to the top-level
// folder or file of src it lies in (`auth`, `http`, `db`, `seed`, `app`, …). Only files under src are checked; tests
// (apps/server/test), bench/ and apps/server/scripts are not units and may import any file.
//
// Rules:
// 1. cycle — no import cycle between units. Only value imports count: `import type …`, `import { type A } …` and
//    `export type … from` are erased at build time and cannot make a load-order cycle. The cycle is printed.
// 2. foreign-import — a module's only public file is its `<module>-api.ts` (e.g. modules/floor/stock/stock-api.ts):
//    any file outside the module (another module, seed/, app.ts, …) imports that file and no other, type imports
//    included. The one exception: a group's route plugin (modules/<group>/*.ts) imports the `*-routes.ts` plugins of
//    its own group's modules, and only app.ts/main.ts import a group plugin.
// 3. repository — a `*-repository.ts` file is imported only from its own unit (a module's repositories by that
//    module's files), and never by a `*-routes.ts` file, not even its own module's: routes call services. The one
//    shared repository is the access repository, auth/scope-repository.ts (the scope conditions and access queries
//    every module applies, like immich's access.repository.ts), which any module may import.
// 4. sql — SQL lives in repositories. A file may import values from `drizzle-orm` (any entry point), from
//    db/schema/ or from `db/qualified` (the column helpers that write SQL text) only if it is:
//      - a `*-repository.ts` file, anywhere in src;
//      - a `*-scope.ts` file (it declares which columns carry a row's scope, for the access gate and repositories);
//      - in `db/` — the SQL layer itself: schema, migrations, client, transactions, listen/notify, read routing and
//        the small query helpers (`db/id-array.ts`, `db/insert-json-rows.ts`, `db/pre-rendered-select.ts`, …) and
//        the reference data `db/seed/` writes.
//    Everything else may import their types only.
// 5. barrel — only a module's `<module>-api.ts` re-exports (`export { x } from './file'`), and only names of its own
//    module's files, values never from a repository (an api defines a small function over a repository instead, so
//    the query can change behind it). `export * from` is refused everywhere: a surface names what it offers.
// 6. layer — dependencies point down: app.ts/main.ts → seed/ → modules/ → everything else (db/, auth/, http/,
//    files/, spreadsheets/, background/, runtime/, config.ts). A file may not import from a layer above its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE = /\.(?:ts|mts)$/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** `a/b/c.ts` style path of a file under src, with forward slashes. */
const posix = (src, file) => relative(src, file).split(sep).join('/');

/** The unit a src-relative path belongs to (see the header). */
function unitOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'modules' && parts.length >= 4) return { name: parts.slice(0, 3).join('/'), kind: 'module' };
  if (parts[0] === 'modules' && parts.length === 3) return { name: parts.slice(0, 2).join('/'), kind: 'group' };
  return { name: parts[0].replace(SOURCE, ''), kind: 'other' };
}

/** The layer of a src-relative path: higher ranks sit above (may import) lower ones. */
function layerOf(path) {
  const top = path.split('/')[0].replace(SOURCE, '');
  if (top === 'app' || top === 'main') return { name: top, rank: 3 };
  if (top === 'seed') return { name: 'seed', rank: 2 };
  if (top === 'modules') return { name: 'modules', rank: 1 };
  return { name: top, rank: 0 };
}

const baseName = (path) => path.split('/').pop().replace(SOURCE, '');
const isRepository = (path) => baseName(path).endsWith('-repository');
const isRoutes = (path) => baseName(path).endsWith('-routes');
const isApiOf = (path, unit) => unit.kind === 'module' && path === `${unit.name}/${unit.name.split('/')[2]}-api.ts`;

/** Resolve a relative specifier to a src-relative file path (or undefined when it leaves src). */
function resolveSpecifier(src, file, specifier) {
  const bare = resolve(dirname(file), specifier.replace(/\.(?:m?js)$/, ''));
  if (!bare.startsWith(src + sep)) return undefined;
  for (const candidate of [bare, `${bare}.ts`, `${bare}.mts`, join(bare, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return posix(src, candidate);
    } catch {}
  }
  return posix(src, bare.endsWith('.ts') ? bare : `${bare}.ts`);
}

/** Does a brace clause `{ a, type B }` bring in at least one value? */
function clauseHasValues(clause) {
  const braces = clause.trim().match(/^\{([\s\S]*)\}$/);
  if (!braces) return true;
  const names = braces[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length === 0 || names.some((n) => !n.startsWith('type '));
}

const STATIC = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import and re-export of a file: { specifier, values (not type-only), reexport, star, text }. */
function importsOf(text) {
  const found = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');
  for (const [statement, keyword, typeKeyword, clause, specifier] of code.matchAll(STATIC)) {
    const reexport = keyword === 'export';
    found.push({
      specifier,
      reexport,
      star: reexport && clause.trim().startsWith('*'),
      values: !typeKeyword && clauseHasValues(clause),
      text: statement
        .replace(/^[\s;]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  for (const [statement, specifier] of code.matchAll(BARE)) {
    found.push({ specifier, reexport: false, star: false, values: true, text: statement.trim() });
  }
  for (const [statement, specifier] of code.matchAll(DYNAMIC)) {
    found.push({ specifier, reexport: false, star: false, values: true, text: statement.trim() });
  }
  return found;
}

/** The access repository: the one repository other units may import (rule 3). */
const ACCESS_REPOSITORY = 'auth/scope-repository.ts';
const isSqlPackage = (specifier) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
const isSqlFile = (path) => path.startsWith('db/schema/') || path === 'db/schema.ts' || path === 'db/qualified.ts';
const maySql = (path) =>
  isRepository(path) || baseName(path).endsWith('-scope') || path.startsWith('db/') || path === 'db.ts';

/** The shortest cycle through `start` inside its strongly connected component. */
function shortestCycle(start, edges, component) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [node];
        for (let at = previous.get(node); at !== null; at = previous.get(at)) path.unshift(at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Strongly connected components with more than one unit (Tarjan). */
function cyclicComponents(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.add(member);
      } while (member !== node);
      if (component.size > 1) components.push(component);
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node);
  return components;
}

/**
 * Check the source tree rooted at `src` (apps/server/src or a fixture of the same shape).
 * @returns {{ rule: string, file: string, message: string }[]} every offence, in file order.
 */
export function checkServerSource(src) {
  const root = resolve(src);
  const problems = [];
  const report = (rule, file, message) => problems.push({ rule, file, message });
  /** unit → (unit → first file:statement that makes the edge), value imports only. */
  const edges = new Map();

  for (const file of sourceFiles(root)) {
    const path = posix(root, file);
    const unit = unitOf(path);
    const layer = layerOf(path);
    const api = isApiOf(path, unit);
    if (!edges.has(unit.name)) edges.set(unit.name, new Map());
    for (const entry of importsOf(readFileSync(file, 'utf8'))) {
      const { specifier } = entry;
      if (isSqlPackage(specifier) && entry.values && !maySql(path)) {
        report('sql', path, `imports values from ${specifier}; SQL lives in *-repository.ts files`);
      }
      if (entry.star) report('barrel', path, `${entry.text}; a surface names what it offers (no export *)`);
      if (!specifier.startsWith('.')) continue;
      const target = resolveSpecifier(root, file, specifier);
      if (target === undefined) continue;
      const targetUnit = unitOf(target);
      const targetLayer = layerOf(target);

      if (entry.reexport && !entry.star) {
        if (!api && entry.values) {
          report('barrel', path, `${entry.text}; only a module's -api.ts re-exports, callers import the real file`);
        } else if (api && targetUnit.name !== unit.name) {
          report('barrel', path, `${entry.text}; an -api.ts re-exports only its own module's files`);
        } else if (api && entry.values && isRepository(target)) {
          report('barrel', path, `${entry.text}; define a function over the repository instead of re-exporting it`);
        }
      }
      if (isSqlFile(target) && entry.values && !maySql(path)) {
        report('sql', path, `imports values from ${specifier}; SQL lives in *-repository.ts files`);
      }
      if (targetLayer.rank > layer.rank) {
        report('layer', path, `imports ${specifier}, a layer above it (${targetLayer.name}); dependencies point down`);
        continue;
      }
      if (isRepository(target) && isRoutes(path)) {
        report('repository', path, `imports ${specifier}; routes call the module's service, never a repository`);
      } else if (isRepository(target) && targetUnit.name !== unit.name && target !== ACCESS_REPOSITORY) {
        report('repository', path, `imports ${specifier}, another unit's repository; ask its -api.ts instead`);
      }
      if (targetUnit.name !== unit.name) {
        const routePlugin = unit.kind === 'group' && targetUnit.name.startsWith(`${unit.name}/`) && isRoutes(target);
        const groupPlugin = targetUnit.kind === 'group' && (layer.name === 'app' || layer.name === 'main');
        if (targetUnit.kind === 'module' && !isApiOf(target, targetUnit) && !routePlugin && !isRepository(target)) {
          const surface = `${targetUnit.name.split('/')[2]}-api.ts`;
          report('foreign-import', path, `imports ${specifier}; another module is reached only through its ${surface}`);
        } else if (targetUnit.kind === 'group' && !groupPlugin) {
          report('foreign-import', path, `imports ${specifier}; a group's route plugin is registered by app.ts only`);
        }
        if (entry.values && !edges.get(unit.name).has(targetUnit.name)) {
          edges.get(unit.name).set(targetUnit.name, `${path}: ${entry.text}`);
        }
      }
    }
  }

  for (const component of cyclicComponents(edges)) {
    const cycle = shortestCycle([...component].sort()[0], edges, component);
    const because = cycle.slice(0, -1).map((unit, i) => `    ${edges.get(unit).get(cycle[i + 1])}`);
    const others = [...component].filter((u) => !cycle.includes(u));
    report(
      'cycle',
      cycle[0],
      `import cycle ${cycle.join(' → ')}${others.length ? ` (its tangle also holds ${others.join(', ')})` : ''}:\n${because.join('\n')}`,
    );
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'src');
  const problems = checkServerSource(src);
  if (problems.length > 0) {
    const lines = problems.map((p) => `[${p.rule}] ${p.file}: ${p.message}`);
    console.error(`Structure rules broken in apps/server/src (${problems.length}):\n  ${lines.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    'server structure: no import cycle; modules reached only through their -api.ts; repositories only from their own ' +
      'unit and never from routes; no SQL outside repositories and db/; no barrel; no upward import',
  );
}
