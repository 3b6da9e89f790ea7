import {
  type Draft,
  type DraftData,
  type DraftInput,
  type DraftListQuery,
  draftTotals,
  DRAFT_MESSAGES as M,
} from '@wms/contract/drafts';
import { type BulkCreateResult, createOrderInputSchema, ORDER_CREATION_MESSAGES } from '@wms/contract/order-creation';
import { pageMeta } from '@wms/contract/pagination';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import { type FieldErrors, fieldError, HttpError, notFound, validationError } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { attachStoredLabels } from '../labels/labels-api';
import { createOrders, findAccountsInScope, type NewOrder, orderFromInput } from '../order-creation/order-creation-api';
import { deleteDraftFilesExcept, findDraftFiles, releaseDraftFiles } from './draft-files-repository';
import { checkLabelFileIds, labelsToConvert, removeStoredBytes, toDraftLabelFile } from './draft-label-files';
import { draftResource, requireDraftChanged } from './draft-scope';
import { deleteDraftRow, draftStatistics, findDraft, insertDraft, listDrafts, updateDraft } from './drafts-repository';

/** The draft's account and warehouse must be reachable (else 404) and linked to each other (else 422). */
async function checkPlacement(db: Executor, scope: Scope, input: DraftInput) {
  if (!canSeeWarehouse(scope, input.warehouse_id)) throw notFound('Warehouse not found');
  const account = (await findAccountsInScope(db, scope, [input.account_id])).get(input.account_id);
  if (!account) throw notFound('Account not found');
  if (!account.warehouseIds.has(input.warehouse_id)) {
    throw fieldError('account_id', ORDER_CREATION_MESSAGES.accountNotInWarehouse);
  }
}

const valuesOf = (input: DraftInput) => {
  const totals = draftTotals(input.draft_data);
  return {
    title: input.title,
    description: input.description,
    accountId: input.account_id,
    warehouseId: input.warehouse_id,
    draftData: input.draft_data,
    totalOrders: totals.total_orders,
    totalProducts: totals.total_products,
    totalQuantity: totals.total_quantity,
  };
};

/** The draft as answered: each label row with the metadata of the PDF it names (null when none). */
async function loadDraft(db: Executor, scope: Scope, id: number): Promise<Draft> {
  const draft = await findDraft(db, scope, id);
  if (!draft) throw notFound(M.notFound);
  const files = new Map((await findDraftFiles(db, id)).map((f) => [f.id, toDraftLabelFile(id, f)]));
  const orders = draft.draft_data.orders.map((order) => ({
    ...order,
    label_forms: order.label_forms.map((label) => ({
      ...label,
      file: (label.file_id && files.get(label.file_id)) || null,
    })),
  }));
  return { ...draft, draft_data: { orders } };
}

export async function createDraft(db: Database, auth: RequestAuth, input: DraftInput): Promise<Draft> {
  const scope = await auth.scope();
  await checkPlacement(db, scope, input);
  // A new draft has no files yet: a file_id can only name one uploaded to an existing draft.
  await checkLabelFileIds(db, null, input.draft_data);
  const id = await insertDraft(db, auth.user.id, valuesOf(input));
  return loadDraft(db, scope, id);
}

/** PUT: the new data, and the draft's files it no longer names are removed (a label row deleted on the screen). */
export async function saveDraft(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  id: number,
  input: DraftInput,
): Promise<Draft> {
  const scope = await auth.scope();
  const removed = await inTransaction(db, async (tx) => {
    await requireAccess(tx, scope, draftResource, id);
    // Locked in scope: a change that skipped the gate above finds no draft (404), and nothing is written.
    if (!(await findDraft(tx, scope, id, true))) throw notFound(M.notFound);
    await checkPlacement(tx, scope, input);
    const referenced = await checkLabelFileIds(tx, id, input.draft_data);
    requireDraftChanged(await updateDraft(tx, scope, id, valuesOf(input)));
    return deleteDraftFilesExcept(tx, scope, id, referenced);
  });
  await removeStoredBytes(storage, removed);
  return loadDraft(db, scope, id);
}

export async function getDraft(db: Database, auth: RequestAuth, id: number): Promise<Draft> {
  const scope = await auth.scope();
  await requireAccess(db, scope, draftResource, id);
  return loadDraft(db, scope, id);
}

/** DELETE: the draft and the label files it kept. */
export async function deleteDraft(db: Database, storage: FileStorage, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  const removed = await inTransaction(db, async (tx) => {
    await requireAccess(tx, scope, draftResource, id);
    const keys = await deleteDraftFilesExcept(tx, scope, id);
    requireDraftChanged(await deleteDraftRow(tx, scope, id));
    return keys;
  });
  await removeStoredBytes(storage, removed);
}

export async function pageOfDrafts(db: Database, auth: RequestAuth, query: DraftListQuery) {
  const { data, total } = await listDrafts(db, await auth.scope(), query);
  const meta = pageMeta(total, query.page, query.per_page);
  return {
    data,
    pagination: { current_page: meta.page, last_page: meta.last_page, per_page: meta.per_page, total },
    meta,
  };
}

export async function statisticsOfDrafts(
  db: Database,
  auth: RequestAuth,
  query: Pick<DraftListQuery, 'account_id' | 'warehouse_id'>,
) {
  return draftStatistics(db, await auth.scope(), query);
}

/**
 * The draft's sections that have products, as orders (checked with the same schema as POST /orders/bulk). Field
 * paths keep the section's index in the draft (orders.2.customer_name), so the screen can point at the section.
 */
export function ordersFromDraft(data: DraftData, warehouseId: number): { list: NewOrder[]; sections: number[] } {
  const errors: FieldErrors = {};
  const list: NewOrder[] = [];
  const sections: number[] = [];
  data.orders.forEach((section, index) => {
    const products = section.selected_products;
    if (products.length === 0) return;
    const parsed = createOrderInputSchema.safeParse({
      ...section.form,
      account_id: section.form.account_id ?? undefined,
      products: products.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = `orders.${index}.${issue.path.join('.')}`;
        errors[field] = [...new Set([...(errors[field] ?? []), issue.message])];
      }
      return;
    }
    sections.push(index);
    // As in POST /orders/bulk: a section's own warehouse, else the draft's (the navbar's when it was saved).
    list.push(orderFromInput(parsed.data, parsed.data.warehouse_id ?? warehouseId));
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (list.length === 0) throw fieldError('orders', M.nothingToConvert);
  return { list, sections };
}

/** createOrders reports `orders.{i}` of the converted list: name the draft's section instead. */
function renumber(error: unknown, sections: number[]): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    errors[field.replace(/^orders\.(\d+)\./, (_, i: string) => `orders.${sections[Number(i)] ?? i}.`)] = messages;
  }
  return validationError(errors);
}

/**
 * POST /bulk-order-drafts/{id}/convert: exactly POST /orders/bulk on the draft's orders, each order getting its
 * section's labels (the PDFs the draft kept become the orders' labels), then the draft and its other files are
 * gone — all in one transaction. A label row without its PDF refuses the whole conversion (422 naming it).
 */
export async function convertDraft(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  id: number,
): Promise<BulkCreateResult> {
  const scope = await auth.scope();
  const { result, removed } = await inTransaction(db, async (tx) => {
    await requireAccess(tx, scope, draftResource, id);
    const draft = await findDraft(tx, scope, id, true);
    if (!draft) throw notFound(M.notFound);
    const { list, sections } = ordersFromDraft(draft.draft_data, draft.warehouse_id);
    const labels = await labelsToConvert(tx, id, draft.draft_data, sections);
    let result: BulkCreateResult;
    try {
      result = await createOrders(tx, { userId: auth.user.id }, scope, list);
    } catch (error) {
      throw renumber(error, sections);
    }
    const stored = labels.flatMap((orderLabels, i) => {
      const order = result.data[i]!;
      return orderLabels.map((label) => ({
        order: {
          id: order.id,
          orderNumber: order.order_number,
          warehouseId: order.warehouse_id,
          accountId: order.account_id,
        },
        fileId: label.fileId,
        fields: label.fields,
      }));
    });
    const fileIds = stored.map((l) => l.fileId);
    requireDraftChanged(await releaseDraftFiles(tx, scope, id, fileIds), fileIds.length);
    await attachStoredLabels(tx, auth.user.id, stored);
    const removed = await deleteDraftFilesExcept(tx, scope, id);
    requireDraftChanged(await deleteDraftRow(tx, scope, id));
    await recordEvent(tx, {
      kind: 'draft.converted',
      payload: { title: draft.title ?? `Draft #${draft.id}`, orders: result.data.length },
      actorId: auth.user.id,
      subject: { type: 'bulk_order_draft', id: draft.id },
      warehouseIds: [draft.warehouse_id, ...list.map((o) => o.warehouseId)],
      accountIds: [draft.account_id, ...list.map((o) => o.accountId)],
    });
    return { result, removed };
  });
  await removeStoredBytes(storage, removed);
  return result;
}
