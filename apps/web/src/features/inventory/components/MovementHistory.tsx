import HistoryIcon from '@mui/icons-material/History';
import { Chip, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Movement, MovementType } from '@wms/contract/inventory';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { formatDateTime } from '../../../lib/format';
import { MOVEMENTS_PAGE_SIZE, movementsQueryOptions } from '../api';
import { movementOrderPath, movementReason } from '../movement-reason';

const TYPE_LABELS: Record<MovementType, string> = {
  initial: 'Initial stock',
  adjustment: 'Adjustment',
  edit: 'Edit',
  reserve: 'Reservation',
  release: 'Release',
  ship: 'Shipment',
  receipt: 'Receipt',
  closing: 'Closing',
  move: 'Move',
  count: 'Cycle count',
  return: 'Return',
  kit_consume: 'Kit work order: consumed',
  kit_build: 'Kit work order: built',
};

/** The location a row's units went to or came from, with the units it gained or lost. */
const placeText = (m: Movement) => (m.location ? `${m.location.code} ${signed(m.location_delta)}` : null);

const Delta = ({ value }: { value: number }) => (
  <Typography
    variant="body2"
    sx={{
      fontVariantNumeric: 'tabular-nums',
      fontWeight: value === 0 ? 400 : 600,
      color: value > 0 ? 'success.dark' : value < 0 ? 'error.dark' : 'text.secondary',
    }}
  >
    {value > 0 ? `+${value}` : value === 0 ? '—' : value}
  </Typography>
);

const COLUMNS: TableColumn<Movement>[] = [
  {
    id: 'when',
    header: 'Date',
    render: (m) => (
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(m.created_at)}
      </Typography>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    render: (m) => <Chip size="small" variant="outlined" label={TYPE_LABELS[m.type] ?? m.type} />,
  },
  {
    id: 'location',
    header: 'Location',
    render: (m) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {placeText(m) ?? '—'}
      </Typography>
    ),
  },
  { id: 'on_hand', header: 'On Hand Δ', align: 'right', render: (m) => <Delta value={m.on_hand_delta} /> },
  { id: 'reserved', header: 'Reserved Δ', align: 'right', render: (m) => <Delta value={m.reserved_delta} /> },
  {
    id: 'after',
    header: 'After (On Hand / Reserved)',
    align: 'right',
    render: (m) => `${m.on_hand_after} / ${m.reserved_after}`,
  },
  {
    id: 'reason',
    header: 'Reason',
    render: (m) => <Reason movement={m} />,
  },
  { id: 'user', header: 'By', render: (m) => m.user?.name ?? 'System' },
];

/** The reason, or the order it refers to as a link to that order. */
function Reason({ movement }: { movement: Movement }) {
  const text = movementReason(movement);
  const orderPath = movementOrderPath(movement);
  if (text === null) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        No reason given
      </Typography>
    );
  }
  return orderPath && !movement.reason?.trim() ? (
    <Link component={RouterLink} to={orderPath} underline="hover">
      {text}
    </Link>
  ) : (
    text
  );
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** Phone cards: when and what kind, then the change and the quantities after it, then why and who. */
const CARD: CardLayout<Movement> = {
  title: (m) => formatDateTime(m.created_at),
  status: (m) => <Chip size="small" variant="outlined" label={TYPE_LABELS[m.type] ?? m.type} />,
  subtitle: (m) =>
    joinParts(
      m.on_hand_delta !== 0 && `On hand ${signed(m.on_hand_delta)}`,
      m.reserved_delta !== 0 && `Reserved ${signed(m.reserved_delta)}`,
      placeText(m),
      `after ${m.on_hand_after} / ${m.reserved_after}`,
    ),
  meta: (m) => (
    <>
      <Reason movement={m} /> · {m.user?.name ?? 'System'}
    </>
  ),
};

/** DESIGN §6: the ledger of this row, newest first (the server orders it). */
export function MovementHistory({ inventoryId }: { inventoryId: number }) {
  const [page, setPage] = useState(1);
  const movements = useQuery(movementsQueryOptions(inventoryId, page));
  return (
    <PaginatedTable
      label="Movement history"
      columns={COLUMNS}
      card={CARD}
      rows={movements.data?.data}
      getRowId={(m) => m.id}
      total={movements.data?.meta.total ?? 0}
      page={page}
      perPage={MOVEMENTS_PAGE_SIZE}
      rowsPerPageOptions={[MOVEMENTS_PAGE_SIZE]}
      onPageChange={setPage}
      onPerPageChange={() => undefined}
      loading={movements.isFetching}
      error={movements.isError ? 'Failed to load movement history' : null}
      onRetry={() => void movements.refetch()}
      emptyIcon={<HistoryIcon />}
      emptyTitle="No movements recorded"
    />
  );
}
