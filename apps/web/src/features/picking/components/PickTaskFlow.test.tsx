import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICKING_MESSAGES } from '@wms/contract/picking';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickTaskView } from '../pick-task-view';
import { PickTaskFlow } from './PickTaskFlow';

afterEach(cleanup);

const task: PickTaskView = {
  id: 7,
  locationCode: 'A-01-02',
  sku: 'LAMP-1',
  productName: 'Lamp',
  barcode: '0012345678905',
  lotCode: 'L1',
  lotExpiry: null,
  substituteLots: [],
  quantity: 3,
  breakdown: [
    { orderId: 1, orderLabel: 'ORD-1', quantity: 2, tote: 'T-1' },
    { orderId: 2, orderLabel: 'ORD-2', quantity: 1, tote: 'T-2' },
  ],
};

/** A keyboard-wedge scan: the whole code at once, then Enter (typing key by key is slow under jsdom). */
const scan = async (label: string, code: string) => {
  const field = screen.getByRole('textbox', { name: label });
  fireEvent.change(field, { target: { value: code } });
  await act(async () => {
    fireEvent.keyDown(field, { key: 'Enter' });
  });
};
const feedback = () => screen.getByTestId('scan-feedback');

function renderFlow(cluster: boolean) {
  const onConfirm = vi.fn();
  render(
    <PickTaskFlow
      task={task}
      cluster={cluster}
      busy={false}
      problem={null}
      onConfirm={onConfirm}
      onShort={vi.fn()}
      onSkip={vi.fn()}
    />,
  );
  return onConfirm;
}

describe('PickTaskFlow', { timeout: 20_000 }, () => {
  it('refuses wrong scans at once, saying what is expected, and confirms the task after the quantity', async () => {
    const onConfirm = renderFlow(false);
    expect(screen.getByTestId('task-location').textContent).toBe('A-01-02');
    await scan('Location', 'B-09-09');
    expect(feedback().textContent).toBe(PICKING_MESSAGES.wrongLocation('A-01-02'));
    await scan('Location', 'a-01-02');
    await scan('Product barcode or SKU', 'OTHER');
    expect(feedback().textContent).toBe(PICKING_MESSAGES.wrongProduct('LAMP-1', '0012345678905'));
    await scan('Product barcode or SKU', '0012345678905');
    await scan('Lot', 'L9');
    expect(feedback().textContent).toBe(PICKING_MESSAGES.wrongLot('L1'));
    await scan('Lot', 'L1');
    const quantity = screen.getByRole('textbox', { name: 'Quantity taken' });
    expect((quantity as HTMLInputElement).value).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm 3 picked' }));
    expect(onConfirm).toHaveBeenCalledWith({ quantity: 3, lotCode: 'L1', totes: [] });
  });

  it('in cluster mode asks each order’s tote and refuses another tote', async () => {
    const onConfirm = renderFlow(true);
    await scan('Location', 'A-01-02');
    await scan('Product barcode or SKU', 'LAMP-1');
    await scan('Lot', 'L1');
    await userEvent.click(screen.getByRole('button', { name: 'Next: totes' }));
    await scan('Tote for ORD-1', 'T-2');
    expect(feedback().textContent).toBe(PICKING_MESSAGES.wrongTote('ORD-1', 'T-1'));
    await scan('Tote for ORD-1', 'T-1');
    expect(onConfirm).not.toHaveBeenCalled();
    await scan('Tote for ORD-2', 'T-2');
    expect(onConfirm).toHaveBeenCalledWith({
      quantity: 3,
      lotCode: 'L1',
      totes: [
        { orderId: 1, tote: 'T-1', quantity: 2 },
        { orderId: 2, tote: 'T-2', quantity: 1 },
      ],
    });
  });
});
