import { expect } from 'vitest';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import type { TestContext } from '../test-app';

/**
 * Rate cards: `manage billing` only (super-admin and admin); managers and clients get 403. Writes are
 * refused by validation after the permission check (unknown account, a date already in force), so the world stays
 * as it was for the next call.
 */
const rows = { card: 0 };

/** The default card's real id (it always exists). */
export async function seedRateCardMatrixRows(ctx: TestContext): Promise<void> {
  const res = await ctx.as('admin', { method: 'GET', url: '/api/rate-cards' });
  expect(res.statusCode, res.body).toBe(200);
  rows.card = res.json().rate_cards[0].id;
}

const billingStaff = ['superAdmin', 'admin'] as const;

export const rateCardsMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/rate-cards',
    request: () => ({ method: 'GET', url: '/api/rate-cards' }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'POST /api/rate-cards',
    request: () => ({ method: 'POST', url: '/api/rate-cards', payload: { account_id: 999_999 } }),
    expect: only(billingStaff, 422),
  },
  {
    route: 'GET /api/rate-cards/:id',
    request: () => ({ method: 'GET', url: `/api/rate-cards/${rows.card}` }),
    expect: only(billingStaff, 200),
  },
  {
    route: 'PUT /api/rate-cards/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/rate-cards/${rows.card}`,
      payload: { effective_from: '2020-01-01', rates: {} },
    }),
    expect: only(billingStaff, 422),
  },
];
