import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHIPPER_MESSAGES, type Shipper } from '@wms/contract/shippers';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { deleteShipper } from '../api';
import { shipperKeys } from '../query-keys';

/** Delete with confirmation, shared by the list and the detail page. */
export function useDeleteShipper(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  const confirm = useConfirmTarget<Shipper>();
  const remove = useMutation({
    mutationFn: (shipper: Shipper) => deleteShipper(shipper.id),
    onSuccess: async () => {
      notifySuccess(SHIPPER_MESSAGES.deleted);
      confirm.close();
      await queryClient.invalidateQueries({ queryKey: shipperKeys.lists() });
      onDeleted?.();
    },
    onError: () => confirm.close(),
  });
  return { confirm, remove };
}
