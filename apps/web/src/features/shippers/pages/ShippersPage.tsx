import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { Shipper } from '@wms/contract/shippers';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { PageHeader } from '../../../components/PageHeader';
import type { TableColumn } from '../../../components/PaginatedTable';
import { SearchableTableCard } from '../../../components/SearchableTableCard';
import { ALL_SCOPE, useContextQuery } from '../../../lib/context/use-context-query';
import { useSession } from '../../../lib/session/use-session';
import { useListParams } from '../../../lib/use-list-params';
import { shippersListQuery } from '../api';
import { ShipperStatusChip } from '../components/ShipperStatusChip';
import { useShipperDeletion } from '../components/use-shipper-deletion';
import { canManageShippers } from '../shipper-permissions';

export function ShippersPage() {
  const { user: me } = useSession();
  const list = useListParams();
  const shippers = useContextQuery(() => shippersListQuery(list.query), ALL_SCOPE);
  const { confirm, remove } = useShipperDeletion();
  // The shippers permissions (see canManageShippers); View Details is for everyone.
  const canEdit = canManageShippers(me, 'edit');
  const canDelete = canManageShippers(me, 'delete');

  const columns: TableColumn<Shipper>[] = [
    {
      id: 'name',
      header: 'Name',
      render: (shipper) => (
        <Link component={RouterLink} to={`/shippers/${shipper.id}`} underline="hover" sx={{ fontWeight: 500 }}>
          {shipper.name}
        </Link>
      ),
    },
    { id: 'code', header: 'Code', render: (shipper) => shipper.code },
    {
      id: 'description',
      header: 'Description',
      render: (shipper) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={shipper.description ?? undefined}
          sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {shipper.description || '—'}
        </Typography>
      ),
    },
    {
      id: 'website',
      header: 'Website',
      render: (shipper) =>
        shipper.website ? (
          <Link href={shipper.website} target="_blank" rel="noopener noreferrer" underline="hover">
            {shipper.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'status', header: 'Status', render: (shipper) => <ShipperStatusChip active={shipper.is_active} /> },
    {
      id: 'tracking',
      header: 'Tracking',
      align: 'center',
      render: (shipper) =>
        shipper.tracking_url ? (
          <Tooltip title={shipper.tracking_url}>
            <CheckCircleIcon color="success" fontSize="small" aria-label="Tracking URL set" />
          </Tooltip>
        ) : (
          <Typography variant="body2" color="text.disabled" aria-label="No tracking URL">
            —
          </Typography>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 150,
      render: (shipper) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title="View Details">
            <IconButton component={RouterLink} to={`/shippers/${shipper.id}`} aria-label={`View ${shipper.name}`}>
              <VisibilityOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canEdit && (
            <Tooltip title="Edit">
              <IconButton
                component={RouterLink}
                to={`/shippers/${shipper.id}/edit`}
                aria-label={`Edit ${shipper.name}`}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Delete">
              <IconButton color="error" onClick={() => confirm.ask(shipper)} aria-label={`Delete ${shipper.name}`}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  // Phone cards: name and status, then code and website, then the description with the buttons.
  const card: CardLayout<Shipper> = {
    title: (shipper) => columns[0]?.render(shipper),
    status: (shipper) => <ShipperStatusChip active={shipper.is_active} />,
    subtitle: (shipper) =>
      joinParts(
        shipper.code,
        shipper.website?.replace(/^https?:\/\//, '').replace(/\/$/, ''),
        shipper.tracking_url && 'Tracking link',
      ),
    meta: (shipper) => shipper.description || '—',
    actions: columns.find((column) => column.id === 'actions')?.render,
  };

  return (
    <>
      <PageHeader
        title="Shippers"
        scope="All warehouses"
        subtitle="Carriers, their websites and parcel tracking links"
        actions={
          canManageShippers(me, 'create') && (
            <Button component={RouterLink} to="/shippers/create" variant="contained" startIcon={<AddIcon />}>
              Add Shipper
            </Button>
          )
        }
      />
      <SearchableTableCard
        list={list}
        searchPlaceholder="Search by name, code or description"
        label="Shippers"
        columns={columns}
        card={card}
        rows={shippers.data?.shippers}
        getRowId={(shipper) => shipper.id}
        total={shippers.data?.meta.total ?? 0}
        loading={shippers.isFetching}
        error={shippers.isError ? 'Failed to load shippers' : null}
        onRetry={() => void shippers.refetch()}
        emptyIcon={<LocalShippingIcon />}
        emptyTitle="No shippers found"
        emptyHint="Try adjusting your search criteria"
      />
      <ConfirmDeletionDialog
        open={confirm.open}
        name={confirm.target?.name}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
      />
    </>
  );
}
