import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { type ActivityFilter, type ActivityItem, listActivity as listActivityRows } from './activity-repository';
import {
  accountEventScope as accountScopeRows,
  type EventScope,
  mergeEventScopes as mergeScopes,
  userEventScope as userScopeRows,
} from './event-scope-repository';

/*
 * What other modules ask of the activity log: recording events (every change records one, in its transaction),
 * reading the events a caller may see, and who an event concerns. They never import the activity repositories, so
 * the queries can change behind these names.
 */

export type { ActivityFilter, ActivityItem, EventScope };

/**
 * The activity a reader may see (timelines, the dashboard feed), newest first: what other modules read of the log.
 */
export const listActivity = (db: Executor, scope: Scope, filter: ActivityFilter): Promise<ActivityItem[]> =>
  listActivityRows(db, scope, filter);

/** The warehouses and accounts an event about these accounts concerns. */
export const accountEventScope = (db: Executor, accountIds: readonly number[]): Promise<EventScope> =>
  accountScopeRows(db, accountIds);

/** The warehouses and accounts an event about this user concerns. */
export const userEventScope = (db: Executor, userId: number): Promise<EventScope> => userScopeRows(db, userId);

/** One event scope covering all of these. */
export const mergeEventScopes = (...scopes: EventScope[]): EventScope => mergeScopes(...scopes);

export { deleteRecorded } from './delete-recorded';
export { type ActivityEvent, recordEvent } from './record-event';
export { recordEvents } from './record-events';
