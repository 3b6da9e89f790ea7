import type { User } from '@wms/contract/entities';
import { ROLE_POLICY } from '@wms/contract/policy';
import type { Executor } from '../../../db/client';
import {
  findPasswordHash,
  findUserByEmail,
  insertUser,
  loadUserView,
  loadUserViews,
  type NewUser,
  updatePasswordHash,
  updateProfileColumns,
  userHasAnyRole,
} from './users-repository';

/*
 * What other modules (auth, profile, accounts, warehouses) may ask of users: they never import the users
 * repository itself, so its queries can change behind these names.
 */

/** A user as the API shows them, without any scope (the caller themselves, or sign-in). */
export const loadOwnUserView = (db: Executor, id: number): Promise<User | undefined> => loadUserView(db, id);

/** Several users as the API shows them, without scope (the webhook dispatcher checks subscriptions' creators). */
export const loadUserViewsById = (db: Executor, ids: readonly number[]): Promise<User[]> => loadUserViews(db, ids);

/** Sign-in and registration look users up by email, case-insensitively. */
export const findUserForSignIn = (db: Executor, email: string) => findUserByEmail(db, email);

/** Registration creates a user with their role and warehouses (inside the caller's transaction). */
export const insertRegisteredUser = (tx: Executor, input: NewUser): Promise<number> => insertUser(tx, input);

/** May this user own accounts (the policy's `ownAccounts` roles)? */
export const mayOwnAccounts = (db: Executor, userId: number): Promise<boolean> =>
  userHasAnyRole(db, userId, ROLE_POLICY.ownAccounts);

/** The caller's own password hash (profile: checking the current password). */
export const findOwnPasswordHash = (db: Executor, id: number): Promise<string | undefined> => findPasswordHash(db, id);

/** The caller's new password (profile), which also lifts the must-change-password flag. */
export const setOwnPasswordHash = (db: Executor, id: number, hash: string): Promise<void> =>
  updatePasswordHash(db, id, hash);

/** The caller's own profile columns (profile). */
export const updateOwnProfile = (db: Executor, id: number, profile: Parameters<typeof updateProfileColumns>[2]) =>
  updateProfileColumns(db, id, profile);
