import { ORDER_MESSAGES } from '@wms/contract/orders';
import { conflict } from '../../../http/errors';
import { StockError } from '../../floor/stock/stock-api';

/** Stock operations raise domain errors; an order answers them as 409 with a message a user can act on. */
export async function withStockErrorsAsConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StockError)) throw error;
    if (error.code === 'already_applied') throw conflict(ORDER_MESSAGES.shippedIsFinal);
    if (error.code === 'inventory_missing') throw conflict(ORDER_MESSAGES.productNotStocked);
    throw conflict(ORDER_MESSAGES.notEnoughStockToShip);
  }
}
