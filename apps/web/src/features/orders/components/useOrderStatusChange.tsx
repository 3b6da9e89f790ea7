import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES, type OrderStatusOption } from '@wms/contract/orders';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { changeOrderStatus } from '../api';
import { orderFailure } from '../orderFailure';
import { orderKeys } from '../query-keys';

interface Pending {
  orderId: number;
  orderNumber: string;
  option: OrderStatusOption;
}

/**
 * Spec 2 §4: any status may be set from the selector; marking shipped first asks for confirmation (it cannot be
 * undone and deducts inventory). The selectors are controlled by the order's status, so a cancelled confirmation
 * or a refused change leaves the old value showing.
 */
export function useOrderStatusChange() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const mutation = useMutation({
    mutationFn: ({ orderId, option }: Pending) => changeOrderStatus(orderId, option.value),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || ORDER_MESSAGES.statusUpdated);
      setConfirming(null);
      queryClient.setQueryData(orderKeys.detail(answer.data.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => {
      setConfirming(null);
      const message = orderFailure(error, ORDER_MESSAGES.statusUpdateFailed);
      if (message) notifyError(message);
    },
  });

  const request = (orderId: number, orderNumber: string, option: OrderStatusOption) => {
    const pending = { orderId, orderNumber, option };
    if (option.lifecycle === 'shipped') setConfirming(pending);
    else mutation.mutate(pending);
  };

  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title="Mark order as shipped?"
      text={`Marking order ${confirming?.orderNumber ?? ''} as "${confirming?.option.name ?? ''}" cannot be undone and will deduct its items from inventory.`}
      confirmLabel="Mark as Shipped"
      busy={mutation.isPending}
      onConfirm={() => confirming && mutation.mutate(confirming)}
      onCancel={() => setConfirming(null)}
    />
  );

  const pendingOrderId = mutation.isPending ? mutation.variables?.orderId : undefined;
  return { request, dialog, pendingOrderId };
}
