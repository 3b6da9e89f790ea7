import { FormControlLabel, Switch } from '@mui/material';
import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useVerifyInventory } from '../api';

/** Spec §4: admin and manager toggle the verified flag (Yes/No); the switch waits for the answer. */
export function VerifiedToggle({ inventory }: { inventory: Inventory }) {
  const verify = useVerifyInventory();
  const setVerified = (verified: boolean) =>
    verify.mutate(
      { id: inventory.id, verified },
      {
        onSuccess: () => notifySuccess(INVENTORY_MESSAGES.verified),
        onError: (error) => {
          const message = failureMessage(error, 'Error updating verified status');
          if (message) notifyError(message);
        },
      },
    );
  const checked = verify.isPending ? Boolean(verify.variables?.verified) : inventory.verified;
  return (
    <FormControlLabel
      control={
        <Switch checked={checked} disabled={verify.isPending} onChange={(event) => setVerified(event.target.checked)} />
      }
      label={`Verified: ${checked ? 'Yes' : 'No'}`}
    />
  );
}
