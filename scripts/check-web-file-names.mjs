#!/usr/bin/env node
// One file-name case in the web app, so a newcomer can tell a component from a module by its name alone:
// components are PascalCase `.tsx` (`OrderCard.tsx`); every other module is kebab-case (`query-keys.ts`,
// `use-order-actions.tsx`, `route-table.tsx`). A test carries its subject's name (`OrderCard.test.tsx`).
// Run by `npm run check:imports`; exits 1 listing every offending file.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The problem with one file's name, or null. `siblings` are the names in its folder: a PascalCase `.ts` test is
 * fine when it tests the component beside it (`WarehouseMultiSelect.test.ts` next to `WarehouseMultiSelect.tsx`).
 */
export function fileNameProblem(name, siblings = []) {
  const match = name.match(/^(.+?)((?:\.test)?)\.(ts|tsx)$/);
  if (!match) return null;
  const [, base, test, ext] = match;
  if (KEBAB.test(base)) return null;
  if (PASCAL.test(base) && (ext === 'tsx' || (test && siblings.includes(`${base}.tsx`)))) return null;
  return ext === 'tsx'
    ? `${name}: a component is PascalCase, any other module kebab-case`
    : `${name}: a module that is not a component is kebab-case`;
}

/** Every problem under a folder, as paths relative to it. */
export function fileNameProblems(root) {
  const problems = [];
  const walk = (dir) => {
    const names = readdirSync(dir);
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const problem = fileNameProblem(name, names);
        if (problem) problems.push(`${relative(root, dir) || '.'}/${problem}`);
      }
    }
  };
  walk(root);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src');
  const problems = fileNameProblems(root);
  if (problems.length > 0) {
    console.error(
      `File names in apps/web/src (kebab-case modules, PascalCase components):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('web file names: one case');
}
