import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ProductImportResult } from '@wms/contract/products';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/api/api-error';
import { uploadForm } from '../../../lib/api/upload';
import { productKeys } from '../query-keys';
import { ImportProductsDialog } from './ImportProductsDialog';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
}));
// The import's request, under the feature's write hook (which refreshes the list).
vi.mock('../../../lib/api/upload', () => ({ uploadForm: vi.fn() }));
const importProducts = vi.mocked(uploadForm);

afterEach(() => {
  cleanup();
  importProducts.mockReset();
});

const summary = (failures: number): ProductImportResult => {
  const counts = {
    success_count: 2,
    failure_count: failures,
    warning_count: 0,
    total_processed: 2 + failures,
    created_count: 2,
    updated_count: 0,
  };
  return {
    ...counts,
    summary: counts,
    message: failures ? `Import completed with ${failures} errors. Check details below.` : 'done',
    validation_errors: failures ? [{ row: 4, message: 'SKU is required' }] : [],
  };
};

function renderDialog() {
  const onClose = vi.fn();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <ImportProductsDialog open isClient onClose={onClose} />
    </QueryClientProvider>,
  );
  /** The products list was made stale (refetched where shown). */
  const refreshed = () => invalidate.mock.calls.some(([filters]) => filters?.queryKey === productKeys.all);
  return { onClose, refreshed };
}

const chooseCsv = () =>
  fireEvent.change(screen.getByLabelText('Import file', { selector: 'input' }), {
    target: { files: [new File(['SKU,Product Name\nA,B\n'], 'products.csv')] },
  });

const clickImport = () => fireEvent.click(screen.getByRole('button', { name: 'Import' }));

describe('ImportProductsDialog', () => {
  it('asks for a file before sending anything', () => {
    renderDialog();
    clickImport();
    expect(screen.getByText('Please select a file to import')).toBeTruthy();
    expect(importProducts).not.toHaveBeenCalled();
  });

  it('closes and refreshes the list when nothing failed', async () => {
    importProducts.mockResolvedValue(summary(0));
    const { onClose, refreshed } = renderDialog();
    chooseCsv();
    clickImport();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(refreshed()).toBe(true);
  });

  it('stays open on the summary and the failed rows', async () => {
    importProducts.mockResolvedValue(summary(1));
    const { onClose, refreshed } = renderDialog();
    chooseCsv();
    clickImport();
    expect(await screen.findByText('Row 4: SKU is required')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Import summary' }).textContent).toContain('1Failed');
    expect(onClose).not.toHaveBeenCalled();
    expect(refreshed()).toBe(true);
  });

  it('shows the conversion panel only when the server asks for it', async () => {
    importProducts.mockRejectedValue(
      new HttpError(422, {
        message: 'The file could not be read.',
        conversion_required: true,
        instructions: ['Export it as .xlsx'],
        supported_formats: ['.xlsx', '.csv'],
        note: '',
      }),
    );
    renderDialog();
    chooseCsv();
    clickImport();
    expect(await screen.findByTestId('conversion-panel')).toBeTruthy();
    expect(screen.getByText('Export it as .xlsx')).toBeTruthy();
  });

  it('returns to the chosen file with the server’s field message', async () => {
    importProducts.mockRejectedValue(
      new HttpError(422, { message: 'Validation failed', errors: { file: ['The file contains no product rows.'] } }),
    );
    renderDialog();
    chooseCsv();
    clickImport();
    expect(await screen.findByText('The file contains no product rows.')).toBeTruthy();
    expect(screen.getByTestId('chosen-file').textContent).toBe('products.csv');
  });
});
