import { Switch } from '@mui/material';
import { STATUS_MESSAGES, type Status } from '@wms/contract/statuses';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useToggleStatusActive } from '../api';

interface ActiveSwitchProps {
  status: Status;
  canEdit: boolean;
}

/** Spec 2 §4: the active flag toggles from the list; the switch is disabled while the request runs. */
export function ActiveSwitch({ status, canEdit }: ActiveSwitchProps) {
  const toggle = useToggleStatusActive({
    onSuccess: (answer) => {
      notifySuccess(answer.status.is_active ? STATUS_MESSAGES.activated : STATUS_MESSAGES.deactivated);
    },
    onError: (error) => {
      const message = failureMessage(error, STATUS_MESSAGES.updateFailed);
      if (message) notifyError(message);
    },
  });
  return (
    <Switch
      checked={status.is_active}
      disabled={!canEdit || toggle.isPending}
      onChange={() => toggle.mutate(status.id)}
      slotProps={{ input: { 'aria-label': `Active: ${status.name}` } }}
    />
  );
}
