import AddIcon from '@mui/icons-material/Add';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, IconButton, Link, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import {
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_LABELS,
  SHIPMENTS_PAGE_SIZE,
  SHIPMENTS_SEARCH_DEBOUNCE_MS,
  type Shipment,
} from '@wms/contract/shipments';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { Token } from '../../../components/Token';
import { failureMessage } from '../../../lib/api/failure-message';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import { parseStatusFilter, type StatusFilter, shipmentListQueryOptions, shipmentStatisticsQueryOptions } from '../api';
import { ShipmentStatCards } from '../components/ShipmentStatCards';
import { ShipmentStatusChip } from '../components/ShipmentStatusChip';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(['pending', 'verified', 'rejected'] as const).map((value) => ({ value, label: SHIPMENT_STATUS_LABELS[value] })),
];

const positivePage = (raw: string | null) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 1;
};

/**
 * "+2 products" after the first product of a multi-line shipment: the first product alone read as
 * a one-product shipment.
 */
function moreProducts(s: Shipment): string | null {
  const others = new Set(s.lines.map((line) => line.product.id)).size - 1;
  return others > 0 ? `+${others} product${others === 1 ? '' : 's'}` : null;
}

/** What a verified shipment received, else what was announced: the figure that matters at its status. */
const unitsShown = (s: Shipment) =>
  s.status === 'verified' && s.quantity_received !== null
    ? { units: s.quantity_received, word: 'received' }
    : { units: s.quantity, word: 'announced' };

const COLUMNS: TableColumn<Shipment>[] = [
  {
    id: 'product',
    header: 'Product',
    render: (s) => (
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={`/shipments/${s.id}`} sx={{ fontWeight: 600 }}>
          {s.product.name}
        </Link>
        {moreProducts(s) && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {' '}
            {moreProducts(s)}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          <Token>{s.product.sku}</Token> · #{s.id}
        </Typography>
      </Box>
    ),
  },
  {
    id: 'quantity',
    header: 'Quantity',
    align: 'right',
    render: (s) => {
      const { units, word } = unitsShown(s);
      return (
        <Box>
          <Typography variant="body2">{units.toLocaleString()}</Typography>
          <Typography variant="caption" color="text.secondary">
            {word}
            {word === 'received' && units !== s.quantity ? ` of ${s.quantity.toLocaleString()}` : ''}
          </Typography>
        </Box>
      );
    },
  },
  { id: 'status', header: 'Status', render: (s) => <ShipmentStatusChip status={s.status} /> },
  {
    id: 'carrier',
    header: 'Carrier / Tracking',
    render: (s) => (
      <Box>
        <Typography variant="body2">{s.carrier ?? '—'}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {s.tracking_number ?? ''}
        </Typography>
      </Box>
    ),
  },
  { id: 'delivery', header: 'Delivery Date', render: (s) => formatDate(s.delivery_date) },
  { id: 'account', header: 'Account', render: (s) => s.account.name },
  { id: 'warehouse', header: 'Warehouse', render: (s) => s.warehouse.code },
  {
    id: 'created',
    header: 'Created',
    render: (s) => `${formatDateTime(s.created_at)}${s.user ? ` · ${s.user.name}` : ''}`,
  },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    render: (s) => (
      <Tooltip title="View">
        <IconButton component={RouterLink} to={`/shipments/${s.id}`} aria-label={`View shipment ${s.id}`} size="small">
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  },
];

/** Phone cards: product (+N products) and status, then the units (received once verified), account and carrier, then the delivery date and the button. */
const CARD: CardLayout<Shipment> = {
  title: (s) => (
    <Link component={RouterLink} to={`/shipments/${s.id}`} underline="hover">
      {s.product.name}
      {moreProducts(s) && ` ${moreProducts(s)}`}
    </Link>
  ),
  status: (s) => <ShipmentStatusChip status={s.status} />,
  subtitle: (s) =>
    joinParts(
      `${unitsShown(s).units.toLocaleString()} units ${unitsShown(s).word}`,
      s.product.sku,
      s.account.name,
      s.warehouse.code,
    ),
  meta: (s) => joinParts(`#${s.id}`, s.delivery_date && `Delivery ${formatDate(s.delivery_date)}`, s.carrier),
  actions: (s) => COLUMNS.find((column) => column.id === 'actions')?.render(s),
};

/** Spec 2 §2 Shipments: statistics, status filter and search (in the URL), refresh, 25 per page. */
export function ShipmentListPage() {
  const { user } = useSession();
  const { params, update } = useUrlParams();
  const status = parseStatusFilter(params.get('status'));
  const search = params.get('search') ?? '';
  const page = positivePage(params.get('page'));

  const list = useContextQuery((context) => shipmentListQueryOptions({ context, status, page, search }));
  const statistics = useContextQuery((context) => shipmentStatisticsQueryOptions(context));
  useFailureNotice(list.error, SHIPMENT_MESSAGES.loadFailed);
  const refresh = () => {
    void list.refetch();
    void statistics.refetch();
  };

  return (
    <>
      <PageHeader
        title="Incoming Shipments"
        subtitle="Stock announced by clients, verified into inventory by the warehouse"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} disabled={list.isFetching}>
              Refresh
            </Button>
            {hasPermission(user, 'create shipments') && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/shipments/create">
                New Shipment
              </Button>
            )}
          </>
        }
      />
      <ShipmentStatCards statistics={statistics.data} loading={statistics.isPending} />
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
          <TextField
            select
            id="status-filter"
            label="Status"
            size="small"
            value={status}
            onChange={(event) => update({ status: event.target.value === 'all' ? null : event.target.value })}
            sx={{ minWidth: 160 }}
          >
            {STATUS_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1, maxWidth: 480 }}>
            <SearchField
              value={search}
              onChange={(next) => update({ search: next.trim() })}
              placeholder="Search tracking, carrier, product or account"
              label="Search shipments"
              debounceMs={SHIPMENTS_SEARCH_DEBOUNCE_MS}
            />
          </Box>
        </Stack>
        <PaginatedTable
          label="Shipments"
          columns={COLUMNS}
          card={CARD}
          rows={list.data?.data}
          getRowId={(s) => s.id}
          total={list.data?.meta.total ?? 0}
          totalIsCapped={list.data?.meta.total_is_capped}
          page={page}
          perPage={SHIPMENTS_PAGE_SIZE}
          rowsPerPageOptions={[SHIPMENTS_PAGE_SIZE]}
          onPageChange={(next) => update({ page: next > 1 ? next : null }, true)}
          onPerPageChange={() => undefined}
          loading={list.isFetching}
          error={
            list.isError
              ? (failureMessage(list.error, SHIPMENT_MESSAGES.loadFailed) ?? SHIPMENT_MESSAGES.loadFailed)
              : null
          }
          onRetry={refresh}
          emptyIcon={<LocalShippingOutlinedIcon />}
          emptyTitle={search || status !== 'all' ? 'No shipments match' : 'No shipments yet'}
          emptyHint={search || status !== 'all' ? 'Try another status or search.' : 'Announced shipments appear here.'}
        />
      </Card>
    </>
  );
}
