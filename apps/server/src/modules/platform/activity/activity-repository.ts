import {
  LEGACY_ACTIVITY_KIND,
  type RenderedActivity,
  renderActivity,
  STAFF_ONLY_ACTIVITY_KINDS,
} from '@wms/contract/activity';
import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { activity } from '../../../db/schema/activity';
import { users } from '../../../db/schema/users';

export interface ActivityItem extends RenderedActivity {
  id: number;
  kind: string;
  type: string;
  subject_type: string;
  subject_id: number | null;
  actor: { id: number; name: string } | null;
  time: string;
}

export interface ActivityFilter {
  /** Narrow to one warehouse / account (the header's context); never widens the scope. */
  warehouseId?: number;
  accountId?: number;
  subject?: { type: string; id: number };
  limit: number;
  /**
   * Who reads: staff get every kind, clients not the staff-only ones (inquiry assignments). Default: a reader scoped
   * to accounts is a client. A feed read with a wider scope than the reader's own (the inquiry timeline) says it.
   */
  audience?: 'staff' | 'client';
}

const intArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;

/** Events a caller may read: admins all; managers those touching their warehouses; clients their accounts'. */
export function activityScopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'warehouses') {
    return scope.warehouseIds.length ? sql`${activity.warehouseIds} && ${intArray(scope.warehouseIds)}` : sql`false`;
  }
  return scope.accountIds.length ? sql`${activity.accountIds} && ${intArray(scope.accountIds)}` : sql`false`;
}

/** The newest events within the caller's scope (dashboard feed, detail timelines), rendered in one place. */
export async function listActivity(db: Executor, scope: Scope, filter: ActivityFilter): Promise<ActivityItem[]> {
  const conditions: (SQL | undefined)[] = [activityScopeCondition(scope)];
  const audience = filter.audience ?? (scope.kind === 'accounts' ? 'client' : 'staff');
  if (audience === 'client') conditions.push(notInArray(activity.kind, [...STAFF_ONLY_ACTIVITY_KINDS]));
  if (filter.warehouseId !== undefined)
    conditions.push(sql`${activity.warehouseIds} && ${intArray([filter.warehouseId])}`);
  if (filter.accountId !== undefined) conditions.push(sql`${activity.accountIds} && ${intArray([filter.accountId])}`);
  if (filter.subject) {
    conditions.push(eq(activity.subjectType, filter.subject.type), eq(activity.subjectId, filter.subject.id));
  }
  const rows = await db
    .select({
      id: activity.id,
      kind: activity.kind,
      action: activity.action,
      subjectType: activity.subjectType,
      subjectId: activity.subjectId,
      description: activity.description,
      properties: activity.properties,
      createdAt: activity.createdAt,
      actorId: users.id,
      actorName: users.name,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.userId))
    .where(and(...conditions))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(filter.limit);
  return rows.map((row) => {
    // Rows from before typed events keep their text in `description` (read only; nothing writes them any more).
    const legacy = row.kind === LEGACY_ACTIVITY_KIND;
    return {
      id: row.id,
      kind: row.kind,
      type: legacy ? `${row.subjectType}.${row.action}` : row.kind,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
      time: row.createdAt.toISOString(),
      ...renderActivity(row.kind, legacy ? { text: row.description } : row.properties, row.actorName),
    };
  });
}

export interface ActivityRow {
  userId: number | null;
  action: string;
  kind: string;
  subjectType: string;
  subjectId: number | null;
  description: string;
  warehouseIds: number[];
  accountIds: number[];
  properties: Record<string, unknown>;
}

/** Appends one event row (record-event.ts builds it; it runs in the caller's transaction). */
export async function insertActivityRow(db: Executor, row: ActivityRow): Promise<void> {
  await db.insert(activity).values(row);
}
