import type { ProductImportResult } from '@wms/contract/products';
import { describe, expect, it } from 'vitest';
import {
  closesAfterImport,
  conversionInfoOf,
  type ImportEvent,
  type ImportState,
  importReducer,
  initialImportState,
  splitRowMessages,
} from './import-dialog-state';

const file = new File(['SKU,Product Name\nA,B\n'], 'products.csv', { type: 'text/csv' });
const MISSING = 'Please select a file to import';

const result = (overrides: Partial<ProductImportResult> = {}): ProductImportResult => ({
  message: 'Import completed! 2 products imported successfully.',
  success_count: 2,
  failure_count: 0,
  warning_count: 0,
  total_processed: 2,
  created_count: 2,
  updated_count: 0,
  summary: {
    success_count: 2,
    failure_count: 0,
    warning_count: 0,
    total_processed: 2,
    created_count: 2,
    updated_count: 0,
  },
  validation_errors: [],
  ...overrides,
});

const run = (events: ImportEvent[], from: ImportState = initialImportState) => events.reduce(importReducer, from);

describe('import dialog state machine (spec §5: idle → file chosen → importing → result)', () => {
  it('asks for a file when started without one', () => {
    expect(run([{ type: 'start', missingFileMessage: MISSING }])).toEqual({ kind: 'idle', error: MISSING });
  });

  it('keeps a rejected file out and shows why', () => {
    const state = run([
      { type: 'choose', file },
      { type: 'reject', message: 'File is too large. Maximum size is 10MB.' },
    ]);
    expect(state).toEqual({ kind: 'idle', error: 'File is too large. Maximum size is 10MB.' });
  });

  it('choosing a file clears an earlier error', () => {
    expect(
      run([
        { type: 'start', missingFileMessage: MISSING },
        { type: 'choose', file },
      ]),
    ).toEqual({
      kind: 'chosen',
      file,
      error: null,
    });
  });

  it('reports upload progress, then an indeterminate phase while the server reads rows', () => {
    let state = run([
      { type: 'choose', file },
      { type: 'start', missingFileMessage: MISSING },
    ]);
    expect(state).toEqual({ kind: 'importing', file, progress: 0 });
    state = importReducer(state, { type: 'progress', fraction: 0.4 });
    expect(state).toMatchObject({ kind: 'importing', progress: 0.4 });
    state = importReducer(state, { type: 'progress', fraction: 1 });
    expect(state).toMatchObject({ kind: 'importing', progress: null });
  });

  it('ignores user changes while importing', () => {
    const importing = run([
      { type: 'choose', file },
      { type: 'start', missingFileMessage: MISSING },
    ]);
    expect(importReducer(importing, { type: 'clear' })).toBe(importing);
    expect(importReducer(importing, { type: 'choose', file: new File([''], 'other.csv') })).toBe(importing);
    expect(importReducer(importing, { type: 'start', missingFileMessage: MISSING })).toBe(importing);
  });

  it('ends in the result, in the conversion panel, or back at the chosen file with the failure', () => {
    const importing = run([
      { type: 'choose', file },
      { type: 'start', missingFileMessage: MISSING },
    ]);
    const done = result({ failure_count: 1 });
    expect(importReducer(importing, { type: 'succeeded', result: done })).toEqual({
      kind: 'result',
      file,
      result: done,
    });
    const info = { message: 'convert', instructions: ['a'], supported_formats: ['.csv'], note: '' };
    expect(importReducer(importing, { type: 'needsConversion', info })).toEqual({ kind: 'conversion', file, info });
    expect(importReducer(importing, { type: 'failed', message: 'Error importing file' })).toEqual({
      kind: 'chosen',
      file,
      error: 'Error importing file',
    });
  });

  it('resets to idle after a successful import that closes the dialog (even mid-import)', () => {
    const importing = run([
      { type: 'choose', file },
      { type: 'start', missingFileMessage: MISSING },
    ]);
    expect(importReducer(importing, { type: 'reset' })).toEqual(initialImportState);
    const shown = importReducer(importing, { type: 'succeeded', result: result() });
    expect(importReducer(shown, { type: 'reset' })).toEqual(initialImportState);
  });
});

describe('import results', () => {
  it('closes only when nothing failed', () => {
    expect(closesAfterImport({ failure_count: 0 })).toBe(true);
    expect(closesAfterImport({ failure_count: 3 })).toBe(false);
  });

  it("splits 'Warning:' rows from failed rows", () => {
    const { warnings, errors } = splitRowMessages({
      validation_errors: [
        { row: 2, message: 'Product name is required' },
        { row: 3, message: 'Warning: photo could not be downloaded (timeout)' },
        { row: 4, message: "Duplicate SKU 'A' (already on row 2)" },
      ],
    });
    expect(warnings.map((w) => w.row)).toEqual([3]);
    expect(errors.map((e) => e.row)).toEqual([2, 4]);
  });

  it('reads the conversion_required answer and nothing else', () => {
    expect(
      conversionInfoOf({
        message: 'The file could not be read.',
        conversion_required: true,
        instructions: ['Open it', 'Export as .xlsx'],
        supported_formats: ['.xlsx', '.csv'],
        note: 'First sheet only',
      }),
    ).toEqual({
      message: 'The file could not be read.',
      instructions: ['Open it', 'Export as .xlsx'],
      supported_formats: ['.xlsx', '.csv'],
      note: 'First sheet only',
    });
    expect(conversionInfoOf({ message: 'Validation failed', errors: { file: ['x'] } })).toBeNull();
    expect(conversionInfoOf(undefined)).toBeNull();
  });
});
