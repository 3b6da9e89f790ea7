import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isPageWordedError } from '../../lib/api/failure-notice';
import { notifyError } from '../../lib/notify';
import { orderQuery } from './api';
import { positiveId } from './positive-id';

/** Spec 2 §8: an order that cannot be loaded says 'Failed to load order' and returns to the list. */
export function useOrderOrLeave(rawId: string | undefined) {
  const id = positiveId(rawId ?? null);
  const navigate = useNavigate();
  const order = useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
  const failed = id === null || (order.isError && isPageWordedError(order.error));
  useEffect(() => {
    if (!failed) return;
    notifyError(ORDER_MESSAGES.loadOneFailed);
    navigate('/orders', { replace: true });
  }, [failed, navigate]);
  return order;
}
