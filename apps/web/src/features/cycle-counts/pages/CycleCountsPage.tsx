import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Button, Card, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  CYCLE_COUNT_STATE_LABELS,
  CYCLE_COUNT_STATES,
  type CycleCountState,
  type CycleCountSummary,
} from '@wms/contract/cycle-counts';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CardLayout } from '../../../components/CardList';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import { type CycleCountListParams, cycleCountsListQuery } from '../api';
import { CountStateChip } from '../components/CountStateChip';

// The create dialog (two searchable pickers: MUI's Autocomplete and its popper) loads when it opens: on a handheld
// the list's first paint no longer waits for code it does not show (bench/floor-lcp.ts).
const CreateCountDialog = lazy(() =>
  import('../components/CreateCountDialog').then((module) => ({ default: module.CreateCountDialog })),
);

const STATE_OPTIONS = CYCLE_COUNT_STATES.map((s) => [s, CYCLE_COUNT_STATE_LABELS[s]] as const);
const date = (iso: string) => new Date(iso).toLocaleDateString();

const countLink = (c: CycleCountSummary) => (
  <Link component={RouterLink} to={`/cycle-counts/${c.id}`} sx={{ fontWeight: 600 }}>
    Count #{c.id}
  </Link>
);

/** The cycle counts of the header's warehouse, newest first, with the create dialog. */
export function CycleCountsPage() {
  const { user: me } = useSession();
  const context = useWorkingContext();
  const list = useListParams();
  const { params, update } = useUrlParams();
  const state = params.get('state') ?? '';
  const warehouseId = context.warehouse?.id;
  const query: CycleCountListParams = {
    ...list.query,
    ...(state && { state: state as CycleCountState }),
    ...(warehouseId && { warehouse_id: warehouseId }),
  };
  const counts = useQuery({ ...cycleCountsListQuery(query), enabled: context.ready });
  const [creating, setCreating] = useState(false);
  const canCreate = hasPermission(me, 'create cycle counts');

  const columns: TableColumn<CycleCountSummary>[] = [
    { id: 'count', header: 'Count', render: countLink },
    { id: 'scope', header: 'What', render: (c) => c.scope_label },
    { id: 'state', header: 'State', render: (c) => <CountStateChip state={c.state} /> },
    { id: 'locations', header: 'Locations', align: 'right', render: (c) => c.locations_count },
    { id: 'counted', header: 'Lines counted', align: 'right', render: (c) => `${c.lines_counted} / ${c.lines_count}` },
    {
      id: 'created',
      header: 'Created',
      render: (c) => `${date(c.created_at)}${c.created_by ? ` by ${c.created_by}` : ''}`,
    },
  ];
  const card: CardLayout<CycleCountSummary> = {
    title: countLink,
    status: (c) => <CountStateChip state={c.state} />,
    subtitle: (c) => c.scope_label,
    meta: (c) => `${c.lines_counted} / ${c.lines_count} lines counted · ${date(c.created_at)}`,
  };

  return (
    <Box>
      <PageHeader
        title="Cycle Counts"
        subtitle={context.warehouse ? context.warehouse.name : undefined}
        actions={
          canCreate &&
          context.warehouse && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New count
            </Button>
          )
        }
      />
      <Card>
        <Stack direction="row" spacing={2} sx={{ p: 2, flexWrap: 'wrap' }} useFlexGap>
          <FilterSelect
            label="State"
            allLabel="All states"
            value={state}
            options={STATE_OPTIONS}
            onChange={(next) => update({ state: next })}
            minWidth={160}
          />
        </Stack>
        <PaginatedTable
          label="Cycle counts"
          columns={columns}
          card={card}
          rows={counts.data?.data}
          getRowId={(c) => c.id}
          total={counts.data?.meta.total ?? 0}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={counts.isFetching}
          error={counts.isError ? 'Failed to load cycle counts' : null}
          onRetry={() => void counts.refetch()}
          emptyIcon={<ChecklistIcon />}
          emptyTitle="No cycle counts yet"
          emptyHint={canCreate ? 'Create a count of a zone or a range of locations' : undefined}
        />
      </Card>
      {creating && context.warehouse && (
        <Suspense fallback={null}>
          <CreateCountDialog warehouse={context.warehouse} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
