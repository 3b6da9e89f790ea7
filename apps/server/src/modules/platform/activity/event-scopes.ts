import type { Executor } from '../../../db/client';
import {
  accountEventScope as accountScopeRows,
  type EventScope,
  mergeEventScopes as mergeScopes,
  userEventScope as userScopeRows,
} from './event-scope-repository';

export type { EventScope };

/*
 * Who an activity event concerns (its warehouses and accounts), for the modules that record events about accounts
 * and users: they never import the activity repositories.
 */

/** The warehouses and accounts an event about these accounts concerns. */
export const accountEventScope = (db: Executor, accountIds: readonly number[]): Promise<EventScope> =>
  accountScopeRows(db, accountIds);

/** The warehouses and accounts an event about this user concerns. */
export const userEventScope = (db: Executor, userId: number): Promise<EventScope> => userScopeRows(db, userId);

/** One event scope covering all of these. */
export const mergeEventScopes = (...scopes: EventScope[]): EventScope => mergeScopes(...scopes);
