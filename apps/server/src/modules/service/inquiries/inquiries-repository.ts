import type { InquiryListQuery, InquiryStatus } from '@wms/contract/inquiries';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { countCapped, pageOffset } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { roles, userRoles } from '../../../db/schema/access';
import { accounts } from '../../../db/schema/accounts';
import { inquiries } from '../../../db/schema/inquiries';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { statuses } from '../../../db/schema/statuses';
import { users } from '../../../db/schema/users';
import { warehouses, warehouseUsers } from '../../../db/schema/warehouses';
import { containsPattern } from '../../../http/pagination';
import { type InquiryReach, inquiryScopeCondition } from './inquiry-scope';

export type InquiryRow = typeof inquiries.$inferSelect;

const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');
const subjectOrder = alias(orders, 'subject_order');
const subjectOrderStatus = alias(statuses, 'subject_order_status');
const subjectProduct = alias(products, 'subject_product');
const subjectAccount = alias(accounts, 'subject_account');

/** One row of an inquiry with its people, warehouse, account and subject details: one query, no per-row reads. */
export const inquiryViewColumns = {
  row: inquiries,
  warehouse: { id: warehouses.id, name: warehouses.name, code: warehouses.code },
  accountName: accounts.name,
  creatorName: creator.name,
  creatorEmail: creator.email,
  assigneeId: assignee.id,
  assigneeName: assignee.name,
  assigneeEmail: assignee.email,
  orderNumber: subjectOrder.orderNumber,
  orderCustomer: subjectOrder.customerName,
  orderStatus: subjectOrderStatus.name,
  productName: subjectProduct.name,
  productSku: subjectProduct.sku,
  subjectAccountName: subjectAccount.name,
  subjectAccountStatus: subjectAccount.status,
};
export type InquiryViewRow = {
  row: InquiryRow;
  warehouse: { id: number; name: string; code: string };
  accountName: string | null;
  creatorName: string | null;
  creatorEmail: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  orderNumber: string | null;
  orderCustomer: string | null;
  orderStatus: string | null;
  productName: string | null;
  productSku: string | null;
  subjectAccountName: string | null;
  subjectAccountStatus: string | null;
};

function selectViews(db: Executor) {
  return db
    .select(inquiryViewColumns)
    .from(inquiries)
    .innerJoin(warehouses, eq(warehouses.id, inquiries.warehouseId))
    .leftJoin(accounts, eq(accounts.id, inquiries.accountId))
    .leftJoin(creator, eq(creator.id, inquiries.userId))
    .leftJoin(assignee, eq(assignee.id, inquiries.assignedTo))
    .leftJoin(subjectOrder, and(eq(inquiries.subjectType, 'order'), eq(subjectOrder.id, inquiries.subjectId)))
    .leftJoin(subjectOrderStatus, eq(subjectOrderStatus.id, subjectOrder.statusId))
    .leftJoin(subjectProduct, and(eq(inquiries.subjectType, 'product'), eq(subjectProduct.id, inquiries.subjectId)))
    .leftJoin(subjectAccount, and(eq(inquiries.subjectType, 'account'), eq(subjectAccount.id, inquiries.subjectId)));
}

function listConditions(scope: Scope, userId: number, filter: InquiryListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inquiryScopeCondition({ scope, userId })];
  if (filter.warehouse_id !== undefined) conditions.push(eq(inquiries.warehouseId, filter.warehouse_id));
  if (filter.type) conditions.push(eq(inquiries.type, filter.type));
  if (filter.status) conditions.push(eq(inquiries.status, filter.status));
  if (filter.assigned_to !== undefined) conditions.push(eq(inquiries.assignedTo, filter.assigned_to));
  if (filter.search) {
    const pattern = containsPattern(filter.search.toLowerCase());
    conditions.push(
      sql`(lower(${inquiries.query}) like ${pattern} or lower(coalesce(${inquiries.subtype}, '')) like ${pattern}
        or lower(coalesce(${inquiries.subjectName}, '')) like ${pattern})`,
    );
  }
  return and(...conditions);
}

export async function listInquiryRows(db: Executor, scope: Scope, userId: number, filter: InquiryListQuery) {
  const where = listConditions(scope, userId, filter);
  const [rows, total] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    countCapped(db, (limit) => db.select({ id: inquiries.id }).from(inquiries).where(where).limit(limit), filter),
  ]);
  return { rows: rows as InquiryViewRow[], total };
}

export async function findInquiryView(db: Executor, id: number): Promise<InquiryViewRow | undefined> {
  const [row] = await selectViews(db).where(eq(inquiries.id, id));
  return row as InquiryViewRow | undefined;
}

/**
 * The inquiry locked for a change, within the caller's reach (undefined outside it), so the rules and the change see
 * the same row.
 */
export async function lockInquiry(tx: Executor, reach: InquiryReach, id: number): Promise<InquiryRow | undefined> {
  const [row] = await tx
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))
    .for('update');
  return row;
}

/** Counts by status within scope (and the warehouse narrowing), in one pass. */
export async function countInquiriesByStatus(
  db: Executor,
  scope: Scope,
  userId: number,
  warehouseId?: number,
): Promise<Record<InquiryStatus | 'total', number>> {
  const where = and(
    inquiryScopeCondition({ scope, userId }),
    warehouseId === undefined ? undefined : eq(inquiries.warehouseId, warehouseId),
  );
  const [row] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${inquiries.status} = 'open')::int`,
      in_progress: sql<number>`count(*) filter (where ${inquiries.status} = 'in_progress')::int`,
      resolved: sql<number>`count(*) filter (where ${inquiries.status} = 'resolved')::int`,
      closed: sql<number>`count(*) filter (where ${inquiries.status} = 'closed')::int`,
    })
    .from(inquiries)
    .where(where);
  return {
    total: Number(row?.total ?? 0),
    open: Number(row?.open ?? 0),
    in_progress: Number(row?.in_progress ?? 0),
    resolved: Number(row?.resolved ?? 0),
    closed: Number(row?.closed ?? 0),
  };
}

export type InquiryInsert = typeof inquiries.$inferInsert;

export async function insertInquiry(tx: Executor, values: InquiryInsert): Promise<number> {
  const [row] = await tx.insert(inquiries).values(values).returning({ id: inquiries.id });
  return row!.id;
}

/** The inquiry's columns, within the caller's reach; answers the rows changed (0: out of reach or gone). */
export async function updateInquiryRow(
  tx: Executor,
  reach: InquiryReach,
  id: number,
  values: Partial<InquiryInsert>,
): Promise<number> {
  const updated = await tx
    .update(inquiries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))
    .returning({ id: inquiries.id });
  return updated.length;
}

/** The inquiry, within the caller's reach; answers the rows deleted. */
export async function deleteInquiryRow(tx: Executor, reach: InquiryReach, id: number): Promise<number> {
  const deleted = await tx
    .delete(inquiries)
    .where(and(eq(inquiries.id, id), inquiryScopeCondition(reach)))
    .returning({ id: inquiries.id });
  return deleted.length;
}

/**
 * The staff an inquiry of this warehouse can go to, least loaded first (open + in progress), then the one waiting
 * longest since their last assignment: managers assigned to the warehouse; when there are none, administrators.
 */
export async function assignmentCandidates(db: Executor, warehouseId: number) {
  const load = sql<number>`(select count(*)::int from ${inquiries} i where i.assigned_to = ${qualified(users.id)}
    and i.status in ('open', 'in_progress'))`;
  const lastAssigned = sql`(select max(i.assigned_at) from ${inquiries} i where i.assigned_to = ${qualified(users.id)})`;
  const staffOf = (roleNames: string[], viaWarehouse: boolean) =>
    db
      .select({ id: users.id, name: users.name, load })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          inArray(roles.name, roleNames),
          viaWarehouse
            ? sql`exists (select 1 from ${warehouseUsers} wu where wu.user_id = ${qualified(users.id)} and wu.warehouse_id = ${warehouseId})`
            : undefined,
        ),
      )
      .orderBy(asc(load), sql`${lastAssigned} asc nulls first`, asc(users.id))
      .limit(1);
  const [manager] = await staffOf(['manager'], true);
  if (manager) return manager;
  const [admin] = await staffOf(['admin', 'super-admin'], false);
  return admin;
}

/** Staff who may be assigned inquiries: every administrator, and managers of the given warehouses (all if none). */
export async function listAssignableUsers(db: Executor, warehouseIds: number[] | undefined) {
  const managerReach =
    warehouseIds === undefined
      ? sql`true`
      : warehouseIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from ${warehouseUsers} wu where wu.user_id = ${qualified(users.id)} and wu.warehouse_id in (${sql.join(
            warehouseIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`;
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email, role: roles.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(or(inArray(roles.name, ['admin', 'super-admin']), and(eq(roles.name, 'manager'), managerReach)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * That user, when they may hold inquiries of this warehouse (an administrator, or a manager of that warehouse); their
 * name goes into the assignment event.
 */
export async function inquiryHolder(db: Executor, userId: number, warehouseId: number) {
  const list = await listAssignableUsers(db, [warehouseId]);
  return list.find((u) => u.id === userId);
}
