import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { STATUS_MESSAGES, type Status } from '@wms/contract/statuses';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignStatusModules } from '../api';
import { ModuleCheckboxes } from './ModuleCheckboxes';

interface AssignModulesDialogProps {
  status: Status | null;
  modules: Record<string, string>;
  onClose: () => void;
}

/** POST /statuses/{id}/assign-modules: which modules offer the status. */
export function AssignModulesDialog({ status, modules, onClose }: AssignModulesDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (status) setChosen(status.assigned_modules);
  }, [status]);
  const assign = useAssignStatusModules({
    onSuccess: () => {
      notifySuccess(STATUS_MESSAGES.assigned);
      onClose();
    },
    onError: (error) => {
      const message = failureMessage(error, STATUS_MESSAGES.assignFailed);
      if (message) notifyError(message);
    },
  });
  return (
    <Dialog open={status !== null} onClose={assign.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Assign Modules{status ? `: ${status.name}` : ''}</DialogTitle>
      <DialogContent>
        <ModuleCheckboxes
          modules={modules}
          value={chosen}
          onChange={setChosen}
          locked={status?.system_key ? ['orders'] : []}
          label="Offer this status in"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => assign.mutate({ id: status?.id ?? 0, modules: chosen })}
          disabled={assign.isPending}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
