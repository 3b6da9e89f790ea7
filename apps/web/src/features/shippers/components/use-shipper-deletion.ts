import { SHIPPER_MESSAGES, type Shipper } from '@wms/contract/shippers';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useDeleteShipper } from '../api';

/** Delete with confirmation, shared by the list and the detail page. */
export function useShipperDeletion(onDeleted?: () => void) {
  const confirm = useConfirmTarget<Shipper>();
  const remove = useDeleteShipper({
    onSuccess: () => {
      notifySuccess(SHIPPER_MESSAGES.deleted);
      confirm.close();
      onDeleted?.();
    },
    onError: () => confirm.close(),
  });
  return { confirm, remove };
}
