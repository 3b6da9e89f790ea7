import AddIcon from '@mui/icons-material/Add';
import BarChartIcon from '@mui/icons-material/BarChart';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { Box, Button, Card, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { WAREHOUSE_MESSAGES } from '@wms/contract/warehouses';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { failureNotice, isPageWordedError } from '../../../lib/api/failure-notice';
import { ALL_SCOPE, useContextQuery } from '../../../lib/context/use-context-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteWarehouse, type WarehouseRow, warehousesListQuery } from '../api';
import { ManageUsersDialog } from '../components/ManageUsersDialog';
import { WarehouseFormDialog } from '../components/WarehouseFormDialog';
import { WarehouseStatisticsDialog } from '../components/WarehouseStatisticsDialog';

type OpenDialog =
  | { kind: 'form'; warehouse: WarehouseRow | null; key: number }
  | { kind: 'users'; warehouse: WarehouseRow }
  | { kind: 'statistics'; warehouse: WarehouseRow };

export function WarehousesPage() {
  const { user: me, selectedWarehouse } = useSession();
  const list = useListParams();
  const warehouses = useContextQuery(() => warehousesListQuery(list.query), ALL_SCOPE);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const confirm = useConfirmTarget<WarehouseRow>();

  useEffect(() => {
    if (warehouses.isError) notifyError('Failed to fetch warehouses');
  }, [warehouses.isError]);

  const remove = useDeleteWarehouse({
    onSuccess: (_answer, warehouseId) => {
      notifySuccess(WAREHOUSE_MESSAGES.deleted);
      if (selectedWarehouse?.id === warehouseId) sessionStore.selectWarehouse(null);
      confirm.close();
    },
    onError: (error) => {
      confirm.close();
      if (isPageWordedError(error)) notifyError(failureNotice(error, 'Failed to delete warehouse'));
    },
  });

  const canEdit = hasPermission(me, 'edit warehouses');
  const canDelete = hasPermission(me, 'delete warehouses');
  const countLabel = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;
  /** Up to two names, then how many more; just the count when names are not ours to see. */
  const usersLabel = (warehouse: WarehouseRow) => {
    if (!warehouse.users) return countLabel(warehouse.users_count);
    if (warehouse.users.length === 0) return 'No users';
    const shown = warehouse.users.slice(0, 2).map((u) => u.name);
    const more = warehouse.users.length - shown.length;
    return more > 0 ? `${shown.join(', ')} +${more} more` : shown.join(', ');
  };

  const columns: TableColumn<WarehouseRow>[] = [
    {
      id: 'name',
      header: 'Name',
      render: (warehouse) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {warehouse.name}
        </Typography>
      ),
    },
    { id: 'code', header: 'Code', render: (warehouse) => warehouse.code },
    { id: 'city', header: 'City', render: (warehouse) => warehouse.city ?? '—' },
    { id: 'state', header: 'State', render: (warehouse) => warehouse.state ?? '—' },
    {
      id: 'users',
      header: 'Assigned Users',
      render: (warehouse) =>
        canEdit ? (
          <Chip
            size="small"
            variant="outlined"
            label={usersLabel(warehouse)}
            onClick={() => setDialog({ kind: 'users', warehouse })}
          />
        ) : (
          usersLabel(warehouse)
        ),
    },
    {
      id: 'status',
      header: 'Status',
      render: (warehouse) => (
        <Chip
          size="small"
          label={warehouse.is_active ? 'Active' : 'Inactive'}
          color={warehouse.is_active ? 'success' : 'default'}
          variant={warehouse.is_active ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 270,
      render: (warehouse) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {hasPermission(me, 'view locations') && (
            <Tooltip title="Locations">
              <IconButton
                component={RouterLink}
                to={`/warehouses/${warehouse.id}/locations`}
                aria-label={`Locations of ${warehouse.name}`}
              >
                <PlaceOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {hasPermission(me, 'manage packing stations') && (
            <Tooltip title="Packing set-up">
              <IconButton
                component={RouterLink}
                to={`/warehouses/${warehouse.id}/packing`}
                aria-label={`Packing set-up of ${warehouse.name}`}
              >
                <Inventory2OutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Statistics">
            <IconButton
              onClick={() => setDialog({ kind: 'statistics', warehouse })}
              aria-label={`Statistics of ${warehouse.name}`}
            >
              <BarChartIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canEdit && (
            <Tooltip title="Manage Users">
              <IconButton
                onClick={() => setDialog({ kind: 'users', warehouse })}
                aria-label={`Manage users of ${warehouse.name}`}
              >
                <GroupAddIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title="Edit">
              <IconButton
                onClick={() => setDialog({ kind: 'form', warehouse, key: Date.now() })}
                aria-label={`Edit ${warehouse.name}`}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Delete">
              <IconButton color="error" onClick={() => confirm.ask(warehouse)} aria-label={`Delete ${warehouse.name}`}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  const column = (id: string) => columns.find((candidate) => candidate.id === id)?.render;
  // Phone cards: name and status, then code and place, then the assigned users with the buttons.
  const card: CardLayout<WarehouseRow> = {
    title: (warehouse) => warehouse.name,
    status: column('status'),
    subtitle: (warehouse) => joinParts(warehouse.code, warehouse.city, warehouse.state),
    meta: (warehouse) => usersLabel(warehouse),
    actions: column('actions'),
  };

  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Warehouses"
        scope="All warehouses"
        subtitle="Sites, their contacts and the people who work there"
        actions={
          hasPermission(me, 'create warehouses') && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'form', warehouse: null, key: Date.now() })}
            >
              Add Warehouse
            </Button>
          )
        }
      />
      <Card>
        <Box sx={{ p: 2 }}>
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search by name, code or city" />
        </Box>
        <PaginatedTable
          label="Warehouses"
          columns={columns}
          card={card}
          rows={warehouses.data?.data}
          getRowId={(warehouse) => warehouse.id}
          total={warehouses.data?.meta.total ?? 0}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={warehouses.isFetching}
          error={warehouses.isError ? 'Failed to fetch warehouses' : null}
          onRetry={() => void warehouses.refetch()}
          emptyIcon={<WarehouseIcon />}
          emptyTitle="No warehouses found"
          emptyHint="Try adjusting your search criteria"
        />
      </Card>
      {dialog?.kind === 'form' && (
        <WarehouseFormDialog key={dialog.key} open warehouse={dialog.warehouse} onClose={close} />
      )}
      {dialog?.kind === 'users' && <ManageUsersDialog open warehouse={dialog.warehouse} onClose={close} />}
      {dialog?.kind === 'statistics' && <WarehouseStatisticsDialog open warehouse={dialog.warehouse} onClose={close} />}
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Deletion"
        text={`Delete warehouse "${confirm.target?.name ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
      />
    </>
  );
}
