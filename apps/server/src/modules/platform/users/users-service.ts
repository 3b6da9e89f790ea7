import type { RoleName } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { VALIDATION } from '@wms/contract/messages';
import { allows, isAdministrator } from '@wms/contract/policy';
import { type CreateUserInput, type UpdateUserInput, USER_MESSAGES, type UserListQuery } from '@wms/contract/users';
import { generateInitialPassword, hashPassword } from '../../../auth/passwords';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import { userCondition } from '../../../auth/scope-repository';
import type { Database, Executor } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { conflict, fieldError, forbidden, notFound } from '../../../http/errors';
import { checkedWarehouseIds, warehouseSummariesInScope } from '../../catalogue/warehouses/warehouses-api';
import { deleteRecorded, mergeEventScopes, recordEvent, userEventScope } from '../activity/activity-api';
import { listUsers, listUserWarehouseAssignments } from './user-list-repository';
import { userWithinScope } from './user-scope';
import {
  countAccountsOwnedBy,
  deleteUserRow,
  findUserByEmail,
  insertUser,
  loadUserView,
  replaceUserWarehouses,
  setUserRole,
  updateUserDetails,
  userExistsInScope,
} from './users-repository';

/** A scoped write that changed no row: the user is out of the caller's reach (404, the transaction rolls back). */
function requireChanged(rows: number): void {
  if (rows === 0) throw notFound();
}

/** A user the caller may see, or 404 (the same answer for "does not exist" and "not yours to see"). */
export async function getUserInScope(db: Executor, auth: RequestAuth, id: number): Promise<User> {
  const scope = await auth.scope();
  const visible = await userExistsInScope(db, id, userCondition(scope, auth.user.id));
  const user = visible ? await loadUserView(db, id) : undefined;
  if (!user) throw notFound();
  return user.id === auth.user.id ? user : userWithinScope(user, scope);
}

/** A page of users in the caller's scope (other users' warehouses trimmed to the caller's). */
export async function listUsersInScope(db: Executor, auth: RequestAuth, filter: UserListQuery) {
  return listUsers(db, await auth.scope(), auth.user.id, filter);
}

/** Users with their warehouses, for the Manage Users dialog. */
export async function listWarehouseAssignmentsInScope(db: Executor, auth: RequestAuth, filter: UserListQuery) {
  return listUserWarehouseAssignments(db, await auth.scope(), auth.user.id, filter);
}

/** The warehouses of a user the caller may see, within the caller's scope. */
export async function getUserWarehouses(db: Executor, auth: RequestAuth, id: number) {
  const user = await getUserInScope(db, auth, id);
  return warehouseSummariesInScope(db, await auth.scope(), { userId: user.id, assigned: true });
}

/** A user's warehouses split into assigned and available, within the caller's scope. */
export async function getUserWarehouseAssignments(db: Executor, auth: RequestAuth, id: number) {
  const user = await getUserInScope(db, auth, id);
  const scope = await auth.scope();
  const [assigned, available] = await Promise.all([
    warehouseSummariesInScope(db, scope, { userId: user.id, assigned: true }),
    warehouseSummariesInScope(db, scope, { userId: user.id, assigned: false }),
  ]);
  const { name, email, role } = user;
  return { user: { id: user.id, name, email, role }, assigned, available };
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

/**
 * Refuses, before anything is written, a write after which the caller could no longer see the user (404, the answer
 * the read after it would give): the same rule as `userCondition`. A role given extra permissions (a client with
 * `create users`) must not create a user it then answers 404 for.
 */
function assertStaysVisible(scope: Scope, callerId: number, userId: number | undefined, warehouseIds: number[]): void {
  if (scope.kind === 'all' || userId === callerId) return;
  const visible = scope.kind === 'warehouses' && warehouseIds.some((id) => scope.warehouseIds.includes(id));
  if (!visible) throw notFound();
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
  assertStaysVisible(scope, auth.user.id, undefined, warehouseIds);
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
        await recordEvent(tx, {
          kind: 'user.created',
          payload: { name: input.name, role: input.role },
          actorId: auth.user.id,
          subject: { type: 'user', id: userId },
          ...(await userEventScope(tx, userId)),
        });
        return userId;
      }),
    'email',
    VALIDATION.emailTaken,
  );
  return { user: await getUserInScope(db, auth, id), initialPassword };
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
  // Warehouses outside the caller's reach are kept by replaceUserWarehouses but do not make the user visible.
  if (warehouseIds) assertStaysVisible(scope, auth.user.id, id, warehouseIds);
  await assertEmailFree(db, input.email, id);

  await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        // Warehouses the user leaves here still hear of it: the event concerns their links before and after.
        const attachedBefore = await userEventScope(tx, id);
        // Written only within the caller's reach: a change that skipped the check above is refused (404).
        const reach = userCondition(scope, auth.user.id);
        requireChanged(await updateUserDetails(tx, reach, id, { name: input.name, email: input.email.toLowerCase() }));
        if (input.role !== target.role) requireChanged(await setUserRole(tx, reach, id, input.role));
        if (warehouseIds) {
          await replaceUserWarehouses(tx, id, warehouseIds, scope.kind === 'all' ? undefined : scope.warehouseIds);
        }
        await recordEvent(tx, {
          kind: 'user.updated',
          payload: {
            name: input.name,
            ...(input.role !== target.role ? { role_from: target.role, role_to: input.role } : {}),
          },
          actorId: auth.user.id,
          subject: { type: 'user', id },
          ...mergeEventScopes(attachedBefore, await userEventScope(tx, id)),
        });
      }),
    'email',
    VALIDATION.emailTaken,
  );
  return getUserInScope(db, auth, id);
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
  const reach = userCondition(await auth.scope(), auth.user.id);
  await deleteRecorded(
    db,
    async (tx) => requireChanged(await deleteUserRow(tx, reach, id)),
    async (tx) => ({
      kind: 'user.deleted' as const,
      payload: { name: target.name, role: target.role },
      actorId: auth.user.id,
      subject: { type: 'user', id },
      ...(await userEventScope(tx, id)),
    }),
    USER_MESSAGES.inUse,
  );
}
