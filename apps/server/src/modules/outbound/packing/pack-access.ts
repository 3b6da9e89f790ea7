import { PACKING_MESSAGES } from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import { fieldError, forbidden } from '../../../http/errors';
import { lockOrderRow, type OrderRow } from '../orders/orders-api';
import { inLiveWave, loadPackState, type PackState } from './pack-state';

/** Packing is warehouse work: staff only, whatever permissions a client role was given. */
export async function staffScope(auth: RequestAuth): Promise<Scope> {
  const scope = await auth.scope();
  if (scope.kind === 'accounts') throw forbidden();
  return scope;
}

export interface LockedPack {
  tx: Transaction;
  scope: Scope;
  order: OrderRow;
  state: PackState;
}

/**
 * Runs a packing write on an order: the order row locked within the caller's scope, 404 outside it (two stations
 * working on one order take turns, so counts never go past what was picked), its state read under the lock, and
 * refused unless it is open and — in a wave — picked.
 */
export async function withPackedOrder<T>(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  work: (pack: LockedPack) => Promise<T>,
  options: { allowShipped?: boolean } = {},
): Promise<T> {
  const scope = await staffScope(auth);
  return inTransaction(db, async (tx) => {
    // Locking reads the order within the scope: an order outside it answers 404 here.
    const { order } = await lockOrderRow(tx, scope, orderId);
    const state = await loadPackState(tx, orderId);
    if (!(options.allowShipped && order.lifecycle === 'shipped')) assertPackable(state);
    return work({ tx, scope, order, state });
  });
}

export function assertPackable(state: PackState): void {
  if (state.order.lifecycle !== 'open') throw fieldError('order', PACKING_MESSAGES.orderNotOpen(state.order.status));
  if (inLiveWave(state) && state.order.wave!.state === 'in_wave') {
    throw fieldError('order', PACKING_MESSAGES.notPickedYet(state.order.wave!.number));
  }
}
