import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STATUS_MESSAGES, type Status } from '@wms/contract/statuses';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { assignStatusModules } from '../api';
import { statusKeys } from '../query-keys';
import { ModuleCheckboxes } from './ModuleCheckboxes';

interface AssignModulesDialogProps {
  status: Status | null;
  modules: Record<string, string>;
  onClose: () => void;
}

/** POST /statuses/{id}/assign-modules: which modules offer the status. */
export function AssignModulesDialog({ status, modules, onClose }: AssignModulesDialogProps) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (status) setChosen(status.assigned_modules);
  }, [status]);
  const assign = useMutation({
    mutationFn: () => assignStatusModules(status?.id ?? 0, chosen),
    onSuccess: async () => {
      notifySuccess(STATUS_MESSAGES.assigned);
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
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
        <Button variant="contained" onClick={() => assign.mutate()} disabled={assign.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
