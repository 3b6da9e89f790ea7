import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { type ActivityFilter, type ActivityItem, listActivity as listActivityRows } from './activity-repository';

export type { ActivityFilter, ActivityItem };

/**
 * The activity a reader may see (timelines, the dashboard feed), newest first: what other modules read of the log.
 * They never import the activity repository, so its queries can change behind this name.
 */
export const listActivity = (db: Executor, scope: Scope, filter: ActivityFilter): Promise<ActivityItem[]> =>
  listActivityRows(db, scope, filter);
