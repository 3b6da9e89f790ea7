import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { draftDataSchema } from './drafts';
import { QUANTITY_MAX } from './inventory';
import { createOrderInputSchema } from './order-creation';
import { CUSTOMER_NAME_MAX, ORDER_FORM_MESSAGES as M, orderFormSchema } from './order-form';
import { orderUpdateSchema } from './orders';
import { tooLong } from './text';

/**
 * The order form was defined four times (create, bulk, draft, edit) and the copies disagreed.
 * Each test below is one of the disagreements, checked on every schema that takes the form.
 */
const order = (fields: Record<string, unknown> = {}) => ({
  account_id: 1,
  customer_name: 'A',
  order_id: 'X',
  ship_date: '2026-12-24',
  products: [{ product_id: 1, quantity: 1 }],
  ...fields,
});
const draft = (form: Record<string, unknown>, products: { product_id: number; quantity: number }[] = []) => ({
  orders: [{ form, label_forms: [], selected_products: products.map((p) => ({ ...p, name: 'P', sku: 'S' })) }],
});
const messagesAt = (error: { issues: { path: PropertyKey[]; message: string }[] } | undefined, path: string) =>
  (error?.issues ?? []).filter((i) => i.path.join('.') === path).map((i) => i.message);

describe('one order form', () => {
  it("a draft's form accepts every field an order accepts, warehouse_id included, and keeps it", () => {
    const form = { account_id: 1, warehouse_id: 2, shipper_id: 3, customer_name: 'A', ship_date: '', order_id: 'X' };
    const parsed = draftDataSchema.safeParse(draft({ ...form, notes: 'n' }));
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.orders[0]?.form).toMatchObject({ warehouse_id: 2, account_id: 1, shipper_id: 3 });
    const orderFields = Object.keys(orderFormSchema.shape).sort();
    const draftFields = Object.keys(parsed.data?.orders[0]?.form ?? {}).sort();
    expect(draftFields).toEqual(orderFields);
    expect(orderFields).toEqual(
      Object.keys(createOrderInputSchema.shape)
        .filter((k) => k !== 'products')
        .sort(),
    );
  });

  it('edit refuses an impossible ship date with the same message as create', () => {
    const edit = orderUpdateSchema.safeParse({ ship_date: '2026-02-30' });
    const create = createOrderInputSchema.safeParse(order({ ship_date: '2026-02-30' }));
    expect(messagesAt(edit.error, 'ship_date')).toEqual([M.shipDateInvalid]);
    expect(messagesAt(create.error, 'ship_date')).toEqual([M.shipDateInvalid]);
    expect(orderUpdateSchema.parse({ ship_date: '2028-02-29' }).ship_date).toBe('2028-02-29');
  });

  it('one quantity cap on create, edit and draft', () => {
    const create = (quantity: number) =>
      createOrderInputSchema.safeParse(order({ products: [{ product_id: 1, quantity }] }));
    const edit = (quantity: number) => orderUpdateSchema.safeParse({ items: [{ id: 1, quantity }] });
    const saved = (quantity: number) => draftDataSchema.safeParse(draft({}, [{ product_id: 1, quantity }]));
    for (const check of [create, edit, saved]) {
      expect(check(QUANTITY_MAX).success).toBe(true);
      expect(check(QUANTITY_MAX + 1).success).toBe(false);
    }
    expect(messagesAt(edit(QUANTITY_MAX + 1).error, 'items.0.quantity')).toEqual([M.quantityInvalid]);
    expect(messagesAt(create(QUANTITY_MAX + 1).error, 'products.0.quantity')).toEqual([M.quantityInvalid]);
  });

  it('one message for an over-long customer name on create, edit and draft', () => {
    const long = 'x'.repeat(CUSTOMER_NAME_MAX + 1);
    const expected = [tooLong(CUSTOMER_NAME_MAX)];
    expect(messagesAt(createOrderInputSchema.safeParse(order({ customer_name: long })).error, 'customer_name')).toEqual(
      expected,
    );
    expect(messagesAt(orderUpdateSchema.safeParse({ customer_name: long }).error, 'customer_name')).toEqual(expected);
    expect(
      messagesAt(draftDataSchema.safeParse(draft({ customer_name: long })).error, 'orders.0.form.customer_name'),
    ).toEqual(expected);
  });

  it('one message for a missing customer name on create and edit', () => {
    expect(messagesAt(createOrderInputSchema.safeParse(order({ customer_name: ' ' })).error, 'customer_name')).toEqual([
      M.customerNameRequired,
    ]);
    expect(messagesAt(orderUpdateSchema.safeParse({ customer_name: ' ' }).error, 'customer_name')).toEqual([
      M.customerNameRequired,
    ]);
  });
});

/** The contract's own sources: each text and id rule, and the label types, are written once. */
describe('one definition of each rule', () => {
  const here = import.meta.dirname;
  const sources = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => [f, readFileSync(join(here, f), 'utf8')] as const);
  const definedIn = (pattern: RegExp) => sources.filter(([, text]) => pattern.test(text)).map(([f]) => f);

  it('optionalText is defined once, in text.ts', () => {
    expect(definedIn(/const optionalText\s*=/)).toEqual(['text.ts']);
  });
  it('the label types are listed once, in orders.ts', () => {
    expect(definedIn(/'shipping',\s*'return',\s*'customs'/)).toEqual(['orders.ts']);
  });
  it('the storable-text check is defined once, in text.ts', () => {
    expect(definedIn(/\\uD800-\\uDBFF/)).toEqual(['text.ts']);
  });
});
