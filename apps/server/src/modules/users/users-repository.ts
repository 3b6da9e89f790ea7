import type { RoleName } from '@wms/contract/access';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, userRoles } from '../../db/schema/access';
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
