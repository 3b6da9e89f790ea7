import type { Executor } from '../../../db/client';
import { migrationsApplied, pingDatabase } from './health-repository';

/* What the health routes check: the database answers, and it holds every migration this build ships. */

/** Resolves when the database answers a trivial query; rejects otherwise. */
export const databaseAnswers = (db: Executor): Promise<void> => pingDatabase(db);

/** Whether the database holds this build's newest migration. */
export const databaseMigrated = (db: Executor): Promise<boolean> => migrationsApplied(db);
