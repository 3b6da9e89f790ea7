import type { RoleName } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { roles, userRoles } from '../../../db/schema/access';
import { accounts } from '../../../db/schema/accounts';
import { users } from '../../../db/schema/users';
import { warehouseUsers } from '../../../db/schema/warehouses';
import { toUserView } from './user-view';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: RoleName;
  warehouseIds: number[];
  mustChangePassword?: boolean;
}

/** Inserts the user with their role and warehouses; run inside a transaction. */
export async function insertUser(db: Executor, input: NewUser): Promise<number> {
  const [created] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  const userId = created!.id;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role));
  if (!role) throw new Error(`Role ${input.role} is not seeded`);
  await db.insert(userRoles).values({ userId, roleId: role.id });
  if (input.warehouseIds.length) {
    await db.insert(warehouseUsers).values(input.warehouseIds.map((warehouseId) => ({ warehouseId, userId })));
  }
  return userId;
}

/** Is the user visible to the caller? (Scope applied the same way as in lists.) */
export async function userExistsInScope(db: Executor, id: number, condition: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), condition))
    .limit(1);
  return row !== undefined;
}

/** The ids of users visible under `condition` (the caller's user scope), as a sub-select for the writes below. */
const usersWithin = (db: Executor, condition: SQL | undefined) =>
  db.select({ id: users.id }).from(users).where(condition);

/**
 * A user's name and email, only when the user is within the caller's reach (`userCondition`); answers the rows
 * changed (0: out of reach or gone).
 */
export async function updateUserDetails(
  db: Executor,
  condition: SQL | undefined,
  id: number,
  details: { name: string; email: string },
): Promise<number> {
  const updated = await db
    .update(users)
    .set({ ...details, updatedAt: new Date() })
    .where(and(eq(users.id, id), condition))
    .returning({ id: users.id });
  return updated.length;
}

/**
 * A user holds exactly one role in this product; replaces whatever they held, only when the user is within the
 * caller's reach. Answers the users changed (0 or 1).
 */
export async function setUserRole(
  db: Executor,
  condition: SQL | undefined,
  userId: number,
  role: RoleName,
): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!row) throw new Error(`Role ${role} is not seeded`);
  const reached = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), condition));
  if (reached.length === 0) return 0;
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.userId, usersWithin(db, condition))));
  await db.insert(userRoles).values({ userId, roleId: row.id });
  return 1;
}

/**
 * Replaces the user's warehouse assignments with `warehouseIds`, touching only the warehouses in `within`
 * (the caller's reach; undefined = all), so a manager cannot drop assignments they cannot see.
 */
export async function replaceUserWarehouses(
  db: Executor,
  userId: number,
  warehouseIds: number[],
  within: number[] | undefined,
): Promise<void> {
  const reach =
    within === undefined ? undefined : within.length ? inArray(warehouseUsers.warehouseId, within) : sql`false`;
  await db.delete(warehouseUsers).where(and(eq(warehouseUsers.userId, userId), reach));
  if (warehouseIds.length) {
    await db
      .insert(warehouseUsers)
      .values(warehouseIds.map((warehouseId) => ({ warehouseId, userId })))
      .onConflictDoNothing();
  }
}

export async function countAccountsOwnedBy(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(accounts).where(eq(accounts.userId, userId));
  return row?.total ?? 0;
}

/** The user, only within the caller's reach; answers the rows deleted. */
export async function deleteUserRow(db: Executor, condition: SQL | undefined, id: number): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, id), condition))
    .returning({ id: users.id });
  return deleted.length;
}

export async function updateProfileColumns(
  db: Executor,
  id: number,
  profile: Pick<typeof users.$inferInsert, 'name' | 'occupation' | 'phone' | 'address' | 'gender' | 'avatar'>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function findPasswordHash(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function userHasAnyRole(db: Executor, userId: number, names: readonly RoleName[]): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), inArray(roles.name, [...names])))
    .limit(1);
  return row !== undefined;
}

const userId = qualified(users.id);

/**
 * The API's view of users, with role, permissions and warehouse ids gathered in the same statement
 * (correlated sub-selects), so a page of users costs one query, not one per user.
 */
export async function loadUserViews(db: Executor, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      user: users,
      roles: sql<RoleName[]>`coalesce((
        select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${userId}), '{}')`,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p.name) from user_roles ur
        join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id
        where ur.user_id = ${userId}), '{}')`,
      warehouseIds: sql<number[]>`coalesce((
        select array_agg(wu.warehouse_id order by wu.warehouse_id) from warehouse_users wu
        where wu.user_id = ${userId}), '{}')`,
    })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id));
  const byId = new Map(rows.map((row) => [row.user.id, toUserView(row)]));
  return ids.map((id) => byId.get(id)).filter((u): u is User => u !== undefined);
}

export async function loadUserView(db: Executor, id: number): Promise<User | undefined> {
  const [user] = await loadUserViews(db, [id]);
  return user;
}
