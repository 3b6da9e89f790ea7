import type { RoleName } from '@wms/contract/access';
import { DEFAULT_AVATAR, type User } from '@wms/contract/entities';
import type { users } from '../../../db/schema/users';

/** A user row with its roles, permissions and warehouse ids, as the API shows it. */
export function toUserView(row: {
  user: typeof users.$inferSelect;
  roles: RoleName[];
  permissions: string[];
  warehouseIds: number[];
}): User {
  const { user } = row;
  const role = row.roles[0] ?? 'client';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    roles: row.roles.map((name) => ({ name })),
    permissions: [...row.permissions].sort(),
    warehouse_ids: row.warehouseIds.map(Number),
    occupation: user.occupation,
    phone: user.phone,
    address: user.address,
    gender: user.gender,
    avatar: user.avatar ?? DEFAULT_AVATAR,
    must_change_password: user.mustChangePassword,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
