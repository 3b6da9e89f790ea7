import { createOrderInputSchema, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { labelWithoutFile, newSection, type Section } from './sections';

/** Everything /orders/create edits: the draft's title and description, and the order sections. */
export interface OrderCreateValues {
  title: string;
  description: string;
  orders: Section[];
}

export const blankOrderCreate = (accountId: number | null): OrderCreateValues => ({
  title: '',
  description: '',
  orders: [newSection(accountId)],
});

/**
 * The screen's check before sending (zodResolver). Each order with products must pass the contract's
 * `createOrderInputSchema` — the server's own rule for POST /orders/bulk, so the messages and the fields they sit on
 * are the spec's (spec 2 §5, §8); an order without products is neither sent nor checked. The screen as a whole
 * needs products somewhere and a PDF on every label row: those two read as one message about the page (`orders`).
 */
export const orderCreateSchema = z.custom<OrderCreateValues>().superRefine((values, ctx) => {
  const page = values.orders.some((s) => s.products.length > 0) ? labelWithoutFile(values.orders) : M.productsRequired;
  if (page) ctx.addIssue({ code: 'custom', message: page, path: ['orders'] });
  values.orders.forEach((section, index) => {
    if (section.products.length === 0) return;
    const parsed = createOrderInputSchema.safeParse(section);
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['orders', index, ...issue.path] });
    }
  });
});

/** The page-level message (no products at all, a label row without its PDF), wherever the resolver put it. */
export const pageErrorOf = (errors: FieldErrors<OrderCreateValues>): string | undefined => {
  const orders = errors.orders as { root?: { message?: string }; message?: string } | undefined;
  return orders?.root?.message ?? orders?.message;
};

/** The first message of an error tree, in the form's order (for the toast that accompanies the field errors). */
export function firstErrorMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const message = (node as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = firstErrorMessage(child);
    if (found) return found;
  }
  return undefined;
}
