import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ORDER_MESSAGES, type Order } from '@wms/contract/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/api/api-error';
import { MergeDialog } from './MergeDialog';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The write's request, behind the hook the dialog calls.
const createMergeItem = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({ useCreateMergeItem: () => ({ mutateAsync: createMergeItem }) }));

afterEach(() => {
  cleanup();
  vi.mocked(createMergeItem).mockReset();
});

/** Only what the dialog reads of an order. */
const order = (id: number, accountId: number, warehouseId = 1) =>
  ({
    id,
    order_number: `ORD-${id}`,
    account: { id: accountId, name: `Account ${accountId}` },
    warehouse: { id: warehouseId, name: 'Newark', code: 'NWK' },
  }) as Order;

function mergeWith(orders: Order[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MergeDialog open orders={orders} onClose={vi.fn()} onMerged={vi.fn()} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Tuesday pickup' } });
  fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
}

describe('MergeDialog', () => {
  it('refuses orders of two accounts before sending anything', () => {
    mergeWith([order(1, 10), order(2, 11)]);
    expect(screen.getByText(ORDER_MESSAGES.mergeOneAccount)).toBeTruthy();
    expect(createMergeItem).not.toHaveBeenCalled();
  });

  it('shows the server’s 422 message on order_ids', async () => {
    vi.mocked(createMergeItem).mockRejectedValue(
      new HttpError(422, {
        message: ORDER_MESSAGES.mergeOneAccount,
        errors: { order_ids: [ORDER_MESSAGES.mergeOneAccount] },
      }),
    );
    mergeWith([order(1, 10), order(2, 10)]);
    expect(await screen.findByText(ORDER_MESSAGES.mergeOneAccount)).toBeTruthy();
    expect(createMergeItem).toHaveBeenCalledTimes(1);
  });
});
