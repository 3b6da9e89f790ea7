// The file-name rule of the web app (node --test scripts/check-web-file-names.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileNameProblem } from './check-web-file-names.mjs';

test('kebab-case modules and PascalCase components pass', () => {
  for (const name of ['query-keys.ts', 'api.ts', 'use-order-actions.tsx', 'route-table.tsx', 'OrderCard.tsx']) {
    assert.equal(fileNameProblem(name), null, name);
  }
  assert.equal(fileNameProblem('cursor-paging.test.ts'), null);
  assert.equal(fileNameProblem('OrderCard.test.tsx'), null);
});

test('camelCase modules are refused, in .ts and .tsx', () => {
  assert.match(fileNameProblem('queryKeys.ts'), /kebab-case/);
  assert.match(fileNameProblem('useOrderActions.tsx'), /PascalCase/);
  assert.match(fileNameProblem('cursorPaging.test.ts'), /kebab-case/);
});

test('a PascalCase .ts file passes only as the test of the component beside it', () => {
  assert.match(fileNameProblem('ApiError.ts', ['ApiError.ts']), /kebab-case/);
  assert.match(fileNameProblem('Thing.test.ts', ['Thing.test.ts']), /kebab-case/);
  assert.equal(fileNameProblem('Thing.test.ts', ['Thing.tsx', 'Thing.test.ts']), null);
});
