import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/Business';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import type { Account } from '@wms/contract/entities';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import type { TableColumn } from '../../../components/PaginatedTable';
import { SearchableTableCard } from '../../../components/SearchableTableCard';
import { StatusChip, statusLabel } from '../../../components/StatusChip';
import { ALL_SCOPE, useContextQuery } from '../../../lib/context/use-context-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useListParams } from '../../../lib/use-list-params';
import { accountsListQuery, isStatusAnswerError, useDeleteAccount, useUpdateAccountStatus } from '../api';
import { AccountStatusSelect } from '../components/AccountStatusSelect';
import { DeleteAccountDialog } from '../components/DeleteAccountDialog';

export function AccountsPage() {
  const { user: me, selectedAccount } = useSession();
  const list = useListParams();
  const accounts = useContextQuery(() => accountsListQuery(list.query), ALL_SCOPE);
  const confirm = useConfirmTarget<Account>();
  const status = useUpdateAccountStatus({
    onSuccess: (answer) => {
      notifySuccess(ACCOUNT_MESSAGES.statusUpdated);
      // The stored selection carries the status: keep it in step.
      if (selectedAccount?.id === answer.data.id) sessionStore.selectAccount(answer.data);
    },
    onError: (error) => {
      if (isStatusAnswerError(error)) notifyError(error.serverMessage ?? ACCOUNT_MESSAGES.statusUpdateFailed);
    },
  });

  const remove = useDeleteAccount({
    onSuccess: (_answer, accountId) => {
      notifySuccess(ACCOUNT_MESSAGES.deleted);
      if (selectedAccount?.id === accountId) sessionStore.selectAccount(null);
      confirm.close();
    },
    onError: () => confirm.close(),
  });

  const isClient = userAllows(me, 'workInSelectedAccount');
  const canChangeStatus = userAllows(me, 'manageAccountFields') && hasPermission(me, 'edit accounts');
  const canEdit = hasPermission(me, 'edit accounts');
  const canDelete = hasPermission(me, 'delete accounts');

  const columns: TableColumn<Account>[] = [
    {
      id: 'name',
      header: 'Account Name',
      render: (account) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {account.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {statusLabel(account.account_type)}
            {account.warehouses.length > 0 && ` · ${account.warehouses.map((w) => w.code).join(', ')}`}
          </Typography>
        </Box>
      ),
    },
    { id: 'owner', header: 'Owner', render: (account) => account.user_name },
    {
      id: 'status',
      header: 'Status',
      width: 170,
      render: (account) =>
        canChangeStatus ? (
          <AccountStatusSelect
            account={account}
            saving={status.isPending && status.variables?.id === account.id}
            onChange={(next) => status.mutate({ id: account.id, status: next })}
          />
        ) : (
          <StatusChip status={account.status} />
        ),
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 120,
      render: (account) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {canEdit && (
            <Tooltip title="Edit">
              <IconButton
                component={RouterLink}
                to={`/accounts/${account.id}/edit`}
                aria-label={`Edit ${account.name}`}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Delete">
              <IconButton color="error" onClick={() => confirm.ask(account)} aria-label={`Delete ${account.name}`}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    });
  }

  // Phone cards: name and status, then owner and type, then the warehouses with the buttons.
  const card: CardLayout<Account> = {
    title: (account) => account.name,
    status: (account) => columns.find((column) => column.id === 'status')?.render(account),
    subtitle: (account) => joinParts(account.user_name, statusLabel(account.account_type)),
    meta: (account) => account.warehouses.map((w) => w.code).join(', ') || 'No warehouses',
    actions: columns.find((column) => column.id === 'actions')?.render,
  };

  return (
    <>
      <PageHeader
        title="Accounts"
        scope="All warehouses"
        subtitle={isClient ? 'Your business accounts' : 'Client accounts and their warehouses'}
        actions={
          hasPermission(me, 'create accounts') && (
            <Button component={RouterLink} to="/accounts/create" variant="contained" startIcon={<AddIcon />}>
              Add Account
            </Button>
          )
        }
      />
      <SearchableTableCard
        list={list}
        searchPlaceholder="Search by account name or owner"
        label="Accounts"
        columns={columns}
        card={card}
        rows={accounts.data?.data}
        getRowId={(account) => account.id}
        total={accounts.data?.meta.total ?? 0}
        loading={accounts.isFetching}
        error={accounts.isError ? 'Error loading accounts' : null}
        onRetry={() => void accounts.refetch()}
        emptyIcon={<BusinessIcon />}
        emptyTitle="No accounts found"
        emptyHint="Try adjusting your search criteria"
      />
      <DeleteAccountDialog
        open={confirm.open}
        account={confirm.target}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
      />
    </>
  );
}
