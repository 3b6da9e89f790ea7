#!/usr/bin/env node
// Issue 24 §8: hand mutation of the scope and state rules. For each rule below: neutralise it in the source, run
// the API test files that should notice, report "killed" (a test failed) or "SURVIVED" (none did), and put the file
// back — always, also when a run fails or the script is interrupted. Not part of CI: it runs the tests once per
// rule (CPU-heavy), so run it when you touch a rule or its tests, optionally on a subset:
//   node scripts/mutate-scope.mjs                 every rule
//   node scripts/mutate-scope.mjs dashboard inquiry   rules whose id contains one of the words
//   node scripts/mutate-scope.mjs --check         only check that every rule's text is still found (no tests)
// Exit code 1 when a mutant survives (or a pattern no longer matches: update the list with the code).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(repo, 'apps', 'server');
const modules = join(server, 'src', 'modules');
const SURVIVORS = 'test/scope-survivors.test.ts';

/**
 * Each rule: the file, the exact text of the rule (it must occur exactly once) and what replaces it, and the test
 * files that must fail without it. Text rather than line numbers, so the list survives edits around the rule.
 */
const MUTANTS = [
  {
    id: 'order-status-gate',
    // Equivalent since issue 24 §1: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'orders/order-status-change.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n  const target', '  const target']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-edit-gate',
    // Equivalent since issue 24 §1: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'orders/order-edit.ts',
    // updateOrder's gate is the first of the file's two (the second is deleteOrder's).
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n', '', 'first']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-delete-gate',
    // Equivalent since issue 24 §1: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'orders/order-edit.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n', '', 'last']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-verify-gate',
    // Equivalent since issue 24 §1: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'orders/order-verification.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '', 'first']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-scan-gate',
    // Equivalent since issue 24 §1: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'orders/order-verification.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '', 'last']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-children-scope',
    file: 'orders/orders-list-repository.ts',
    edits: [['and(inArray(orders.mergeItemId, mergeIds), matches)', 'inArray(orders.mergeItemId, mergeIds)']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-pdf-labels-scope',
    file: 'merge-items/merge-items-repository.ts',
    edits: [['.where(and(eq(orders.mergeItemId, id), orderScope(scope)))', '.where(eq(orders.mergeItemId, id))']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-visibility',
    file: 'merge-items/merge-items-repository.ts',
    edits: [['.where(and(eq(mergeItems.id, id), mergeItemScope(scope)))', '.where(eq(mergeItems.id, id))']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-labels-list-gate',
    file: 'labels/label-download.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '']],
    tests: ['test/orders-labels.test.ts'],
  },
  {
    id: 'label-download-scope',
    file: 'labels/labels-repository.ts',
    edits: [
      ['.where(and(eq(shipmentLabels.id, labelId), orderScope(scope)))', '.where(eq(shipmentLabels.id, labelId))'],
    ],
    tests: ['test/orders-labels.test.ts'],
  },
  {
    id: 'order-account-linked-to-warehouse',
    file: 'order-creation/create-orders.ts',
    edits: [['if (!account.warehouseIds.has(order.warehouseId))', 'if (false)']],
    tests: [SURVIVORS],
  },
  {
    id: 'available-inventory-account-scope',
    file: 'order-creation/available-inventory-repository.ts',
    edits: [['        accountCondition(scope, products.accountId),\n', '']],
    tests: [SURVIVORS],
  },
  // Issue 24 §1: the orders' writes carry the scope themselves, so a deleted gate above is refused a second time by
  // the scoped lock (the API answers 404, nothing changes); these mutants delete the repository's scope instead.
  {
    id: 'order-lock-scope',
    file: 'orders/orders-repository.ts',
    edits: [['.where(and(eq(orders.id, id), orderScope(scope)))\n    .for(', '.where(eq(orders.id, id))\n    .for(']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'order-line-write-scope',
    file: 'orders/orders-repository.ts',
    edits: [['.where(and(eq(orderItems.id, lineId), lineScope(scope)))', '.where(eq(orderItems.id, lineId))', 'first']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'label-order-scope',
    file: 'labels/labels-repository.ts',
    edits: [['.where(and(eq(orders.id, orderId), orderScope(scope)))', '.where(eq(orders.id, orderId))']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'inquiry-client-assignee-filter',
    file: 'inquiries/inquiries-service.ts',
    edits: [
      [
        'const effective = showAssignee(auth) ? filter : { ...filter, assigned_to: undefined };',
        'const effective = filter;',
      ],
    ],
    tests: [SURVIVORS],
  },
  {
    id: 'inquiry-edit-staff-or-creator',
    file: 'inquiries/inquiries-service.ts',
    edits: [
      ["    if (!auth.allows('editAnyInquiry') && !isCreator) throw forbidden(INQUIRY_MESSAGES.cannotEdit);\n", ''],
    ],
    tests: [SURVIVORS],
  },
  {
    id: 'inquiry-order-in-its-warehouse',
    file: 'inquiries/inquiries-service.ts',
    edits: [['if (subject.warehouseId !== null && subject.warehouseId !== input.warehouse_id)', 'if (false)']],
    tests: [SURVIVORS],
  },
  {
    id: 'dashboard-client-warehouse-inventory',
    file: 'dashboard/dashboard-repository.ts',
    // A client's figure without the account filter: every account's units in the warehouse.
    edits: [
      ["s.scope.kind === 'accounts' && s.scope.accountIds.length", 'false'],
      ['? sql`and false`', '? sql``'],
    ],
    tests: [SURVIVORS],
  },
];

/** Replaces the one occurrence of `find` (or the first/last when told which); throws when it is not there. */
function apply(text, [find, replace, which]) {
  const first = text.indexOf(find);
  const last = text.lastIndexOf(find);
  if (first < 0) throw new Error(`pattern not found: ${JSON.stringify(find.slice(0, 80))}`);
  if (first !== last && !which) throw new Error(`pattern occurs more than once: ${JSON.stringify(find.slice(0, 80))}`);
  const at = which === 'last' ? last : first;
  return text.slice(0, at) + replace + text.slice(at + find.length);
}

let restore;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });
}

const checkOnly = process.argv.includes('--check');
const words = process.argv.slice(2).filter((a) => a !== '--check');
const chosen = MUTANTS.filter((m) => words.length === 0 || words.some((w) => m.id.includes(w)));
const vitest = join(repo, 'node_modules', '.bin', 'vitest');
const results = [];
for (const mutant of chosen) {
  const path = join(modules, mutant.file);
  const original = readFileSync(path, 'utf8');
  let outcome;
  try {
    const mutated = mutant.edits.reduce(apply, original);
    if (checkOnly) {
      results.push({ id: mutant.id, outcome: 'found' });
      console.log(`found                  ${mutant.id}`);
      continue;
    }
    restore = () => writeFileSync(path, original);
    writeFileSync(path, mutated);
    const run = spawnSync(vitest, ['run', ...mutant.tests], { cwd: server, stdio: 'ignore' });
    outcome = run.status === 0 ? (mutant.equivalent ? 'survived (equivalent)' : 'SURVIVED') : 'killed';
  } catch (error) {
    outcome = `INVALID (${error.message})`;
  } finally {
    writeFileSync(path, original);
    restore = undefined;
  }
  results.push({ id: mutant.id, outcome });
  console.log(`${outcome.padEnd(22)} ${mutant.id}  (${mutant.file}; ${mutant.tests.join(', ')})`);
}

if (checkOnly) process.exit(results.some((r) => r.outcome.startsWith('INVALID')) ? 1 : 0);
const bad = results.filter((r) => r.outcome === 'SURVIVED' || r.outcome.startsWith('INVALID'));
const killed = results.filter((r) => r.outcome === 'killed').length;
console.log(
  `\n${killed} killed, ${results.length - killed} not killed (${bad.length} to look at) of ${results.length}`,
);
process.exit(bad.length > 0 ? 1 : 0);
