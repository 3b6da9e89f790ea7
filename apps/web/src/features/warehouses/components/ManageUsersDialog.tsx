import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { WAREHOUSE_MESSAGES } from '@wms/contract/warehouses';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { failureNotice, isPageWordedError } from '../../../lib/api/failure-notice';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import {
  assignableUsersQuery,
  useAssignWarehouseUsers,
  useRemoveWarehouseUser,
  type WarehouseRow,
  warehouseQuery,
} from '../api';

interface ManageUsersDialogProps {
  warehouse: WarehouseRow;
  open: boolean;
  onClose: () => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Spec 1 §2.9: who works in a warehouse. Assigning adds to the list; removing takes one user out. */
export function ManageUsersDialog({ warehouse, open, onClose }: ManageUsersDialogProps) {
  const detail = useQuery(warehouseQuery(warehouse.id));
  const users = useQuery(assignableUsersQuery());
  const [picked, setPicked] = useState<User[]>([]);
  const confirm = useConfirmTarget<{ id: number; name: string }>();

  useEffect(() => {
    if (users.isError) notifyError('Failed to fetch users');
  }, [users.isError]);

  const assignedIds = detail.data?.user_ids ?? [];
  const candidates = useMemo(
    () => (users.data ?? []).filter((user) => !assignedIds.includes(user.id)),
    [users.data, assignedIds],
  );
  const assign = useAssignWarehouseUsers({
    onSuccess: () => {
      notifySuccess(WAREHOUSE_MESSAGES.usersAssigned);
      setPicked([]);
    },
    onError: (error) => {
      if (isPageWordedError(error)) notifyError(failureNotice(error, 'Failed to assign users'));
    },
  });
  const remove = useRemoveWarehouseUser({
    onSuccess: () => {
      notifySuccess(WAREHOUSE_MESSAGES.userRemoved);
      confirm.close();
    },
    onError: (error) => {
      confirm.close();
      if (isPageWordedError(error)) notifyError(failureNotice(error, 'Failed to remove user'));
    },
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        Manage Users
        <Typography variant="body2" color="text.secondary">
          {warehouse.name} ({warehouse.code})
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Autocomplete
            multiple
            fullWidth
            size="small"
            options={candidates}
            value={picked}
            loading={users.isPending}
            disableCloseOnSelect
            onChange={(_event, next) => setPicked(next)}
            getOptionLabel={(user) => `${user.name} (${user.email})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={users.isError ? 'Failed to fetch users' : 'Everyone is already assigned'}
            renderValue={(items, getItemProps) =>
              items.map((user, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={user.name} {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} label="Add users" placeholder="Search users" />}
          />
          <Button
            variant="contained"
            disabled={picked.length === 0 || assign.isPending}
            onClick={() => assign.mutate({ id: warehouse.id, userIds: picked.map((user) => user.id) })}
            sx={{ whiteSpace: 'nowrap', minWidth: 96 }}
          >
            {assign.isPending ? 'Assigning…' : 'Assign'}
          </Button>
        </Stack>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Assigned users {detail.data && `(${detail.data.users.length})`}
        </Typography>
        {detail.isPending && (
          <Box>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Box>
        )}
        {detail.isError && <ErrorState message="Failed to fetch users" onRetry={() => void detail.refetch()} />}
        {detail.data && detail.data.users.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            No users are assigned to this warehouse yet.
          </Typography>
        )}
        {detail.data && detail.data.users.length > 0 && (
          <List dense aria-label="Assigned users" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {detail.data.users.map((user) => {
              const role = users.data?.find((candidate) => candidate.id === user.id)?.role;
              return (
                <ListItem
                  key={user.id}
                  divider
                  secondaryAction={
                    <Tooltip title="Remove from warehouse">
                      <IconButton edge="end" aria-label={`Remove ${user.name}`} onClick={() => confirm.ask(user)}>
                        <PersonRemoveIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemAvatar>
                    {/* MUI's default grey behind white initials is 1.7:1; the primary colour reads. */}
                    <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
                      {initials(user.name)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={user.name}
                    secondary={role ? `${user.email} · ${ROLE_LABELS[role]}` : user.email}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm.open}
        title="Remove User"
        text={`Remove ${confirm.target?.name ?? ''} from ${warehouse.name}?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate({ id: warehouse.id, userId: confirm.target.id })}
      />
    </Dialog>
  );
}
