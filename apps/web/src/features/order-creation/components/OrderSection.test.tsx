import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OrderCreateValues, orderCreateSchema } from '../order-create-form';
import { newSection } from '../sections';
import { OrderSection } from './OrderSection';

vi.mock('../../../lib/context/use-working-context', () => ({
  useWorkingContext: () => ({ warehouseId: 1, accountId: null, ready: true, isClient: false }),
}));

afterEach(cleanup);

/** One section on a form wired as the page wires it, with one product already chosen and nothing typed. */
function Harness() {
  const form = useForm<OrderCreateValues>({
    resolver: zodResolver(orderCreateSchema),
    defaultValues: {
      title: '',
      description: '',
      orders: [
        {
          ...newSection(null),
          products: [
            {
              product_id: 7,
              name: 'Lantern',
              sku: 'LAN-1',
              quantity: 1,
              quantity_available: 9,
              weight: 1,
              photo_url: '',
            },
          ],
        },
      ],
    },
  });
  return (
    <QueryClientProvider client={new QueryClient()}>
      <FormProvider {...form}>
        <OrderSection index={0} accounts={[]} shippers={[]} canRemove={false} onRemove={() => {}} />
        <button type="button" onClick={form.handleSubmit(() => {})}>
          Create Orders
        </button>
      </FormProvider>
    </QueryClientProvider>
  );
}

// MUI role queries are slow on a busy machine: a generous timeout, no sleeps.
describe('OrderSection on react-hook-form', { timeout: 30_000 }, () => {
  it('shows the contract messages under the section fields after a create attempt', async () => {
    render(<Harness />);
    const section = screen.getByRole('region', { name: 'Order 1' });
    expect(within(section).queryByText(M.customerNameRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Orders' }));
    for (const message of [M.accountRequired, M.customerNameRequired, M.orderIdRequired, M.shipDateRequired]) {
      expect(await within(section).findByText(message)).toBeTruthy();
    }
  });

  it('clears a field message as soon as the field is filled in', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Orders' }));
    expect(await screen.findByText(M.customerNameRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Customer Name/ }), { target: { value: 'Ada' } });
    await vi.waitFor(() => expect(screen.queryByText(M.customerNameRequired)).toBeNull());
  });

  it('shows a quantity below 1 on its line at once', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Quantity of LAN-1'), { target: { value: '0' } });
    expect(screen.getByText(M.quantityInvalid)).toBeTruthy();
  });
});
