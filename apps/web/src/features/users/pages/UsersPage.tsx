import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PeopleIcon from '@mui/icons-material/People';
import { Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { isAdminRole, ROLE_LABELS } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { USER_MESSAGES } from '@wms/contract/users';
import { Link as RouterLink } from 'react-router';
import type { CardLayout } from '../../../components/CardList';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { PageHeader } from '../../../components/PageHeader';
import type { TableColumn } from '../../../components/PaginatedTable';
import { SearchableTableCard } from '../../../components/SearchableTableCard';
import { ALL_SCOPE, useContextQuery } from '../../../lib/context/use-context-query';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteUser, usersListQuery } from '../api';

const firstRole = (user: User) => user.roles[0]?.name ?? user.role;

export function UsersPage() {
  const { user: me } = useSession();
  const list = useListParams();
  const users = useContextQuery(() => usersListQuery(list.query), ALL_SCOPE);
  const confirm = useConfirmTarget<User>();
  const remove = useDeleteUser();
  const removeUser = (user: User) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notifySuccess(USER_MESSAGES.deleted);
        confirm.close();
      },
      onError: () => confirm.close(),
    });

  const canEdit = hasPermission(me, 'edit users');
  const canDelete = hasPermission(me, 'delete users');
  // Administrators are managed by a super-admin only (the server refuses others): no buttons that cannot work.
  const mayManage = (user: User) => userAllows(me, 'manageAdministrators') || !isAdminRole(firstRole(user));

  const columns: TableColumn<User>[] = [
    {
      id: 'name',
      header: 'Name',
      render: (user) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {user.name}
        </Typography>
      ),
    },
    { id: 'email', header: 'Email', render: (user) => user.email },
    {
      id: 'role',
      header: 'Role',
      render: (user) => <Chip size="small" variant="outlined" label={ROLE_LABELS[firstRole(user)]} />,
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 120,
      render: (user) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {canEdit && mayManage(user) && (
            <Tooltip title="Edit">
              <IconButton component={RouterLink} to={`/users/${user.id}/edit`} aria-label={`Edit ${user.name}`}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && user.id !== me?.id && mayManage(user) && (
            <Tooltip title="Delete">
              <IconButton color="error" onClick={() => confirm.ask(user)} aria-label={`Delete ${user.name}`}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    });
  }

  // Phone cards: name and role, then the email with the buttons.
  const card: CardLayout<User> = {
    title: (user) => user.name,
    status: (user) => <Chip size="small" variant="outlined" label={ROLE_LABELS[firstRole(user)]} />,
    meta: (user) => user.email,
    actions: columns.find((column) => column.id === 'actions')?.render,
  };

  return (
    <>
      <PageHeader
        title="Users"
        scope="All warehouses"
        subtitle="People who sign in to WMS, and what they may do"
        actions={
          hasPermission(me, 'create users') && (
            <Button component={RouterLink} to="/users/create" variant="contained" startIcon={<AddIcon />}>
              Add User
            </Button>
          )
        }
      />
      <SearchableTableCard
        list={list}
        searchPlaceholder="Search by name or email"
        label="Users"
        columns={columns}
        card={card}
        rows={users.data?.users}
        getRowId={(user) => user.id}
        total={users.data?.meta.total ?? 0}
        loading={users.isFetching}
        error={users.isError ? 'Failed to load users' : null}
        onRetry={() => void users.refetch()}
        emptyIcon={<PeopleIcon />}
        emptyTitle="No users found"
        emptyHint="Try adjusting your search criteria"
      />
      <ConfirmDeletionDialog
        open={confirm.open}
        name={confirm.target?.name}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && removeUser(confirm.target)}
      />
    </>
  );
}
