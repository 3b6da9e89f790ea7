import type { RoleName } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { VALIDATION } from '@wms/contract/messages';
import { allows, isAdministrator } from '@wms/contract/policy';
import { type CreateUserInput, type UpdateUserInput, USER_MESSAGES } from '@wms/contract/users';
import { generateInitialPassword, hashPassword } from '../../auth/passwords';
import type { RequestAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { refuseDuplicate } from '../../http/database-errors';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors';
import { deleteRecorded } from '../activity/delete-recorded';
import { recordActivity } from '../activity/record-activity';
import { userCondition, userWithinScope } from './user-scope';
import { loadUserView } from './user-view';
import {
  countAccountsOwnedBy,
  deleteUserRow,
  findUserByEmail,
  insertUser,
  replaceUserWarehouses,
  setUserRole,
  updateUserDetails,
  userExistsInScope,
} from './users-repository';
import { checkedWarehouseIds } from './warehouse-ids-check';

/** A user the caller may see, or 404 (the same answer for "does not exist" and "not yours to see"). */
export async function getUserInScope(db: Database, auth: RequestAuth, id: number): Promise<User> {
  const scope = await auth.scope();
  const visible = await userExistsInScope(db, id, userCondition(scope, auth.user.id));
  const user = visible ? await loadUserView(db, id) : undefined;
  if (!user) throw notFound();
  return user.id === auth.user.id ? user : userWithinScope(user, scope);
}

/** Only a super-admin grants or takes away the admin and super-admin roles (spec 1 §6, DESIGN §4). */
function assertMayChangeRole(caller: User, from: RoleName | undefined, to: RoleName): void {
  const touchesAdmin = isAdministrator(to) || (from !== undefined && isAdministrator(from));
  if (from !== to && touchesAdmin && !allows(caller.role, 'manageAdministrators')) {
    throw fieldError('role', USER_MESSAGES.adminRoleOnlyBySuperAdmin);
  }
}

/** Administrators are changed or deleted by a super-admin only (an admin may still edit their own name). */
function assertMayManage(caller: User, target: User): void {
  if (caller.id !== target.id && isAdministrator(target.role) && !allows(caller.role, 'manageAdministrators')) {
    throw forbidden(USER_MESSAGES.superAdminOnlyBySuperAdmin);
  }
}

async function assertEmailFree(db: Database, email: string, exceptUserId?: number): Promise<void> {
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== exceptUserId) throw fieldError('email', VALIDATION.emailTaken);
}

/**
 * Staff create users with a random initial password, answered once to the creator, which the new user must change
 * at first sign-in.
 */
export async function createUser(
  db: Database,
  auth: RequestAuth,
  input: CreateUserInput,
): Promise<{ user: User; initialPassword: string }> {
  assertMayChangeRole(auth.user, undefined, input.role);
  const scope = await auth.scope();
  const warehouseIds = await checkedWarehouseIds(
    db,
    scope,
    input.warehouse_ids,
    'warehouse_ids',
    USER_MESSAGES.warehouseInvalid,
  );
  await assertEmailFree(db, input.email);
  const initialPassword = generateInitialPassword();
  const passwordHash = await hashPassword(initialPassword);
  const id = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const userId = await insertUser(tx, {
          name: input.name,
          email: input.email.toLowerCase(),
          passwordHash,
          role: input.role,
          warehouseIds,
          mustChangePassword: true,
        });
        await recordActivity(tx, {
          userId: auth.user.id,
          action: 'created',
          subjectType: 'user',
          subjectId: userId,
          description: `User ${input.name} created`,
          properties: { role: input.role, warehouse_ids: warehouseIds },
        });
        return userId;
      }),
    'email',
    VALIDATION.emailTaken,
  );
  return { user: (await loadUserView(db, id))!, initialPassword };
}

export async function updateUser(db: Database, auth: RequestAuth, id: number, input: UpdateUserInput): Promise<User> {
  const target = await getUserInScope(db, auth, id);
  assertMayManage(auth.user, target);
  if (target.id === auth.user.id && input.role !== target.role) {
    throw fieldError('role', USER_MESSAGES.ownRoleUnchangeable);
  }
  assertMayChangeRole(auth.user, target.role, input.role);
  // Only clients own accounts: an owner keeps the client role until their accounts have another owner.
  const leavesOwnerRole = allows(target.role, 'ownAccounts') && !allows(input.role, 'ownAccounts');
  if (leavesOwnerRole && (await countAccountsOwnedBy(db, id)) > 0) {
    throw fieldError('role', USER_MESSAGES.ownerStaysClient);
  }
  const scope = await auth.scope();
  const warehouseIds =
    input.warehouse_ids &&
    (await checkedWarehouseIds(db, scope, input.warehouse_ids, 'warehouse_ids', USER_MESSAGES.warehouseInvalid));
  await assertEmailFree(db, input.email, id);

  await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        await updateUserDetails(tx, id, { name: input.name, email: input.email.toLowerCase() });
        if (input.role !== target.role) await setUserRole(tx, id, input.role);
        if (warehouseIds) {
          await replaceUserWarehouses(tx, id, warehouseIds, scope.kind === 'all' ? undefined : scope.warehouseIds);
        }
        await recordActivity(tx, {
          userId: auth.user.id,
          action: 'updated',
          subjectType: 'user',
          subjectId: id,
          description: `User ${input.name} updated`,
          properties: input.role !== target.role ? { role: { from: target.role, to: input.role } } : undefined,
        });
      }),
    'email',
    VALIDATION.emailTaken,
  );
  return (await loadUserView(db, id))!;
}

/**
 * Users who own accounts are refused (409): their accounts would lose their owner. Everything else that points at
 * a user either goes with them (tokens, role, warehouse links) or keeps the history with the author emptied
 * (activity); any later table referencing users with RESTRICT is refused the same way.
 */
export async function deleteUser(db: Database, auth: RequestAuth, id: number): Promise<void> {
  if (id === auth.user.id) throw forbidden(USER_MESSAGES.cannotDeleteYourself);
  const target = await getUserInScope(db, auth, id);
  assertMayManage(auth.user, target);
  if ((await countAccountsOwnedBy(db, id)) > 0) throw conflict(USER_MESSAGES.ownsAccounts);
  await deleteRecorded(
    db,
    (tx) => deleteUserRow(tx, id),
    {
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: id,
      description: `User ${target.name} deleted`,
      properties: { email: target.email, role: target.role },
    },
    USER_MESSAGES.inUse,
  );
}
