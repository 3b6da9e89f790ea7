/** One SQL statement as the driver received it. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The SQL statements a piece of work issues, in order, caught by a drizzle query logger: how the benches see the
 * very statements a request or service call runs, to replay them bare or at concurrency, and how the tests pin what
 * a piece of work costs (statement-log.ts). One recording at a time; statements outside a recording are not kept.
 */
export class StatementRecorder {
  private current: Statement[] | null = null;

  /** Pass to `drizzle(…, { logger })`. */
  readonly logger = {
    logQuery: (sql: string, params: unknown[]) => {
      this.current?.push({ sql, params });
    },
  };

  /** Runs `work` alone and returns what it answered, the statements it issued and how long it took. */
  async record<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[]; ms: number }> {
    const statements: Statement[] = [];
    this.current = statements;
    const started = performance.now();
    try {
      const result = await work();
      return { result, statements, ms: performance.now() - started };
    } finally {
      this.current = null;
    }
  }
}
