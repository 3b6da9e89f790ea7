import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServerSource } from '../../../scripts/check-server-imports.mjs';

// The structure checker (`npm run check:imports`) on small source trees shaped like apps/server/src: a clean tree
// passes, and each rule fails on the smallest tree that breaks it. Each tree is the clean one plus the files a case
// adds or replaces, so a failure names exactly the rule the case is about.

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A module `modules/floor/<name>/` as the layout wants it: routes → service → repository, and its -api.ts. */
const moduleFiles = (name: string): Record<string, string> => ({
  [`modules/floor/${name}/${name}-routes.ts`]: `import { list${name} } from './${name}-service';\nexport const ${name}Routes = () => list${name}();\n`,
  [`modules/floor/${name}/${name}-service.ts`]: `import { select${name} } from './${name}-repository';\nexport const list${name} = () => select${name}();\n`,
  [`modules/floor/${name}/${name}-repository.ts`]: `import { sql } from 'drizzle-orm';\nimport { things } from '../../../db/schema/things';\nexport const select${name} = () => sql\`select * from \${things}\`;\n`,
  [`modules/floor/${name}/${name}-api.ts`]: `export { list${name} } from './${name}-service';\n`,
});

const CLEAN: Record<string, string> = {
  ...moduleFiles('bins'),
  ...moduleFiles('counts'),
  // counts asks bins through bins' surface; a type from it too.
  'modules/floor/counts/count-rules.ts': `import { listbins } from '../bins/bins-api';\nimport type { Bin } from '../bins/bins-api';\nexport const check = (b: Bin) => listbins();\n`,
  'modules/floor/bins/bin-types.ts': 'export interface Bin { id: number }\n',
  'modules/floor/floor-routes.ts': `import { binsRoutes } from './bins/bins-routes';\nimport { countsRoutes } from './counts/counts-routes';\nexport const floorRoutes = [binsRoutes, countsRoutes];\n`,
  'modules/floor/bins/bins-scope.ts': `import { eq } from 'drizzle-orm';\nimport { things } from '../../../db/schema/things';\nexport const binScope = (id: number) => eq(things.id, id);\n`,
  'db/schema/things.ts': `import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const things = pgTable('things', { id: serial() });\n`,
  'db/transaction.ts': `import { sql } from 'drizzle-orm';\nexport const begin = sql\`begin\`;\n`,
  'auth/scope-repository.ts': `import { sql } from 'drizzle-orm';\nexport const allRows = () => sql\`true\`;\n`,
  'auth/access-gate.ts': `import type { SQL } from 'drizzle-orm';\nimport { allRows } from './scope-repository';\nexport const gate = (): SQL => allRows();\n`,
  'http/errors.ts': 'export const notFound = () => new Error("404");\n',
  'seed/demo.ts': `import { listbins } from '../modules/floor/bins/bins-api';\nexport const seed = () => listbins();\n`,
  'app.ts': `import { floorRoutes } from './modules/floor/floor-routes';\nimport { seed } from './seed/demo';\nexport const app = [floorRoutes, seed];\n`,
};

/** Writes the clean tree with `changes` applied (a null content removes a file) and checks it. */
function check(changes: Record<string, string | null> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'wms-structure-'));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...CLEAN, ...changes })) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return checkServerSource(root);
}

const rulesOf = (problems: ReturnType<typeof check>) => problems.map((p) => `${p.rule} ${p.file}`);

describe('the server structure checker', () => {
  it('passes a tree that keeps every rule', () => {
    expect(check()).toEqual([]);
  });

  it('passes the real apps/server/src', () => {
    expect(checkServerSource(join(import.meta.dirname, '..', 'src'))).toEqual([]);
  });

  it('fails on a module-level import cycle and prints it', () => {
    const problems = check({
      'modules/floor/bins/bin-rules.ts': `import { check } from '../counts/counts-api';\nexport const rule = () => check;\n`,
      'modules/floor/counts/counts-api.ts': `export { listcounts } from './counts-service';\nexport { check } from './count-rules';\n`,
      'modules/floor/bins/bins-api.ts': `export { listbins } from './bins-service';\nexport { rule } from './bin-rules';\nexport type { Bin } from './bin-types';\n`,
    });
    expect(rulesOf(problems)).toEqual(['cycle modules/floor/bins']);
    expect(problems[0]!.message).toContain('modules/floor/bins → modules/floor/counts → modules/floor/bins');
  });

  it('does not count type-only imports for cycles', () => {
    expect(
      check({
        'modules/floor/bins/bin-rules.ts': `import type { Rule } from '../counts/counts-api';\nexport type Local = Rule;\n`,
        'modules/floor/counts/counts-api.ts': `export { listcounts } from './counts-service';\nexport type Rule = number;\n`,
      }),
    ).toEqual([]);
  });

  it('fails on a foreign import of a file other than the module’s -api.ts, type imports included', () => {
    const values = check({
      'modules/floor/counts/count-rules.ts': `import { listbins } from '../bins/bins-service';\nexport const check = () => listbins();\n`,
    });
    expect(rulesOf(values)).toEqual(['foreign-import modules/floor/counts/count-rules.ts']);
    const types = check({
      'modules/floor/counts/count-rules.ts': `import type { Bin } from '../bins/bin-types';\nexport const check = (b: Bin) => b;\n`,
    });
    expect(rulesOf(types)).toEqual(['foreign-import modules/floor/counts/count-rules.ts']);
    // seed/ and app.ts are callers like any other.
    const seed = check({ 'seed/demo.ts': `import { listbins } from '../modules/floor/bins/bins-service';\n` });
    expect(rulesOf(seed)).toEqual(['foreign-import seed/demo.ts']);
  });

  it('fails on a route importing a repository, even its own module’s, and on a foreign repository', () => {
    const route = check({
      'modules/floor/bins/bins-routes.ts': `import { selectbins } from './bins-repository';\nexport const binsRoutes = () => selectbins();\n`,
    });
    expect(rulesOf(route)).toEqual(['repository modules/floor/bins/bins-routes.ts']);
    const foreign = check({
      'modules/floor/counts/count-rules.ts': `import { selectbins } from '../bins/bins-repository';\nexport const check = () => selectbins();\n`,
    });
    expect(rulesOf(foreign)).toEqual(['repository modules/floor/counts/count-rules.ts']);
  });

  it('fails on SQL outside repositories anywhere in src (auth, http, seed, app, a service)', () => {
    const problems = check({
      'auth/access-gate.ts': `import { and } from 'drizzle-orm';\nexport const gate = () => and();\n`,
      'http/errors.ts': `import { sql } from 'drizzle-orm/sql';\nexport const notFound = () => sql\`\`;\n`,
      'seed/demo.ts': `import { things } from '../db/schema/things';\nexport const seed = () => things;\n`,
      'app.ts': `import { sql } from 'drizzle-orm';\nexport const app = sql\`select 1\`;\n`,
      'modules/floor/bins/bins-service.ts': `import { things } from '../../../db/schema/things';\nexport const listbins = () => things;\n`,
    });
    expect(rulesOf(problems).sort()).toEqual([
      'sql app.ts',
      'sql auth/access-gate.ts',
      'sql http/errors.ts',
      'sql modules/floor/bins/bins-service.ts',
      'sql seed/demo.ts',
    ]);
  });

  it('fails on a barrel: a re-export outside an -api.ts, of another module, or of a repository value', () => {
    const service = check({
      'modules/floor/bins/bins-service.ts': `export { selectbins } from './bins-repository';\nexport const listbins = 1;\n`,
    });
    expect(rulesOf(service)).toEqual(['barrel modules/floor/bins/bins-service.ts']);
    const foreign = check({
      'modules/floor/counts/counts-api.ts': `export { listcounts } from './counts-service';\nexport { listbins } from '../bins/bins-api';\n`,
    });
    expect(rulesOf(foreign)).toEqual(['barrel modules/floor/counts/counts-api.ts']);
    const repository = check({
      'modules/floor/bins/bins-api.ts': `export { listbins } from './bins-service';\nexport { selectbins } from './bins-repository';\nexport type { Bin } from './bin-types';\n`,
    });
    expect(rulesOf(repository)).toEqual(['barrel modules/floor/bins/bins-api.ts']);
    const star = check({ 'modules/floor/bins/bins-api.ts': `export * from './bins-service';\n` });
    expect(rulesOf(star)).toContain('barrel modules/floor/bins/bins-api.ts');
  });

  it('fails on an upward import (a lower layer reaching a module, a module reaching seed/ or app.ts)', () => {
    const problems = check({
      'http/errors.ts': `import { listbins } from '../modules/floor/bins/bins-api';\nexport const notFound = listbins;\n`,
      'modules/floor/bins/bins-service.ts': `import { seed } from '../../../seed/demo';\nexport const listbins = seed;\n`,
    });
    expect(
      rulesOf(problems)
        .filter((p) => p.startsWith('layer'))
        .sort(),
    ).toEqual(['layer http/errors.ts', 'layer modules/floor/bins/bins-service.ts']);
  });
});
