import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from '../../src/db/client';
import { type Statement, StatementRecorder } from './statement-recorder';
import type { TestDatabase } from './test-database';

export type LoggedStatement = Statement;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
};

/**
 * The test database seen through a drizzle logger: the SQL statements a service call issues, in order, to pin how
 * many one piece of work costs and how many rows each of them walks through.
 */
export function statementLog(handle: TestDatabase) {
  const recorder = new StatementRecorder();
  const logger = recorder.logger;
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === 'postgres'
    ? drizzleNodePg(handle.pool, { logger })
    : drizzlePglite(client as PGlite, { logger })) as unknown as Database;

  /** Runs `work` and answers the statements it issued (transaction control included). */
  async function record(work: (db: Database) => Promise<unknown>): Promise<LoggedStatement[]> {
    return (await recorder.record(() => work(db))).statements;
  }

  /**
   * Replays the statements under EXPLAIN ANALYZE in one transaction rolled back, and answers for each the most rows
   * any step of its plan produced (rows × loops): how much of the database the statement walks through.
   */
  async function rowsWalked(
    statements: readonly LoggedStatement[],
  ): Promise<{ sql: string; rows: number; step: string }[]> {
    const work = statements.filter((s) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(s.sql.trim()));
    const answers: { sql: string; rows: number; step: string }[] = [];
    await db
      .transaction(async (tx) => {
        const session = (tx as unknown as { session: { client: Queryable } }).session;
        // The tables of a test are small enough for the planner to scan them whole; the plans of a large database
        // use the indexes, which is what the count of rows should show (a statement without one still scans).
        await session.client.query('set local enable_seqscan = off', []);
        for (const s of work) {
          const result = await session.client.query(`explain (analyze, format json) ${s.sql}`, s.params);
          const cell = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
          const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
          const most = largestStep(plan!.Plan);
          answers.push({ sql: s.sql, rows: most.rows, step: most.step });
        }
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return answers;
  }

  return { db, record, rowsWalked };
}

type Queryable = { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> };
class RolledBack extends Error {}

/** The plan step that produced the most rows (rows × loops), named by its kind, table and index. */
function largestStep(node: PlanNode): { rows: number; step: string } {
  const own = {
    rows: node['Actual Rows'] * node['Actual Loops'],
    step: [node['Node Type'], node['Relation Name'], node['Index Name']].filter(Boolean).join(' '),
  };
  return (node.Plans ?? []).map(largestStep).reduce((a, b) => (b.rows > a.rows ? b : a), own);
}
