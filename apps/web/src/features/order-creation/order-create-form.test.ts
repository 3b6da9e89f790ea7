import { zodResolver } from '@hookform/resolvers/zod';
import { DRAFT_MESSAGES } from '@wms/contract/drafts';
import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { get } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  blankOrderCreate,
  firstErrorMessage,
  type OrderCreateValues,
  orderCreateSchema,
  pageErrorOf,
} from './order-create-form';
import { mapServerErrors, newLabel, newSection, type Section, type SectionProduct } from './sections';

const product = (quantity = 1): SectionProduct => ({
  product_id: 7,
  name: 'Lantern',
  sku: 'LAN-1',
  quantity,
  quantity_available: 10,
  weight: 2,
  photo_url: '',
});
const filled = (patch: Partial<Section> = {}): Section => ({
  ...newSection(3),
  customer_name: 'Ada',
  ship_date: '2026-12-24',
  order_id: 'PO-1',
  products: [product()],
  ...patch,
});

/** Runs the form's resolver as react-hook-form does on submit: the errors as the fields see them. */
const check = async (values: OrderCreateValues) => {
  const answer = await zodResolver(orderCreateSchema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return answer.errors;
};
const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

describe('order create form: the contract schema on the screen fields (spec 2 §5)', () => {
  it('puts the contract messages of missing fields on those fields of the right section', async () => {
    const errors = await check({
      ...blankOrderCreate(null),
      orders: [filled(), filled({ account_id: null, customer_name: '  ', order_id: '', ship_date: '' })],
    });
    expect(messageAt(errors, 'orders.0')).toBeUndefined();
    expect(messageAt(errors, 'orders.1.account_id')).toBe(M.accountRequired);
    expect(messageAt(errors, 'orders.1.customer_name')).toBe(M.customerNameRequired);
    expect(messageAt(errors, 'orders.1.order_id')).toBe(M.orderIdRequired);
    expect(messageAt(errors, 'orders.1.ship_date')).toBe(M.shipDateRequired);
  });

  it('marks a quantity below 1 or left empty on its product line', async () => {
    const errors = await check({
      ...blankOrderCreate(3),
      orders: [filled({ products: [product(0), { ...product(Number.NaN), product_id: 8 }] })],
    });
    expect(messageAt(errors, 'orders.0.products.0.quantity')).toBe(M.quantityInvalid);
    expect(messageAt(errors, 'orders.0.products.1.quantity')).toBe(M.quantityInvalid);
  });

  it('leaves a section without products unchecked, and accepts a complete one', async () => {
    const errors = await check({ ...blankOrderCreate(3), orders: [filled(), newSection(null)] });
    expect(errors).toEqual({});
  });

  it('says on the page when no order has products, or a label row has no PDF', async () => {
    expect(pageErrorOf(await check(blankOrderCreate(3)))).toBe(M.productsRequired);
    const withLabel = await check({ ...blankOrderCreate(3), orders: [filled({ labels: [newLabel()] })] });
    expect(pageErrorOf(withLabel)).toBe(DRAFT_MESSAGES.labelWithoutFile(1, 1));
  });

  it('toasts the first field message when there is no page message', async () => {
    const errors = await check({ ...blankOrderCreate(3), orders: [filled({ customer_name: '' })] });
    expect(pageErrorOf(errors)).toBeUndefined();
    expect(firstErrorMessage(errors)).toBe(M.customerNameRequired);
  });
});

describe('server field errors on the screen', () => {
  it('maps orders.N of the sent orders to the screen section they came from', () => {
    // Screen sections 0 and 2 were sent (section 1 had no products): the server's orders.1 is the screen's 2.
    expect(
      mapServerErrors(
        { 'orders.1.order_id': [M.orderIdRepeated], warehouse_id: ['x'], 'orders.5.notes': ['y'] },
        [0, 2],
      ),
    ).toEqual([['orders.2.order_id', M.orderIdRepeated]]);
  });
});
