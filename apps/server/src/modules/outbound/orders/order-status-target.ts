import type { User } from '@wms/contract/entities';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { audiencesFor } from './order-status-options-repository';
import { findOrderModuleStatus, type StatusRow } from './orders-repository';

/**
 * The status an order may be set to: one of the orders module's active statuses (by id or by name,
 * case-insensitive), offered to the caller's audience (a client cannot set a manager status by calling the API).
 */
export async function resolveTargetStatus(db: Executor, user: User, value: string | number): Promise<StatusRow> {
  const status = await findOrderModuleStatus(db, value);
  if (!status) throw fieldError('status', ORDER_MESSAGES.statusUnknown);
  const audiences = audiencesFor(user);
  if (audiences && !audiences.includes(status.audience)) throw fieldError('status', ORDER_MESSAGES.statusNotForYou);
  return status;
}
