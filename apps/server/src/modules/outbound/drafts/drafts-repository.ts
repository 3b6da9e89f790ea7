import type { DraftData, DraftListQuery, DraftSummary } from '@wms/contract/drafts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { bulkOrderDrafts } from '../../../db/schema/drafts';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { containsPattern } from '../../../http/pagination';
import { draftScope } from './draft-scope';

const formatter = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
/** e.g. "Nov 23, 2026, 12:42 PM UTC" (the server knows no reader's time zone, so it says which one it used). */
export const formatLastModified = (date: Date) => `${formatter.format(date)} UTC`;

const summaryColumns = {
  id: bulkOrderDrafts.id,
  title: bulkOrderDrafts.title,
  description: bulkOrderDrafts.description,
  accountId: bulkOrderDrafts.accountId,
  warehouseId: bulkOrderDrafts.warehouseId,
  accountName: accounts.name,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  userId: users.id,
  userName: users.name,
  totalOrders: bulkOrderDrafts.totalOrders,
  totalProducts: bulkOrderDrafts.totalProducts,
  totalQuantity: bulkOrderDrafts.totalQuantity,
  createdAt: bulkOrderDrafts.createdAt,
  updatedAt: bulkOrderDrafts.updatedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & Record<string, unknown>;

function toSummary(row: SummaryRow): DraftSummary {
  const r = row as {
    id: number;
    title: string | null;
    description: string | null;
    accountId: number;
    warehouseId: number;
    accountName: string;
    warehouseName: string;
    warehouseCode: string;
    userId: number | null;
    userName: string | null;
    totalOrders: number;
    totalProducts: number;
    totalQuantity: number;
    createdAt: Date;
    updatedAt: Date;
  };
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    account_id: r.accountId,
    warehouse_id: r.warehouseId,
    account: { id: r.accountId, name: r.accountName },
    warehouse: { id: r.warehouseId, name: r.warehouseName, code: r.warehouseCode },
    user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '' },
    total_orders: r.totalOrders,
    total_products: r.totalProducts,
    total_quantity: r.totalQuantity,
    formatted_last_modified: formatLastModified(r.updatedAt),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const baseSelect = (db: Executor, extra: Record<string, unknown> = {}) =>
  db
    .select({ ...summaryColumns, ...(extra as Record<string, never>) })
    .from(bulkOrderDrafts)
    .innerJoin(accounts, eq(accounts.id, bulkOrderDrafts.accountId))
    .innerJoin(warehouses, eq(warehouses.id, bulkOrderDrafts.warehouseId))
    .leftJoin(users, eq(users.id, bulkOrderDrafts.userId));

function listCondition(scope: Scope, query: Pick<DraftListQuery, 'search' | 'account_id' | 'warehouse_id'>) {
  const search = query.search ? containsPattern(query.search) : undefined;
  return and(
    draftScope(scope),
    query.account_id === undefined ? undefined : eq(bulkOrderDrafts.accountId, query.account_id),
    query.warehouse_id === undefined ? undefined : eq(bulkOrderDrafts.warehouseId, query.warehouse_id),
    search ? or(ilike(bulkOrderDrafts.title, search), ilike(bulkOrderDrafts.description, search)) : undefined,
  ) as SQL | undefined;
}

export async function listDrafts(db: Executor, scope: Scope, query: DraftListQuery) {
  const where = listCondition(scope, query);
  const [rows, [count]] = await Promise.all([
    baseSelect(db)
      .where(where)
      .orderBy(desc(bulkOrderDrafts.updatedAt), desc(bulkOrderDrafts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(bulkOrderDrafts).where(where),
  ]);
  return { data: rows.map((r) => toSummary(r as SummaryRow)), total: Number(count?.total ?? 0) };
}

export async function draftStatistics(
  db: Executor,
  scope: Scope,
  query: Pick<DraftListQuery, 'account_id' | 'warehouse_id'>,
) {
  const [row] = await db
    .select({
      total_drafts: sql<number>`count(*)::int`,
      total_orders_in_drafts: sql<number>`coalesce(sum(${bulkOrderDrafts.totalOrders}), 0)::int`,
      total_products_in_drafts: sql<number>`coalesce(sum(${bulkOrderDrafts.totalProducts}), 0)::int`,
      total_quantity_in_drafts: sql<number>`coalesce(sum(${bulkOrderDrafts.totalQuantity}), 0)::bigint`,
    })
    .from(bulkOrderDrafts)
    .where(listCondition(scope, query));
  return {
    total_drafts: Number(row?.total_drafts ?? 0),
    total_orders_in_drafts: Number(row?.total_orders_in_drafts ?? 0),
    total_products_in_drafts: Number(row?.total_products_in_drafts ?? 0),
    total_quantity_in_drafts: Number(row?.total_quantity_in_drafts ?? 0),
  };
}

/** One draft with its data, within the caller's scope (undefined outside it); `lock` holds it for a change. */
export async function findDraft(db: Executor, scope: Scope, id: number, lock = false) {
  const query = baseSelect(db, { draftData: bulkOrderDrafts.draftData }).where(
    and(eq(bulkOrderDrafts.id, id), draftScope(scope)),
  );
  const [row] = lock ? await query.for('update', { of: bulkOrderDrafts }) : await query;
  if (!row) return undefined;
  const stored = (row as unknown as { draftData: DraftData }).draftData;
  return { ...toSummary(row as SummaryRow), draft_data: withCurrentShape(stored) };
}

/** Drafts saved before label files and search rows were kept lack those keys: read them with their defaults. */
const withCurrentShape = (data: DraftData): DraftData => ({
  orders: data.orders.map((order) => ({
    ...order,
    label_forms: order.label_forms.map((label) => ({ ...label, file_id: label.file_id ?? null })),
    available_inventory: order.available_inventory ?? [],
  })),
});

export interface DraftValues {
  title: string | null;
  description: string | null;
  accountId: number;
  warehouseId: number;
  draftData: DraftData;
  totalOrders: number;
  totalProducts: number;
  totalQuantity: number;
}

export async function insertDraft(db: Executor, userId: number, values: DraftValues): Promise<number> {
  const [row] = await db
    .insert(bulkOrderDrafts)
    .values({ ...values, userId, draftData: values.draftData as unknown as Record<string, unknown> })
    .returning({ id: bulkOrderDrafts.id });
  return row!.id;
}

/** The draft's new data, within the caller's scope; answers the rows changed (0: out of scope or gone). */
export async function updateDraft(db: Executor, scope: Scope, id: number, values: DraftValues): Promise<number> {
  const updated = await db
    .update(bulkOrderDrafts)
    .set({ ...values, draftData: values.draftData as unknown as Record<string, unknown>, updatedAt: sql`now()` })
    .where(and(eq(bulkOrderDrafts.id, id), draftScope(scope)))
    .returning({ id: bulkOrderDrafts.id });
  return updated.length;
}

/** The draft (its file links cascade), within the caller's scope; answers the rows deleted. */
export async function deleteDraftRow(db: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await db
    .delete(bulkOrderDrafts)
    .where(and(eq(bulkOrderDrafts.id, id), draftScope(scope)))
    .returning({ id: bulkOrderDrafts.id });
  return deleted.length;
}
