import type { RoleName } from '@wms/contract/access';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, userRoles } from '../../db/schema/access';
import { accounts } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';
import { warehouseUsers } from '../../db/schema/warehouses';

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

export async function updateUserDetails(db: Executor, id: number, details: { name: string; email: string }) {
  await db
    .update(users)
    .set({ ...details, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** A user holds exactly one role in this product; replaces whatever they held. */
export async function setUserRole(db: Executor, userId: number, role: RoleName): Promise<void> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!row) throw new Error(`Role ${role} is not seeded`);
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.insert(userRoles).values({ userId, roleId: row.id });
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

export async function deleteUserRow(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
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

export async function userHasRole(db: Executor, userId: number, role: RoleName): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, role)))
    .limit(1);
  return row !== undefined;
}

/** The ids among `ids` that name users visible under `condition` (the caller's user scope). */
export async function userIdsInScope(db: Executor, ids: readonly number[], condition: SQL | undefined) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), condition));
  return rows.map((row) => row.id);
}
