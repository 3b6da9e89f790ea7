import { Worker } from 'node:worker_threads';
import type { SpreadsheetKind } from './detect-spreadsheet';

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet (1-based, header included). */
  row: number;
  cells: string[];
}

export interface ReadSheet {
  header: string[];
  headerRow: number;
  rows: SheetRow[];
}

export interface SheetReadOptions {
  /** What detectSpreadsheet found (the content's real type). */
  kind: SpreadsheetKind;
  /** How many columns, from the sheet's first, are read; cells further right are ignored. */
  columns: number;
  /** The most data rows (below the header) a file may have; more is SheetTooLongError. */
  maxRows: number;
}

/** The sheet has more data rows than the import takes. */
export class SheetTooLongError extends Error {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} rows`);
  }
}

/** The spreadsheet library could not read the file (damaged, encrypted, a format it does not know), or gave up. */
export class SheetUnreadableError extends Error {}

/** Limits of one parse: generous for any real 10 MB file, fatal for one built to exhaust the server. */
export const SHEET_PARSE_LIMITS = {
  timeoutMs: 60_000,
  maxHeapMb: 768,
  /** Parses running at once; more wait their turn (each may use up to maxHeapMb). */
  maxParallel: 2,
};

const WORKER_URL = new URL('./sheet-worker.mjs', import.meta.url);

type WorkerAnswer =
  | { ok: true; sheet: ReadSheet | undefined }
  | { ok: false; reason: 'too_many_rows' | 'unreadable'; detail?: string };

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (running >= SHEET_PARSE_LIMITS.maxParallel) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function parseInWorker(buffer: Buffer, options: SheetReadOptions): Promise<WorkerAnswer> {
  // A private copy the worker can own: the upload's Buffer may be a view into a shared pool.
  const bytes = new Uint8Array(buffer);
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes, kind: options.kind, columns: options.columns, maxRows: options.maxRows },
      transferList: [bytes.buffer],
      resourceLimits: { maxOldGenerationSizeMb: SHEET_PARSE_LIMITS.maxHeapMb },
    });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(
      () => settle({ ok: false, reason: 'unreadable', detail: 'timed out' }),
      SHEET_PARSE_LIMITS.timeoutMs,
    );
    worker.once('message', settle);
    // Out of memory or a crash in the library ends this worker only, never the server.
    worker.once('error', (error) => settle({ ok: false, reason: 'unreadable', detail: error.message }));
    worker.once('exit', () => settle({ ok: false, reason: 'unreadable', detail: 'the parser stopped' }));
  });
}

/**
 * The first sheet of a spreadsheet as text rows, parsed in a worker thread so a large or hostile file never stalls
 * other requests. Only the first `columns` columns and at most `maxRows` data rows are read. Blank rows are dropped
 * but numbering follows the sheet, so a message about "row 7" points at row 7 in Excel; the header is the first
 * non-blank row. Undefined when the sheet has no rows at all.
 * Shared by every import (products, orders): call it after detectSpreadsheet.
 */
export async function readSheetRows(buffer: Buffer, options: SheetReadOptions): Promise<ReadSheet | undefined> {
  const answer = await inTurn(() => parseInWorker(buffer, options));
  if (answer.ok) return answer.sheet;
  if (answer.reason === 'too_many_rows') throw new SheetTooLongError(options.maxRows);
  throw new SheetUnreadableError(answer.detail);
}
