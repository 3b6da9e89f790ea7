import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, draftInputSchema, isBlankDraft } from './drafts';

const input = (orders: unknown[], extra = {}) => ({ account_id: 1, warehouse_id: 1, draft_data: { orders }, ...extra });
const issues = (value: unknown) => {
  const parsed = draftInputSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('draft input', () => {
  it('reads the camelCase section lists as the snake_case ones', () => {
    const parsed = draftInputSchema.parse(
      input([{ form: { account_id: 1 }, selectedProducts: [{ product_id: 3, quantity: 2 }], labelForms: [] }]),
    );
    expect(parsed.draft_data.orders[0]!.selected_products).toEqual([
      expect.objectContaining({ product_id: 3, quantity: 2 }),
    ]);
  });

  it('names unknown keys at every level instead of dropping them', () => {
    expect(issues(input([{ form: { account_id: 1, colour: 'red' }, extras: [] }], { title: 'x' }))).toEqual([
      ['draft_data.orders.0.form', DRAFT_MESSAGES.unknownFields(['colour'])],
      ['draft_data.orders.0', DRAFT_MESSAGES.unknownFields(['extras'])],
    ]);
  });

  it('refuses a blank draft; the account alone is not content, a title or one product is', () => {
    expect(issues(input([{ form: { account_id: 1 } }]))).toEqual([['draft_data', DRAFT_MESSAGES.nothingToSave]]);
    expect(issues(input([{ form: { account_id: 1 } }], { title: 'Monday' }))).toEqual([]);
    const data = { orders: [{ form: { account_id: 1 }, selected_products: [{ product_id: 1, quantity: 1 }] }] };
    expect(isBlankDraft(draftInputSchema.parse({ account_id: 1, warehouse_id: 1, draft_data: data }))).toBe(false);
  });
});
