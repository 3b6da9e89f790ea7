import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import GridOnIcon from '@mui/icons-material/GridOn';
import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ToggleOffOutlinedIcon from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlinedIcon from '@mui/icons-material/ToggleOnOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  LOCATION_MESSAGES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  type Location,
  type LocationType,
} from '@wms/contract/locations';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { ExportMenu } from '../../../components/ExportMenu';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type RowId, type TableColumn } from '../../../components/PaginatedTable';
import { LocationPickFacesDialog } from '../../../components/pick-faces/LocationPickFacesDialog';
import { SearchField } from '../../../components/SearchField';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import {
  type LocationListParams,
  locationsListQuery,
  locationWarehouseQuery,
  useDeleteLocation,
  useUpdateLocation,
} from '../api';
import { GenerateLocationsDialog } from '../components/GenerateLocationsDialog';
import { ImportLocationsDialog } from '../components/ImportLocationsDialog';
import { LocationCountsDialog } from '../components/LocationCountsDialog';
import { LocationFormDialog } from '../components/LocationFormDialog';
import { LocationTypeChip } from '../components/LocationTypeChip';
import { PrintLabelsDialog } from '../components/PrintLabelsDialog';

type OpenDialog =
  | { kind: 'form'; location: Location | null }
  | { kind: 'generate' }
  | { kind: 'import' }
  | { kind: 'labels' }
  | { kind: 'counts'; location: Location }
  | { kind: 'pick-faces'; location: Location }
  | null;

const TYPE_OPTIONS = LOCATION_TYPES.map((t) => [t, LOCATION_TYPE_LABELS[t]] as const);
const ACTIVE_OPTIONS = [
  ['true', 'Active'],
  ['false', 'Inactive'],
] as const;
const OCCUPANCY_OPTIONS = [
  ['empty', 'Empty'],
  ['occupied', 'Occupied'],
] as const;

const inputOf = (location: Location, isActive: boolean) => ({
  code: location.code,
  zone: location.zone,
  aisle: location.aisle,
  rack: location.rack,
  level: location.level,
  bin: location.bin,
  type: location.type,
  walk_sequence: location.walk_sequence,
  max_units: location.max_units,
  is_active: isActive,
  notes: location.notes,
});

/** The bin locations of one warehouse, in walk order, with generate, import/export and labels. */
export function LocationsPage() {
  const warehouseId = Number(useParams().id);
  const { user: me } = useSession();
  const list = useListParams();
  const { params, update } = useUrlParams();
  const filters = {
    zone: params.get('zone') ?? '',
    type: params.get('type') ?? '',
    is_active: params.get('is_active') ?? '',
    occupancy: params.get('occupancy') ?? '',
  };
  const query: LocationListParams = {
    ...list.query,
    ...(filters.zone && { zone: filters.zone }),
    ...(filters.type && { type: filters.type as LocationType }),
    ...(filters.is_active && { is_active: filters.is_active as 'true' | 'false' }),
    ...(filters.occupancy && { occupancy: filters.occupancy as 'empty' | 'occupied' }),
  };
  const warehouse = useQuery(locationWarehouseQuery(warehouseId));
  const locations = useQuery(locationsListQuery(warehouseId, query));
  const zones = locations.data?.zones ?? [];
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [selected, setSelected] = useState<RowId[]>([]);
  const confirm = useConfirmTarget<Location>();
  const canCreate = hasPermission(me, 'create locations');
  const canEdit = hasPermission(me, 'edit locations');
  const canDelete = hasPermission(me, 'delete locations');
  const canSeeCounts = hasPermission(me, 'view cycle counts');
  const canSeeFaces = hasPermission(me, 'view replenishment');

  const remove = useDeleteLocation({
    onSuccess: () => {
      notifySuccess(LOCATION_MESSAGES.deleted);
      confirm.close();
    },
    onError: () => confirm.close(),
  });
  const toggle = useUpdateLocation({ onSuccess: () => notifySuccess(LOCATION_MESSAGES.updated) });

  const columns: TableColumn<Location>[] = [
    {
      id: 'code',
      header: 'Code',
      render: (l) => <Box sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{l.code}</Box>,
    },
    { id: 'zone', header: 'Zone', render: (l) => l.zone },
    { id: 'type', header: 'Type', render: (l) => <LocationTypeChip type={l.type} /> },
    { id: 'walk', header: 'Walk', align: 'right', render: (l) => l.walk_sequence ?? '—' },
    { id: 'units', header: 'Units', align: 'right', render: (l) => l.units_held.toLocaleString() },
    { id: 'products', header: 'Products', align: 'right', render: (l) => l.products_held.toLocaleString() },
    { id: 'max', header: 'Max Units', align: 'right', render: (l) => l.max_units ?? '—' },
    {
      id: 'status',
      header: 'Status',
      render: (l) => (
        <Chip size="small" color={l.is_active ? 'success' : 'default'} label={l.is_active ? 'Active' : 'Inactive'} />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 220,
      render: (l) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {canSeeFaces && l.type === 'pick' && (
            <Tooltip title="Stock and pick faces">
              <IconButton
                aria-label={`Stock and pick faces of ${l.code}`}
                onClick={() => setDialog({ kind: 'pick-faces', location: l })}
              >
                <KeyboardDoubleArrowDownIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canSeeCounts && (
            <Tooltip title="Count history">
              <IconButton
                aria-label={`Count history of ${l.code}`}
                onClick={() => setDialog({ kind: 'counts', location: l })}
              >
                <FactCheckOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit ${l.code}`} onClick={() => setDialog({ kind: 'form', location: l })}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={l.is_active ? 'Deactivate' : 'Activate'}>
              <IconButton
                aria-label={`${l.is_active ? 'Deactivate' : 'Activate'} ${l.code}`}
                onClick={() => toggle.mutate({ id: l.id, input: inputOf(l, !l.is_active) })}
                disabled={toggle.isPending}
              >
                {l.is_active ? <ToggleOffOutlinedIcon fontSize="small" /> : <ToggleOnOutlinedIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={l.units_held > 0 ? LOCATION_MESSAGES.notEmpty : 'Delete'}>
              <span>
                <IconButton
                  color="error"
                  aria-label={`Delete ${l.code}`}
                  onClick={() => confirm.ask(l)}
                  disabled={l.units_held > 0}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  // Phone cards: code and status; zone, type and walk order; what it holds, with the buttons.
  const card: CardLayout<Location> = {
    title: (l) => columns[0]?.render(l),
    status: (l) => columns.find((c) => c.id === 'status')?.render(l),
    subtitle: (l) => joinParts(`Zone ${l.zone}`, LOCATION_TYPE_LABELS[l.type], l.max_units && `max ${l.max_units}`),
    meta: (l) => joinParts(`${l.units_held} units`, `${l.products_held} products`),
    actions: columns.find((c) => c.id === 'actions')?.render,
  };

  const name = warehouse.data ? `${warehouse.data.name} (${warehouse.data.code})` : undefined;
  return (
    <>
      <PageHeader
        title="Locations"
        scope={name}
        subtitle="Bins and places of the warehouse, in the order a picker walks them"
        actions={
          <>
            <Button component={RouterLink} to="/warehouses" startIcon={<ArrowBackIcon />} color="inherit">
              Warehouses
            </Button>
            <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => setDialog({ kind: 'labels' })}>
              Print Labels
            </Button>
            <ExportMenu path={`/warehouses/${warehouseId}/locations/export`} bypassDefault fileBase="locations" />
            {canCreate && (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'import' })}>
                Import
              </Button>
            )}
            {canCreate && (
              <Button variant="outlined" startIcon={<GridOnIcon />} onClick={() => setDialog({ kind: 'generate' })}>
                Generate
              </Button>
            )}
            {canCreate && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'form', location: null })}
              >
                Add Location
              </Button>
            )}
          </>
        }
      />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search by code" />
          <FilterSelect
            label="Zone"
            allLabel="All zones"
            value={filters.zone}
            options={zones.map((z) => [z, z] as const)}
            onChange={(zone) => update({ zone })}
            minWidth={120}
          />
          <FilterSelect
            label="Type"
            allLabel="All types"
            value={filters.type}
            options={TYPE_OPTIONS}
            onChange={(type) => update({ type })}
            minWidth={140}
          />
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={filters.is_active}
            options={ACTIVE_OPTIONS}
            onChange={(is_active) => update({ is_active })}
            minWidth={140}
          />
          <FilterSelect
            label="Stock"
            allLabel="Empty or occupied"
            value={filters.occupancy}
            options={OCCUPANCY_OPTIONS}
            onChange={(occupancy) => update({ occupancy })}
            minWidth={170}
          />
        </Stack>
        <PaginatedTable
          label="Locations"
          columns={columns}
          card={card}
          rows={locations.data?.data}
          getRowId={(l) => l.id}
          total={locations.data?.meta.total ?? 0}
          totalIsCapped={locations.data?.meta.total_is_capped}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={locations.isFetching}
          error={locations.isError ? 'Failed to load locations' : null}
          onRetry={() => void locations.refetch()}
          selection={{ selected, onChange: setSelected }}
          emptyIcon={<PlaceOutlinedIcon />}
          emptyTitle="No locations found"
          emptyHint={canCreate ? 'Generate a layout, import a spreadsheet or add a location' : undefined}
        />
      </Card>
      {dialog?.kind === 'form' && (
        <LocationFormDialog
          key={dialog.location?.id ?? 'new'}
          warehouseId={warehouseId}
          location={dialog.location}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'generate' && (
        <GenerateLocationsDialog warehouseId={warehouseId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && <ImportLocationsDialog warehouseId={warehouseId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'pick-faces' && (
        <LocationPickFacesDialog
          location={dialog.location}
          warehouseId={warehouseId}
          canManage={hasPermission(me, 'manage replenishment')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'counts' && <LocationCountsDialog location={dialog.location} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'labels' && (
        <PrintLabelsDialog
          warehouseId={warehouseId}
          zones={zones}
          selected={selected.map(Number)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDeletionDialog
        open={confirm.open}
        name={confirm.target ? `location ${confirm.target.code}` : undefined}
        busy={remove.isPending}
        onCancel={confirm.close}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
      />
    </>
  );
}
