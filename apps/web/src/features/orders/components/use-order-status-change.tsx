import { ORDER_MESSAGES, type Order, type OrderStatusOption } from '@wms/contract/orders';
import { statusLabel } from '@wms/contract/status-labels';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeOrderStatus } from '../api';
import { orderFailure } from '../order-failure';
import { shipRefusal } from '../ship-refusal';
import { type ShipRefusal, ShipRefusalDialog } from './ShipRefusalDialog';

interface Pending {
  orderId: number;
  orderNumber: string;
  option: OrderStatusOption;
}

type StatusTarget = Pick<Order, 'id' | 'order_number' | 'lifecycle' | 'items_count' | 'verified_items_count'>;

/**
 * Spec 2 §4: any status may be set from the selector; marking shipped first asks for confirmation (it cannot be
 * undone and deducts inventory) — unless the order cannot ship (unverified units, cancelled): then the reason shows
 * instead of the question. The selectors are controlled by the order's status, so a cancelled
 * confirmation or a refused change leaves the old value showing. `linkToOrder`: the refusal links to the order.
 */
export function useOrderStatusChange({ linkToOrder = true }: { linkToOrder?: boolean } = {}) {
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<ShipRefusal | null>(null);
  const mutation = useChangeOrderStatus();
  const change = ({ orderId, option }: Pending) =>
    mutation.mutate(
      { orderId, status: option.value },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message || ORDER_MESSAGES.statusUpdated);
          setConfirming(null);
        },
        onError: (error) => {
          setConfirming(null);
          const message = orderFailure(error, ORDER_MESSAGES.statusUpdateFailed);
          if (message) notifyError(message);
        },
      },
    );

  const request = (order: StatusTarget, option: OrderStatusOption) => {
    const reason = shipRefusal(order, option);
    if (reason) {
      setRefusal({ orderId: order.id, reason, verified: order.verified_items_count, units: order.items_count });
      return;
    }
    const pending = { orderId: order.id, orderNumber: order.order_number, option };
    if (option.lifecycle === 'shipped') setConfirming(pending);
    else change(pending);
  };

  const dialog = (
    <>
      <ShipRefusalDialog refusal={refusal} linkToOrder={linkToOrder} onClose={() => setRefusal(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title="Mark order as shipped?"
        text={`Marking order ${confirming?.orderNumber ?? ''} as "${statusLabel(confirming?.option.name ?? '')}" cannot be undone and will deduct its items from inventory.`}
        confirmLabel="Mark as Shipped"
        busy={mutation.isPending}
        onConfirm={() => confirming && change(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );

  const pendingOrderId = mutation.isPending ? mutation.variables?.orderId : undefined;
  return { request, dialog, pendingOrderId };
}
