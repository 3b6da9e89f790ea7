import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { Status } from '@wms/contract/statuses';
import { Link as RouterLink } from 'react-router';

interface StatusRowActionsProps {
  status: Status;
  canEdit: boolean;
  canDelete: boolean;
  onAssign: (status: Status) => void;
  onDelete: (status: Status) => void;
}

export function StatusRowActions({ status, canEdit, canDelete, onAssign, onDelete }: StatusRowActionsProps) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
      {canEdit && (
        <Tooltip title="Edit">
          <IconButton component={RouterLink} to={`/statuses/${status.id}/edit`} aria-label={`Edit ${status.name}`}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip title="Assign modules">
          <IconButton onClick={() => onAssign(status)} aria-label={`Assign modules to ${status.name}`}>
            <ViewModuleOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && status.system_key === null && (
        <Tooltip title="Delete">
          <IconButton color="error" onClick={() => onDelete(status)} aria-label={`Delete ${status.name}`}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
