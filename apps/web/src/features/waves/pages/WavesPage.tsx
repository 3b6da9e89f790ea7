import AddIcon from '@mui/icons-material/Add';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, Button, Card, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  PICKING_MODES,
  type PickingMode,
  WAVE_STATUS_LABELS,
  WAVE_STATUSES,
  type Wave,
  type WaveStatus,
} from '@wms/contract/waves';
import { Link as RouterLink } from 'react-router';
import type { CardLayout } from '../../../components/CardList';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import { type WaveListParams, wavesListQuery } from '../api';
import { WaveProgress } from '../components/WaveProgress';
import { WaveStatusChip } from '../components/WaveStatusChip';
import { distanceLabel } from '../wave-format';

const STATUS_OPTIONS = WAVE_STATUSES.map((s) => [s, WAVE_STATUS_LABELS[s]] as const);
const MODE_OPTIONS = PICKING_MODES.map((m) => [m, m[0]!.toUpperCase() + m.slice(1)] as const);
const modeLabel = (mode: PickingMode) => mode[0]!.toUpperCase() + mode.slice(1);

const waveLink = (wave: Wave) => (
  <Link component={RouterLink} to={`/waves/${wave.id}`} sx={{ fontWeight: 600 }}>
    {wave.number}
  </Link>
);

/** The waves of the header's warehouse, newest first: status, mode, picker, progress. */
export function WavesPage() {
  const { user } = useSession();
  const context = useWorkingContext();
  const list = useListParams();
  const { params, update } = useUrlParams();
  const status = params.get('status') ?? '';
  const mode = params.get('mode') ?? '';
  const warehouseId = context.warehouse?.id ?? 0;
  const query: WaveListParams = {
    page: list.page,
    per_page: list.perPage,
    ...(status && { status: status as WaveStatus }),
    ...(mode && { mode: mode as PickingMode }),
  };
  const waves = useQuery({ ...wavesListQuery(warehouseId, query), enabled: context.ready && warehouseId > 0 });

  const columns: TableColumn<Wave>[] = [
    { id: 'number', header: 'Wave', render: waveLink },
    { id: 'status', header: 'Status', render: (w) => <WaveStatusChip status={w.status} /> },
    { id: 'mode', header: 'Mode', render: (w) => modeLabel(w.mode) },
    { id: 'priority', header: 'Priority', render: (w) => (w.priority === 'urgent' ? 'Urgent' : 'Normal') },
    { id: 'assignee', header: 'Picker', render: (w) => w.assignee?.name ?? '—' },
    { id: 'orders', header: 'Orders', align: 'right', render: (w) => w.order_count },
    { id: 'units', header: 'Units', align: 'right', render: (w) => `${w.units_picked} / ${w.unit_count}` },
    {
      id: 'progress',
      header: 'Progress',
      render: (w) => <WaveProgress done={w.tasks_done} total={w.tasks_total} label={w.number} />,
    },
    { id: 'distance', header: 'Walk', align: 'right', render: (w) => distanceLabel(w.estimated_distance_m) },
    { id: 'created', header: 'Released', render: (w) => new Date(w.created_at).toLocaleString() },
  ];
  const card: CardLayout<Wave> = {
    title: waveLink,
    status: (w) => <WaveStatusChip status={w.status} />,
    subtitle: (w) => `${modeLabel(w.mode)} · ${w.assignee?.name ?? 'nobody picking'}`,
    meta: (w) => `${w.order_count} orders · ${w.tasks_done} / ${w.tasks_total} tasks`,
  };

  return (
    <Box>
      <PageHeader
        title="Waves"
        subtitle={context.warehouse?.name}
        actions={
          hasPermission(user, 'release waves') && (
            <Button component={RouterLink} to="/waves/release" variant="contained" startIcon={<AddIcon />}>
              Release waves
            </Button>
          )
        }
      />
      <Card>
        <Stack direction="row" spacing={2} sx={{ p: 2, flexWrap: 'wrap' }} useFlexGap>
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(next) => update({ status: next })}
          />
          <FilterSelect
            label="Mode"
            allLabel="All modes"
            value={mode}
            options={MODE_OPTIONS}
            onChange={(next) => update({ mode: next })}
          />
        </Stack>
        <PaginatedTable
          label="Waves"
          columns={columns}
          card={card}
          rows={waves.data?.data}
          getRowId={(w) => w.id}
          total={waves.data?.meta.total ?? 0}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={waves.isFetching}
          error={waves.isError ? 'Failed to load waves' : null}
          onRetry={() => void waves.refetch()}
          emptyIcon={<ViewListIcon />}
          emptyTitle="No waves yet"
          emptyHint="Released waves appear here"
        />
      </Card>
    </Box>
  );
}
