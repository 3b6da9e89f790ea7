import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import type { Order } from '@wms/contract/orders';
import { type ReactNode, useState } from 'react';
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
  /** create returns: a shipped order's row offers "Announce return". */
  canReturn?: boolean;
}

interface OrderRowActionsProps extends OrderActionHandlers {
  order: Order;
  rights: OrderActionRights;
}

interface OrderAction {
  key: string;
  title: string;
  /** Accessible name, naming the order. */
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick?: () => void;
  to?: string;
}

/**
 * Spec 2 §6: download labels (view orders, when it has labels), upload label (create orders), view, delete
 * (pending orders), edit (edit orders and can_be_edited). One list for the table's buttons and the cards' menu.
 */
function orderActions({ order, rights, onDownloadLabels, onUploadLabel, onDelete }: OrderRowActionsProps) {
  const name = order.order_number;
  const actions: (OrderAction | false)[] = [
    rights.canView &&
      order.has_labels && {
        key: 'download',
        title: 'Download labels',
        label: `Download labels of ${name}`,
        icon: <DownloadIcon fontSize="small" />,
        onClick: () => onDownloadLabels(order),
      },
    rights.canCreate &&
      order.lifecycle !== 'shipped' && {
        key: 'upload',
        title: 'Upload label',
        label: `Upload label for ${name}`,
        icon: <UploadFileIcon fontSize="small" />,
        onClick: () => onUploadLabel(order),
      },
    {
      key: 'view',
      title: 'View',
      label: `View ${name}`,
      icon: <VisibilityOutlinedIcon fontSize="small" />,
      to: `/orders/${order.id}`,
    },
    Boolean(rights.canReturn) &&
      order.shipped_items_count > 0 && {
        key: 'return',
        title: 'Announce return',
        label: `Announce a return of ${name}`,
        icon: <AssignmentReturnOutlinedIcon fontSize="small" />,
        to: `/orders/${order.id}/return`,
      },
    rights.canDelete &&
      order.can_be_deleted && {
        key: 'delete',
        title: 'Delete',
        label: `Delete ${name}`,
        icon: <DeleteOutlineIcon fontSize="small" />,
        danger: true,
        onClick: () => onDelete(order),
      },
    rights.canEdit &&
      order.can_be_edited && {
        key: 'edit',
        title: 'Edit',
        label: `Edit ${name}`,
        icon: <EditOutlinedIcon fontSize="small" />,
        to: `/orders/${order.id}/edit`,
      },
  ];
  return actions.filter((action): action is OrderAction => action !== false);
}

/** The table's row actions: one icon button each. */
export function OrderRowActions(props: OrderRowActionsProps) {
  return (
    <Stack direction="row" spacing={0} sx={{ justifyContent: 'flex-end' }}>
      {orderActions(props).map((action) => (
        <Tooltip key={action.key} title={action.title}>
          {action.to ? (
            <IconButton size="small" component={RouterLink} to={action.to} aria-label={action.label}>
              {action.icon}
            </IconButton>
          ) : (
            <IconButton
              size="small"
              color={action.danger ? 'error' : 'default'}
              onClick={action.onClick}
              aria-label={action.label}
            >
              {action.icon}
            </IconButton>
          )}
        </Tooltip>
      ))}
    </Stack>
  );
}

/** The phone card's row actions: one menu button, so the card stays three lines tall. */
export function OrderActionsMenu(props: OrderRowActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = orderActions(props);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${props.order.order_number}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ my: -0.5 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {actions.map((action) =>
          action.to ? (
            <MenuItem key={action.key} component={RouterLink} to={action.to} onClick={close} aria-label={action.label}>
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.title}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={action.key}
              onClick={() => {
                close();
                action.onClick?.();
              }}
              aria-label={action.label}
              sx={action.danger ? { color: 'error.main' } : undefined}
            >
              <ListItemIcon sx={action.danger ? { color: 'error.main' } : undefined}>{action.icon}</ListItemIcon>
              <ListItemText>{action.title}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
