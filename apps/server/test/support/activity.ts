import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { activity } from '../../src/db/schema/activity';

/** Activity rows about one subject, newest first. */
export async function activityOf(db: Database, subjectType: string, subjectId: number) {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.subjectType, subjectType), eq(activity.subjectId, subjectId)))
    .orderBy(desc(activity.id));
}
