import { ORDER_MESSAGES, type Order, type ShipmentLabel } from '@wms/contract/orders';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { fetchOrderLabels, useDeleteOrder } from '../api';
import { orderFailure } from '../order-failure';
import { LabelDownloadDialog } from './LabelDownloadDialog';
import type { OrderActionHandlers, OrderActionRights } from './OrderRowActions';
import { UploadLabelDialog } from './UploadLabelDialog';

/** The row actions' dialogs and handlers (labels, upload, delete with confirmation), shared by both lists. */
export function useOrderRowActions(): {
  handlers: OrderActionHandlers;
  rights: OrderActionRights;
  dialogs: ReactElement;
} {
  const { user } = useSession();
  const [uploading, setUploading] = useState<Order | null>(null);
  const [labels, setLabels] = useState<{ order: Order; labels: ShipmentLabel[] } | null>(null);
  const confirm = useConfirmTarget<Order>();

  const remove = useDeleteOrder();
  const removeOrder = (order: Order) =>
    remove.mutate(order.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || ORDER_MESSAGES.deleted);
        confirm.close();
      },
      onError: (error) => {
        confirm.close();
        const message = orderFailure(error, ORDER_MESSAGES.deleteFailed);
        if (message) notifyError(message);
      },
    });

  const onDownloadLabels = async (order: Order) => {
    try {
      const list = await fetchOrderLabels(order.id);
      if (list.length === 0) notifyInfo(ORDER_MESSAGES.noLabels);
      else setLabels({ order, labels: list });
    } catch (error) {
      const message = orderFailure(error, ORDER_MESSAGES.labelsFetchFailed);
      if (message) notifyError(message);
    }
  };

  const rights: OrderActionRights = {
    canView: hasPermission(user, 'view orders'),
    canCreate: hasPermission(user, 'create orders'),
    canEdit: hasPermission(user, 'edit orders'),
    canDelete: hasPermission(user, 'delete orders'),
    canReturn: hasPermission(user, 'create returns'),
  };

  const dialogs = (
    <>
      <UploadLabelDialog order={uploading} onClose={() => setUploading(null)} />
      <LabelDownloadDialog
        orderNumber={labels?.order.order_number ?? ''}
        labels={labels?.labels ?? null}
        onClose={() => setLabels(null)}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Delete"
        text={`Are you sure you want to delete order ${confirm.target?.order_number ?? ''}? Its reserved stock is released.`}
        busy={remove.isPending}
        onConfirm={() => confirm.target && removeOrder(confirm.target)}
        onCancel={confirm.close}
      />
    </>
  );

  return {
    handlers: {
      onDownloadLabels: (order) => void onDownloadLabels(order),
      onUploadLabel: setUploading,
      onDelete: confirm.ask,
    },
    rights,
    dialogs,
  };
}
