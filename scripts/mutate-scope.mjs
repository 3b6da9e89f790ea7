#!/usr/bin/env node
// Hand mutation of the scope and state rules. For each rule below: neutralise it in the source, run
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
const SCOPED_WRITES = 'test/scoped-writes.test.ts';
const SHIPMENTS = 'test/shipments.test.ts';
const INQUIRIES = 'test/inquiries.test.ts';
const DRAFTS = 'test/drafts.test.ts';
const WAREHOUSES = 'test/warehouses.test.ts';
const USERS = 'test/users.test.ts';

/**
 * Each rule: the file, the exact text of the rule (it must occur exactly once) and what replaces it, and the test
 * files that must fail without it. Text rather than line numbers, so the list survives edits around the rule.
 */
const MUTANTS = [
  {
    id: 'order-status-gate',
    // Equivalent: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'outbound/orders/order-status-change.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n  const target', '  const target']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-edit-gate',
    // Equivalent: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'outbound/orders/order-edit.ts',
    // updateOrder's gate is the first of the file's two (the second is deleteOrder's).
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n', '', 'first']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-delete-gate',
    // Equivalent: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'outbound/orders/order-edit.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, id);\n', '', 'last']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-verify-gate',
    // Equivalent: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'outbound/orders/order-verification.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '', 'first']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-scan-gate',
    // Equivalent: the scoped lock (orders-repository.ts) refuses the write too (order-lock-scope).
    equivalent: true,
    file: 'outbound/orders/order-verification.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '', 'last']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-children-scope',
    file: 'outbound/orders/orders-list-repository.ts',
    edits: [['and(anyId(orders.mergeItemId, mergeIds), matches)', 'anyId(orders.mergeItemId, mergeIds)']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-pdf-labels-scope',
    file: 'outbound/merge-items/merge-items-repository.ts',
    edits: [['.where(and(eq(orders.mergeItemId, id), orderScope(scope)))', '.where(eq(orders.mergeItemId, id))']],
    tests: [SURVIVORS],
  },
  {
    id: 'merge-item-visibility',
    file: 'outbound/merge-items/merge-items-repository.ts',
    edits: [['.where(and(eq(mergeItems.id, id), mergeItemScope(scope)))', '.where(eq(mergeItems.id, id))']],
    tests: [SURVIVORS],
  },
  {
    id: 'order-labels-list-gate',
    file: 'outbound/labels/label-download.ts',
    edits: [['  await requireAccess(db, scope, ORDER_RESOURCE, orderId);\n', '']],
    tests: ['test/orders-labels.test.ts'],
  },
  {
    id: 'label-download-scope',
    file: 'outbound/labels/labels-repository.ts',
    edits: [
      ['.where(and(eq(shipmentLabels.id, labelId), orderScope(scope)))', '.where(eq(shipmentLabels.id, labelId))'],
    ],
    tests: ['test/orders-labels.test.ts'],
  },
  {
    id: 'order-account-linked-to-warehouse',
    file: 'outbound/order-creation/create-orders.ts',
    edits: [['if (!account.warehouseIds.has(order.warehouseId))', 'if (false)']],
    tests: [SURVIVORS],
  },
  {
    id: 'available-inventory-account-scope',
    file: 'outbound/order-creation/available-inventory-repository.ts',
    edits: [['        accountCondition(scope, products.accountId),\n', '']],
    tests: [SURVIVORS],
  },
  // The orders' writes carry the scope themselves, so a deleted gate above is refused a second time by
  // the scoped lock (the API answers 404, nothing changes); these mutants delete the repository's scope instead.
  {
    id: 'order-lock-scope',
    file: 'outbound/orders/orders-repository.ts',
    edits: [['.where(and(eq(orders.id, id), orderScope(scope)))\n    .for(', '.where(eq(orders.id, id))\n    .for(']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'order-line-write-scope',
    file: 'outbound/orders/orders-repository.ts',
    edits: [['.where(and(eq(orderItems.id, lineId), lineScope(scope)))', '.where(eq(orderItems.id, lineId))', 'first']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'label-order-scope',
    file: 'outbound/labels/labels-repository.ts',
    edits: [['.where(and(eq(orders.id, orderId), orderScope(scope)))', '.where(eq(orders.id, orderId))']],
    tests: ['test/scoped-writes.test.ts'],
  },
  {
    id: 'inquiry-client-assignee-filter',
    file: 'service/inquiries/inquiries-service.ts',
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
    file: 'service/inquiries/inquiries-service.ts',
    edits: [
      ["    if (!auth.allows('editAnyInquiry') && !isCreator) throw forbidden(INQUIRY_MESSAGES.cannotEdit);\n", ''],
    ],
    tests: [SURVIVORS],
  },
  {
    id: 'inquiry-order-in-its-warehouse',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['if (subject.warehouseId !== null && subject.warehouseId !== input.warehouse_id)', 'if (false)']],
    tests: [SURVIVORS],
  },
  {
    id: 'dashboard-client-warehouse-inventory',
    file: 'service/dashboard/dashboard-repository.ts',
    // A client's figure without the account filter: every account's units in the warehouse.
    edits: [
      ["s.scope.kind === 'accounts' && s.scope.accountIds.length", 'false'],
      ['? sql`and false`', '? sql``'],
    ],
    tests: [SURVIVORS],
  },
  // Shipments, inquiries and drafts: their locks and writes carry the scope too (the repository
  // mutants are killed by test/scoped-writes.test.ts), so deleting a write's access gate alone is an equivalent
  // mutant; the reads, lists, create checks and state rules are killed by the module's API tests.
  {
    id: 'shipment-change-gate',
    // Equivalent: the scoped lock (shipments-repository.ts lockShipment) refuses the change too (shipment-lock-scope).
    equivalent: true,
    file: 'inbound/shipments/shipments-service.ts',
    edits: [['  await requireAccess(tx, scope, SHIPMENT_RESOURCE, id);\n', '']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-lock-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [
      [
        '.where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))\n    .for(',
        '.where(eq(shipments.id, id))\n    .for(',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'shipment-update-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [
      [
        '.where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))\n    .returning',
        '.where(eq(shipments.id, id))\n    .returning',
        'first',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'shipment-delete-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [
      [
        '.where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))\n    .returning',
        '.where(eq(shipments.id, id))\n    .returning',
        'last',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'shipment-read-gate',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [['  await requireAccess(db, scope, SHIPMENT_RESOURCE, id);\n', '']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-list-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [['    shipmentScopeCondition(scope),\n    filter.warehouse_id', '    filter.warehouse_id']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-create-account-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [['.where(and(eq(accounts.id, id), accountCondition(scope, accounts.id)))', '.where(eq(accounts.id, id))']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-create-product-scope',
    file: 'inbound/shipments/shipments-repository.ts',
    edits: [
      ['.where(and(eq(products.id, id), accountCondition(scope, products.accountId)))', '.where(eq(products.id, id))'],
    ],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-create-warehouse-visible',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [['canSeeWarehouse(scope, input.warehouse_id)\n    ? await', 'true\n    ? await']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-create-account-in-warehouse',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [
      ['else if (accountUsable && !(await isAccountInWarehouse(', 'else if (false && !(await isAccountInWarehouse('],
    ],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-edit-state',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [['const refusal = editRefusal(auth, row);', 'const refusal = null;']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-verify-state',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [["const refusal = reviewRefusal(auth, row, 'verify');", 'const refusal = null;']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-reject-state',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [["const refusal = reviewRefusal(auth, row, 'reject');", 'const refusal = null;']],
    tests: [SHIPMENTS],
  },
  {
    id: 'shipment-delete-state',
    file: 'inbound/shipments/shipments-service.ts',
    edits: [['const refusal = deleteRefusal(auth, row);', 'const refusal = null;']],
    tests: [SHIPMENTS],
  },
  {
    id: 'inquiry-update-gate',
    // Equivalent: the scoped lock (inquiries-repository.ts lockInquiry) refuses the change too (inquiry-lock-scope).
    equivalent: true,
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);\n', '', 0]],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-delete-gate',
    // Equivalent: the scoped lock refuses the delete too (inquiry-lock-scope).
    equivalent: true,
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);\n', '', 1]],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-resolve-gate',
    // Equivalent: the scoped lock refuses the resolve too (inquiry-lock-scope).
    equivalent: true,
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);\n', '', 2]],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-lock-scope',
    file: 'service/inquiries/inquiries-repository.ts',
    edits: [
      [
        '.where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))\n    .for(',
        '.where(eq(inquiries.id, id))\n    .for(',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'inquiry-update-scope',
    file: 'service/inquiries/inquiries-repository.ts',
    edits: [
      [
        '.where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))\n    .returning',
        '.where(eq(inquiries.id, id))\n    .returning',
        'first',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'inquiry-delete-scope',
    file: 'service/inquiries/inquiries-repository.ts',
    edits: [
      [
        '.where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))\n    .returning',
        '.where(eq(inquiries.id, id))\n    .returning',
        'last',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'inquiry-scope-manager-warehouses',
    file: 'service/inquiries/inquiry-scope.ts',
    edits: [
      [
        "if (scope.kind === 'warehouses') return within(inquiries.warehouseId, scope.warehouseIds);",
        "if (scope.kind === 'warehouses') return undefined;",
      ],
    ],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-scope-client-accounts',
    file: 'service/inquiries/inquiry-scope.ts',
    edits: [
      ['return or(within(inquiries.accountId, scope.accountIds), eq(inquiries.userId, userId));', 'return undefined;'],
    ],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-read-gate',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [
      [
        '  await requireAccess(db, await auth.scope(), inquiryResource(auth.user.id), id);\n  return viewOf',
        '  return viewOf',
      ],
    ],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-timeline-gate',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['  await requireAccess(db, scope, inquiryResource(auth.user.id), id);\n', '']],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-create-warehouse-visible',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [['if (!canSeeWarehouse(scope, input.warehouse_id)) throw', 'if (false) throw']],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-subject-order-scope',
    file: 'service/inquiries/inquiry-subjects-repository.ts',
    edits: [
      [
        '          warehouseAccountScope(scope, { warehouseId: orders.warehouseId, accountId: orders.accountId }),\n',
        '',
      ],
    ],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-account-in-scope',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [["  if (!own) throw fieldError('account_id'", "  if (false) throw fieldError('account_id'"]],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-resolve-staff-only',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [["  auth.require('resolveInquiries', INQUIRY_MESSAGES.cannotResolve);\n", '']],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-resolve-once',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [["if (row.status === 'resolved' || row.status === 'closed') throw", 'if (false) throw']],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-delete-super-admin-or-creator',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [["if (!auth.allows('deleteAnyInquiry') && row.userId !== auth.user.id) throw", 'if (false) throw']],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-assign-admins-only',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [
      [
        "if (input.assigned_to !== undefined) auth.require('assignInquiries'",
        "if (false) auth.require('assignInquiries'",
      ],
    ],
    tests: [INQUIRIES],
  },
  {
    id: 'inquiry-assignee-holds-warehouse',
    file: 'service/inquiries/inquiries-service.ts',
    edits: [["if (!newAssignee) throw fieldError('assigned_to'", "if (false) throw fieldError('assigned_to'"]],
    tests: [INQUIRIES],
  },
  {
    id: 'draft-save-gate',
    // Equivalent: the scoped lock (drafts-repository.ts findDraft) refuses the save too (draft-lock-scope).
    equivalent: true,
    file: 'outbound/drafts/drafts-service.ts',
    edits: [['    await requireAccess(tx, scope, draftResource, id);\n', '', 0]],
    tests: [DRAFTS],
  },
  {
    id: 'draft-delete-gate',
    // Equivalent: the scoped delete changes nothing and is refused (draft-delete-scope, draft-files-scope).
    equivalent: true,
    file: 'outbound/drafts/drafts-service.ts',
    edits: [['    await requireAccess(tx, scope, draftResource, id);\n', '', 1]],
    tests: [DRAFTS],
  },
  {
    id: 'draft-convert-gate',
    // Equivalent: the scoped lock refuses the conversion too (draft-lock-scope).
    equivalent: true,
    file: 'outbound/drafts/drafts-service.ts',
    edits: [['    await requireAccess(tx, scope, draftResource, id);\n', '', 2]],
    tests: [DRAFTS],
  },
  {
    id: 'draft-read-gate',
    // Equivalent: the draft is read within the scope too (findDraft), answering the same 404.
    equivalent: true,
    file: 'outbound/drafts/drafts-service.ts',
    edits: [['  await requireAccess(db, scope, draftResource, id);\n', '']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-label-upload-gate',
    // Equivalent: the upload's transaction locks the draft within the scope (404, the stored bytes are removed).
    equivalent: true,
    file: 'outbound/drafts/draft-label-files.ts',
    edits: [['  await requireAccess(db, scope, draftResource, draftId);\n', '']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-label-download-gate',
    file: 'outbound/drafts/draft-label-files.ts',
    edits: [['  await requireAccess(db, await auth.scope(), draftResource, draftId);\n', '']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-lock-scope',
    file: 'outbound/drafts/drafts-repository.ts',
    edits: [['and(eq(bulkOrderDrafts.id, id), draftScope(scope)),\n  );', 'eq(bulkOrderDrafts.id, id),\n  );']],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'draft-update-scope',
    file: 'outbound/drafts/drafts-repository.ts',
    edits: [
      ['.where(and(eq(bulkOrderDrafts.id, id), draftScope(scope)))', '.where(eq(bulkOrderDrafts.id, id))', 'first'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'draft-delete-scope',
    file: 'outbound/drafts/drafts-repository.ts',
    edits: [
      ['.where(and(eq(bulkOrderDrafts.id, id), draftScope(scope)))', '.where(eq(bulkOrderDrafts.id, id))', 'last'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'draft-file-link-scope',
    file: 'outbound/drafts/draft-files-repository.ts',
    edits: [
      ['.where(and(eq(bulkOrderDrafts.id, draftId), draftScope(scope))),', '.where(eq(bulkOrderDrafts.id, draftId)),'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'draft-files-scope',
    file: 'outbound/drafts/draft-files-repository.ts',
    edits: [
      ['.where(and(eq(bulkOrderDrafts.id, draftId), draftScope(scope)));', '.where(eq(bulkOrderDrafts.id, draftId));'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'draft-list-scope',
    file: 'outbound/drafts/drafts-repository.ts',
    edits: [['    draftScope(scope),\n    query.account_id', '    query.account_id']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-placement-warehouse-visible',
    file: 'outbound/drafts/drafts-service.ts',
    edits: [["if (!canSeeWarehouse(scope, input.warehouse_id)) throw notFound('Warehouse not found');", '']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-placement-account-scope',
    file: 'outbound/drafts/drafts-service.ts',
    edits: [
      [
        'await findAccountsInScope(db, scope, [input.account_id])',
        "await findAccountsInScope(db, { kind: 'all' }, [input.account_id])",
      ],
    ],
    tests: [DRAFTS],
  },
  {
    id: 'draft-account-linked-to-warehouse',
    file: 'outbound/drafts/drafts-service.ts',
    edits: [['if (!account.warehouseIds.has(input.warehouse_id))', 'if (false)']],
    tests: [DRAFTS],
  },
  {
    id: 'draft-label-file-of-this-draft',
    file: 'outbound/drafts/draft-label-files.ts',
    edits: [['      else errors[`draft_data.orders.', '      else if (false) errors[`draft_data.orders.']],
    tests: [DRAFTS],
  },
  {
    id: 'warehouse-update-gate',
    // Equivalent: the scoped update (warehouse-update-scope) changes nothing and the service answers 404.
    equivalent: true,
    file: 'catalogue/warehouses/warehouses-service.ts',
    edits: [
      [
        '  const before = await warehouseInScope(db, auth, id);',
        "  const before = (await findWarehouseInScope(db, { kind: 'all' }, id)) ?? (await warehouseInScope(db, auth, id));",
      ],
    ],
    tests: [WAREHOUSES],
  },
  {
    id: 'warehouse-lock-scope',
    file: 'catalogue/warehouses/warehouses-repository.ts',
    edits: [
      [
        '.where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))\n    .for(',
        '.where(eq(warehouses.id, id))\n    .for(',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'warehouse-update-scope',
    file: 'catalogue/warehouses/warehouses-repository.ts',
    edits: [
      [
        '.where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))\n    .returning',
        '.where(eq(warehouses.id, id))\n    .returning',
        'first',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'warehouse-delete-scope',
    file: 'catalogue/warehouses/warehouses-repository.ts',
    edits: [
      [
        '.where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))\n    .returning',
        '.where(eq(warehouses.id, id))\n    .returning',
        'last',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'warehouse-assign-users-scope',
    file: 'catalogue/warehouses/warehouses-repository.ts',
    edits: [
      [
        // The condition of the insert's select (source text, not a template: `$` and braces kept apart).
        `where $${'{'}and(eq(warehouses.id, warehouseId), warehouseCondition(scope, warehouses.id))}`,
        `where $${'{'}eq(warehouses.id, warehouseId)}`,
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'warehouse-remove-user-scope',
    file: 'catalogue/warehouses/warehouses-repository.ts',
    edits: [['        warehouseCondition(scope, warehouseUsers.warehouseId),\n', '']],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'warehouse-delete-gate',
    file: 'catalogue/warehouses/warehouses-service.ts',
    edits: [
      [
        '  const warehouse = await warehouseInScope(db, auth, id);\n  const dependents',
        "  const warehouse = (await findWarehouseInScope(db, { kind: 'all' }, id)) ?? (await warehouseInScope(db, auth, id));\n  const dependents",
      ],
    ],
    tests: [WAREHOUSES],
  },
  {
    id: 'warehouse-assign-gate',
    // Equivalent: the transaction locks the warehouse within the scope (warehouse-lock-scope) and answers 404.
    equivalent: true,
    file: 'catalogue/warehouses/warehouses-service.ts',
    edits: [
      [
        "  const warehouse = await warehouseInScope(db, auth, id);\n  const userIds = await checkedUserIds(db, auth, requested, 'user_ids');",
        "  const warehouse = (await findWarehouseInScope(db, { kind: 'all' }, id)) ?? (await warehouseInScope(db, auth, id));\n  const userIds = await checkedUserIds(db, auth, requested, 'user_ids');",
      ],
    ],
    tests: [WAREHOUSES],
  },
  {
    id: 'user-update-gate',
    // Equivalent: the scoped update (user-update-scope) changes nothing and the service answers 404. The gate
    // mutants of this and the warehouse module skip the gate for rows that exist (a missing id still answers 404).
    equivalent: true,
    file: 'platform/users/users-service.ts',
    edits: [
      [
        '  const target = await getUserInScope(db, auth, id);\n',
        '  const target = (await loadUserView(db, id)) ?? (await getUserInScope(db, auth, id));\n',
        'first',
      ],
    ],
    tests: [USERS],
  },
  {
    id: 'user-delete-gate',
    // Equivalent: the scoped delete (user-delete-scope) changes nothing and the service answers 404.
    equivalent: true,
    file: 'platform/users/users-service.ts',
    edits: [
      [
        '  const target = await getUserInScope(db, auth, id);\n',
        '  const target = (await loadUserView(db, id)) ?? (await getUserInScope(db, auth, id));\n',
        'last',
      ],
    ],
    tests: [USERS],
  },
  {
    id: 'user-update-scope',
    file: 'platform/users/users-repository.ts',
    edits: [
      ['.where(and(eq(users.id, id), condition))\n    .returning', '.where(eq(users.id, id))\n    .returning', 'first'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'user-delete-scope',
    file: 'platform/users/users-repository.ts',
    edits: [
      ['.where(and(eq(users.id, id), condition))\n    .returning', '.where(eq(users.id, id))\n    .returning', 'last'],
    ],
    tests: [SCOPED_WRITES],
  },
  {
    id: 'user-role-scope',
    file: 'platform/users/users-repository.ts',
    edits: [
      ['.where(and(eq(users.id, userId), condition));', '.where(eq(users.id, userId));'],
      [
        '.where(and(eq(userRoles.userId, userId), inArray(userRoles.userId, usersWithin(db, condition))));',
        '.where(eq(userRoles.userId, userId));',
      ],
    ],
    tests: [SCOPED_WRITES],
  },
  // Stock rules of the newest code (ledger, pick suggestions, cycle count approval).
  {
    id: 'stock-ship-skips-quarantine',
    file: 'floor/stock/ledger.ts',
    edits: [["    if (quarantine && movement.type === 'ship') continue;\n", '']],
    tests: ['test/location-stock.test.ts'],
  },
  {
    id: 'stock-move-all-of-bin',
    file: 'floor/stock/ledger.ts',
    edits: [['move.lotId)) < move.quantity) return', 'move.lotId)) <= move.quantity) return']],
    tests: ['test/location-stock.test.ts'],
  },
  {
    id: 'stock-adjust-away-all-of-bin',
    file: 'floor/stock/ledger.ts',
    edits: [['lotId)) < -movement.onHandDelta', 'lotId)) <= -movement.onHandDelta']],
    tests: ['test/location-stock.test.ts'],
  },
  {
    id: 'stock-pick-suggestions-skip-quarantine',
    file: 'floor/location-stock/location-stock-service.ts',
    edits: [["      if (place.locationType === 'quarantine') continue;\n", '']],
    tests: ['test/location-stock.test.ts'],
  },
  {
    id: 'stock-count-loss-after-move',
    file: 'floor/cycle-counts/approve-variances.ts',
    edits: [
      [
        '      delta = Math.max(delta, -(await unallocatedUnitsAt(tx, inventoryId, line.locationId, line.lotId)));\n',
        '',
      ],
    ],
    tests: ['test/cycle-counts.test.ts'],
  },
  {
    id: 'stock-count-quarantine-loss-shorts-no-order',
    file: 'floor/cycle-counts/approve-variances.ts',
    edits: [["line.locationType === 'quarantine' ? delta : 0", '0']],
    tests: ['test/cycle-counts.test.ts'],
  },
  {
    // A client's key keeps its account after the account changes owner.
    id: 'api-key-client-account-owner',
    file: '../auth/scope.ts',
    edits: [['scope.accountIds.includes(accountId)', 'true']],
    tests: ['test/api-key-scope-changes.test.ts'],
  },
  {
    // A manager's key keeps an account linked only to a warehouse the manager does not reach.
    id: 'api-key-manager-warehouse',
    file: '../auth/scope.ts',
    edits: [["scope.kind === 'warehouses' ? warehouseIds.length > 0 :", "scope.kind === 'warehouses' ? true :"]],
    tests: ['test/api-key-scope-changes.test.ts'],
  },
  {
    // The Idempotency-Key fingerprint without the path parameters (/x/1 replays for /x/2).
    id: 'idempotency-fingerprint-params',
    file: 'integrations/idempotency/request-fingerprint.ts',
    edits: [['  if (hasAny(params)) hash.update', '  if (false) hash.update']],
    tests: ['test/idempotency-path-params.test.ts'],
  },
  {
    // A derived charge line holds one month's facts (the minimum is judged per month from them).
    id: 'billing-lines-per-month',
    file: 'billing/charges/price-charges.ts',
    edits: [
      [
        '[fact.chargeType, monthOf(fact.date), rate.source, rate.rate_micros]',
        '[fact.chargeType, rate.source, rate.rate_micros]',
      ],
    ],
    tests: ['test/billing-period-rules.test.ts'],
  },
  {
    // The monthly minimum tops up each whole month by that month's charges, not the period's.
    id: 'billing-minimum-per-month',
    file: 'billing/charges/price-charges.ts',
    edits: [['      .filter((line) => line.evidence.some((e) => monthOf(e.date) === month))\n', '']],
    tests: ['test/billing-period-rules.test.ts'],
  },
  {
    // One account's opening stock balance (read forwards from its ledger) ends where its warehouse's
    // local first day starts, as every account's (read backwards from today's stock) does. The rest of each fact
    // kind's SQL is one builder both readers share (fact-rules-repository.ts).
    id: 'billing-storage-opening-local-day',
    file: 'billing/charges/fact-rules-repository.ts',
    edits: [['::timestamptz and m.created_at < w.starts', '::timestamptz']],
    tests: ['test/billing-facts-property.test.ts'],
  },
  {
    // Rules both readers share are checked against the hand computation (billing-facts-property): a
    // label's billing day is its order's warehouse's local date, not UTC's.
    id: 'billing-labels-local-day',
    file: 'billing/charges/fact-rules-repository.ts',
    edits: [['(sql`l.created_at`, sql`o.timezone`)', "(sql`l.created_at`, sql`'UTC'`)"]],
    tests: ['test/billing-facts-property.test.ts'],
  },
  {
    // A receipt corrected down to 0 or less for its (shipment, day) bills nothing (hand computation).
    id: 'billing-receipt-corrections-net',
    file: 'billing/charges/fact-rules-repository.ts',
    edits: [['    group by 1, 2, 3\n    having sum(m.on_hand_delta) > 0`', '    group by 1, 2, 3`']],
    tests: ['test/billing-facts-property.test.ts'],
  },
  {
    // Manual charges count towards the monthly minimum (priced by hand over generated histories).
    id: 'billing-minimum-counts-manual',
    file: 'billing/charges/price-charges.ts',
    edits: [
      [
        '.filter((line) => line.evidence.some((e) => monthOf(e.date) === month))',
        '.filter((line) => line.charge_type !== MANUAL_CHARGE_TYPE && line.evidence.some((e) => monthOf(e.date) === month))',
      ],
    ],
    tests: ['test/billing-facts-property.test.ts'],
  },
  {
    // The dashboard keeps each account's facts up to its own today (as its running charges do).
    id: 'billing-unbilled-account-today',
    file: 'billing/charges/unbilled-charges.ts',
    edits: [
      ['item.date >= account.from && item.date <= account.to', 'item.date >= account.from && item.date < account.to'],
    ],
    tests: ['test/billing-facts-property.test.ts'],
  },
  {
    id: 'webhook-fanout-account-match',
    // Without the account match an admin's subscription for one account receives every account's.
    file: 'integrations/webhooks/dispatch-repository.ts',
    edits: [['(s.account_id is null or s.account_id = e.account_id)', 'true']],
    tests: ['test/webhooks-creator-access.test.ts'],
  },
  {
    id: 'webhook-3xx-is-failure',
    // A redirect is not followed and not a success.
    file: 'integrations/webhooks/dispatcher.ts',
    edits: [['result.statusCode <= 299', 'result.statusCode <= 399']],
    tests: ['test/webhooks-creator-access.test.ts'],
  },
  {
    id: 'webhook-creator-access',
    // Fan-out delivers only what the subscription's creator may still see.
    file: 'integrations/webhooks/dispatcher.ts',
    edits: [['const pairs = await pairsTheCreatorMaySee(tx, matching, now);', 'const pairs = matching;']],
    tests: ['test/webhooks-creator-access.test.ts'],
  },
];

/**
 * Replaces the one occurrence of `find` (or the first/last, or the n-th counting from 0, when told which); throws when
 * it is not there.
 */
function apply(text, [find, replace, which]) {
  const at = [];
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + 1)) at.push(i);
  if (at.length === 0) throw new Error(`pattern not found: ${JSON.stringify(find.slice(0, 80))}`);
  if (at.length > 1 && which === undefined) {
    throw new Error(`pattern occurs more than once: ${JSON.stringify(find.slice(0, 80))}`);
  }
  const index = which === 'last' ? at.length - 1 : which === 'first' || which === undefined ? 0 : which;
  if (at[index] === undefined) throw new Error(`pattern occurs ${at.length} times, not ${index + 1}`);
  return text.slice(0, at[index]) + replace + text.slice(at[index] + find.length);
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
