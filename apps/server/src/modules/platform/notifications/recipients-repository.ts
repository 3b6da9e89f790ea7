import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { roles, userRoles } from '../../../db/schema/access';
import { accounts } from '../../../db/schema/accounts';
import { inquiries } from '../../../db/schema/inquiries';
import { notificationPreferences } from '../../../db/schema/notifications';
import { users } from '../../../db/schema/users';
import { warehouseUsers } from '../../../db/schema/warehouses';
import { webhookSubscriptions } from '../../../db/schema/webhooks';

/*
 * Who a notification goes to, read in the transaction of the change (so it is who the change concerned then).
 * The access model decides: a client hears only about accounts they own, so account events go to the owners that
 * are clients (staff see the account through their own screens, not through notifications).
 */

export interface Person {
  id: number;
  email: string;
}

/** The client owners of these accounts, per account. */
export async function clientOwnersOf(db: Executor, accountIds: readonly number[]): Promise<Map<number, Person>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: accounts.id, id: users.id, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(accounts.id, [...new Set(accountIds)]), eq(roles.name, 'client')));
  return new Map(rows.map((r) => [r.accountId, { id: r.id, email: r.email }]));
}

export interface InquiryFacts {
  id: number;
  creatorId: number | null;
  accountId: number | null;
  assignedTo: number | null;
  response: string | null;
}

/** The inquiries' creator, account, assignee and answer as the change left them. */
export async function inquiryFacts(db: Executor, ids: readonly number[]): Promise<Map<number, InquiryFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: inquiries.id,
      creatorId: inquiries.userId,
      accountId: inquiries.accountId,
      assignedTo: inquiries.assignedTo,
      response: inquiries.response,
    })
    .from(inquiries)
    .where(inArray(inquiries.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these users are clients. */
export async function clientsAmong(db: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, [...new Set(userIds)]), eq(roles.name, 'client')));
  return new Set(rows.map((r) => r.id));
}

/** The users who created these webhook subscriptions (their owners), per subscription. */
export async function webhookOwners(db: Executor, subscriptionIds: readonly number[]): Promise<Map<number, number>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookSubscriptions.id, owner: webhookSubscriptions.createdBy })
    .from(webhookSubscriptions)
    .where(inArray(webhookSubscriptions.id, [...new Set(subscriptionIds)]));
  return new Map(rows.flatMap((r) => (r.owner === null ? [] : [[r.id, r.owner] as [number, number]])));
}

/** The users holding any of these roles (the administrators, told about what concerns every account). */
export async function usersWithRoles(db: Executor, roleNames: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(roles.name, [...roleNames]));
  return rows.map((r) => r.id);
}

/** The managers of these warehouses (the supervisors of the floor: told about short picks). */
export async function warehouseManagers(db: Executor, warehouseIds: readonly number[]): Promise<number[]> {
  if (warehouseIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: warehouseUsers.userId })
    .from(warehouseUsers)
    .innerJoin(userRoles, eq(userRoles.userId, warehouseUsers.userId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(warehouseUsers.warehouseId, [...warehouseIds]), eq(roles.name, 'manager')));
  return rows.map((r) => r.id);
}

export interface StoredPreference {
  userId: number;
  kind: string;
  inApp: boolean;
  email: boolean;
}

/** The people's e-mail addresses and their saved preferences (kinds without a row keep the defaults). */
export async function peopleWithPreferences(db: Executor, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { emails: new Map<number, string>(), preferences: [] as StoredPreference[] };
  const [people, preferences] = await Promise.all([
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)),
    db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, ids)),
  ]);
  return { emails: new Map(people.map((p) => [p.id, p.email])), preferences };
}
