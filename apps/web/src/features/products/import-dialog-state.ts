import type { ProductImportResult } from '@wms/contract/products';

/** The server's 422 for a file it cannot read (spec §5 conversion_required). */
export interface ConversionInfo {
  message: string;
  instructions: string[];
  supported_formats: string[];
  note: string;
}

/**
 * Spec §5: idle → file chosen → importing (upload progress, then indeterminate while the server works) → result.
 * A file the server cannot read ends in `conversion`; any other failure returns to `chosen` with its message.
 */
export type ImportState =
  | { kind: 'idle'; error: string | null }
  | { kind: 'chosen'; file: File; error: string | null }
  | { kind: 'importing'; file: File; progress: number | null }
  | { kind: 'result'; file: File; result: ProductImportResult }
  | { kind: 'conversion'; file: File; info: ConversionInfo };

export type ImportEvent =
  | { type: 'choose'; file: File }
  | { type: 'reject'; message: string }
  | { type: 'clear' }
  | { type: 'start'; missingFileMessage: string }
  | { type: 'progress'; fraction: number }
  | { type: 'succeeded'; result: ProductImportResult }
  | { type: 'needsConversion'; info: ConversionInfo }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const initialImportState: ImportState = { kind: 'idle', error: null };

export function importReducer(state: ImportState, event: ImportEvent): ImportState {
  // Nothing the user does interrupts an upload; only its outcome (or the owner's reset after it) ends it.
  if (state.kind === 'importing') {
    switch (event.type) {
      case 'reset':
        return initialImportState;
      case 'progress':
        // Fully sent: the server is now reading rows, which has no measurable progress.
        return { ...state, progress: event.fraction >= 1 ? null : event.fraction };
      case 'succeeded':
        return { kind: 'result', file: state.file, result: event.result };
      case 'needsConversion':
        return { kind: 'conversion', file: state.file, info: event.info };
      case 'failed':
        return { kind: 'chosen', file: state.file, error: event.message };
      default:
        return state;
    }
  }
  switch (event.type) {
    case 'choose':
      return { kind: 'chosen', file: event.file, error: null };
    case 'reject':
      return { kind: 'idle', error: event.message };
    case 'clear':
    case 'reset':
      return initialImportState;
    case 'start':
      if (state.kind === 'idle') return { kind: 'idle', error: event.missingFileMessage };
      return { kind: 'importing', file: state.file, progress: 0 };
    default:
      return state;
  }
}

export const isWarning = (message: string): boolean => message.trimStart().startsWith('Warning:');

/** Splits the server's row messages: 'Warning:' rows were imported with a problem; the rest failed. */
export function splitRowMessages(result: Pick<ProductImportResult, 'validation_errors'>) {
  const warnings = result.validation_errors.filter((issue) => isWarning(issue.message));
  const errors = result.validation_errors.filter((issue) => !isWarning(issue.message));
  return { warnings, errors };
}

/** Spec §5: no failures → the dialog closes and the list refreshes; failures → it stays open on the result. */
export const closesAfterImport = (result: Pick<ProductImportResult, 'failure_count'>): boolean =>
  result.failure_count === 0;

/** Reads the conversion_required 422 body, or null for any other answer. */
export function conversionInfoOf(data: unknown): ConversionInfo | null {
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  if (body.conversion_required !== true) return null;
  const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  return {
    message: typeof body.message === 'string' ? body.message : '',
    instructions: texts(body.instructions),
    supported_formats: texts(body.supported_formats),
    note: typeof body.note === 'string' ? body.note : '',
  };
}
