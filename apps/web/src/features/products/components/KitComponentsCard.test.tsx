import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { KIT_MESSAGES } from '@wms/contract/kits';
import type { ProductDetail } from '@wms/contract/products';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import { KitComponentsEditor } from './KitComponentsCard';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
}));
vi.mock('../../../lib/api/client', () => ({ api: { get: vi.fn(async () => ({ data: [] })), put: vi.fn() } }));
const put = vi.mocked(api.put);

afterEach(() => {
  cleanup();
  put.mockReset();
});

const line = (product_id: number, sku: string, quantity: number) =>
  ({ product_id, sku, name: `Name ${sku}`, kind: 'standard', quantity }) as const;

const bundle = {
  id: 7,
  sku: 'GIFT',
  name: 'Gift set',
  kind: 'bundle',
  account_id: 1,
  components: [line(3, 'CANDLE', 1), line(4, 'MUG-SET', 2)],
  kits: [],
} as unknown as ProductDetail;

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <KitComponentsEditor product={bundle} canEdit />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('KitComponentsEditor', () => {
  it('saves the whole list and shows the server’s refusal on the row it names (a nested kit)', async () => {
    const nested = KIT_MESSAGES.componentIsKit('MUG-SET');
    put.mockRejectedValueOnce(
      new HttpError(422, { message: 'invalid', errors: { 'components.1.product_id': [nested] } }),
    );
    renderEditor();
    const save = screen.getByRole('button', { name: 'Save components' });
    // Nothing changed yet: nothing to save.
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Units of CANDLE per kit' }), { target: { value: '3' } });
    fireEvent.click(save);

    const message = await screen.findByText(nested);
    expect(put).toHaveBeenCalledWith(
      '/products/7/components',
      {
        components: [
          { product_id: 3, quantity: 3 },
          { product_id: 4, quantity: 2 },
        ],
      },
      expect.anything(),
    );
    // Under the MUG-SET row, not the candle's.
    expect(message.closest('li')?.textContent).toContain('MUG-SET');
    expect(message.closest('li')?.textContent).not.toContain('CANDLE');
  });

  it('removes a row before saving', async () => {
    put.mockResolvedValueOnce({ message: KIT_MESSAGES.componentsUpdated, kind: 'bundle', components: [], kits: [] });
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Remove CANDLE' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save components' }));
    await vi.waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]?.[1]).toEqual({ components: [{ product_id: 4, quantity: 2 }] });
  });
});
