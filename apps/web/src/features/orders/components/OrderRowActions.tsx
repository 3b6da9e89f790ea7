import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { Order } from '@wms/contract/orders';
import { Link as RouterLink } from 'react-router';

export interface OrderActionHandlers {
  onDownloadLabels: (order: Order) => void;
  onUploadLabel: (order: Order) => void;
  onDelete: (order: Order) => void;
}

export interface OrderActionRights {
  canView: boolean;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

interface OrderRowActionsProps extends OrderActionHandlers {
  order: Order;
  rights: OrderActionRights;
}

/**
 * Spec 2 §6: download labels (view orders, when it has labels), upload label (create orders), view, delete
 * (pending orders), edit (edit orders and can_be_edited).
 */
export function OrderRowActions({ order, rights, onDownloadLabels, onUploadLabel, onDelete }: OrderRowActionsProps) {
  const name = order.order_number;
  return (
    <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
      {rights.canView && order.has_labels && (
        <Tooltip title="Download labels">
          <IconButton onClick={() => onDownloadLabels(order)} aria-label={`Download labels of ${name}`}>
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rights.canCreate && order.lifecycle !== 'shipped' && (
        <Tooltip title="Upload label">
          <IconButton onClick={() => onUploadLabel(order)} aria-label={`Upload label for ${name}`}>
            <UploadFileIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="View">
        <IconButton component={RouterLink} to={`/orders/${order.id}`} aria-label={`View ${name}`}>
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {rights.canDelete && order.can_be_deleted && (
        <Tooltip title="Delete">
          <IconButton color="error" onClick={() => onDelete(order)} aria-label={`Delete ${name}`}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rights.canEdit && order.can_be_edited && (
        <Tooltip title="Edit">
          <IconButton component={RouterLink} to={`/orders/${order.id}/edit`} aria-label={`Edit ${name}`}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
