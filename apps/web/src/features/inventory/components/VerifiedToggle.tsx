import { FormControlLabel, Switch } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { verifyInventory } from '../api';
import { inventoryKeys } from '../query-keys';

/** Spec §4: admin and manager toggle the verified flag (Yes/No); the switch waits for the answer. */
export function VerifiedToggle({ inventory }: { inventory: Inventory }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: (verified: boolean) => verifyInventory(inventory.id, verified),
    onSuccess: async (answer) => {
      notifySuccess(INVENTORY_MESSAGES.verified);
      queryClient.setQueryData(inventoryKeys.detail(inventory.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
    onError: (error) => {
      const message = failureMessage(error, 'Error updating verified status');
      if (message) notifyError(message);
    },
  });
  const checked = verify.isPending ? Boolean(verify.variables) : inventory.verified;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          disabled={verify.isPending}
          onChange={(event) => verify.mutate(event.target.checked)}
        />
      }
      label={`Verified: ${checked ? 'Yes' : 'No'}`}
    />
  );
}
