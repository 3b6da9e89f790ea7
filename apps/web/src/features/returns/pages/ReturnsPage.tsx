import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Box, Button, Card, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus, type ReturnSummary } from '@wms/contract/returns';
import { Link as RouterLink } from 'react-router';
import type { CardLayout } from '../../../components/CardList';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useListParams, useUrlParams } from '../../../lib/use-list-params';
import { type ReturnListParams, returnsListQuery, warehouseAccountsQuery } from '../api';
import { ReturnStatCards } from '../components/ReturnStatCards';
import { ReturnStatusChip } from '../components/ReturnStatusChip';

const STATUS_OPTIONS = RETURN_STATUSES.map((s) => [s, RETURN_STATUS_LABELS[s]] as const);
const date = (iso: string) => new Date(iso).toLocaleDateString();

const rmaLink = (r: ReturnSummary) => (
  <Link component={RouterLink} to={`/returns/${r.id}`} sx={{ fontWeight: 600 }}>
    {r.rma_number}
  </Link>
);
const orderText = (r: ReturnSummary) => r.order?.order_number ?? 'Unidentified';
const unitsText = (r: ReturnSummary) => `${r.units_received} / ${r.units_announced}`;

/**
 * /returns: stat cards per status, filters (status; account for staff; the header's warehouse), search by RMA,
 * order or tracking number, and the server's pages.
 */
export function ReturnsPage() {
  const { user } = useSession();
  const context = useWorkingContext();
  const list = useListParams();
  const { params, update } = useUrlParams();
  const status = params.get('status') ?? '';
  const accountId = params.get('account_id') ?? '';
  const isStaff = !context.isClient;
  const warehouseId = context.warehouse?.id ?? 0;
  const accounts = useQuery({ ...warehouseAccountsQuery(warehouseId), enabled: isStaff && warehouseId > 0 });
  const query: ReturnListParams = {
    ...list.query,
    ...(status && { status: status as ReturnStatus }),
    ...(accountId && { account_id: Number(accountId) }),
  };
  const returns = useQuery({ ...returnsListQuery(query), enabled: context.ready });

  const columns: TableColumn<ReturnSummary>[] = [
    { id: 'rma', header: 'RMA', render: rmaLink },
    { id: 'order', header: 'Order', render: orderText },
    { id: 'account', header: 'Account', render: (r) => r.account.name },
    { id: 'status', header: 'Status', render: (r) => <ReturnStatusChip status={r.status} /> },
    { id: 'tracking', header: 'Tracking', render: (r) => r.tracking_number ?? '—' },
    { id: 'units', header: 'Received / announced', align: 'right', render: unitsText },
    { id: 'created', header: 'Announced', render: (r) => date(r.created_at) },
  ];
  const card: CardLayout<ReturnSummary> = {
    title: rmaLink,
    status: (r) => <ReturnStatusChip status={r.status} />,
    subtitle: (r) => `${orderText(r)} · ${r.account.name}`,
    meta: (r) => `${unitsText(r)} units · ${date(r.created_at)}${r.tracking_number ? ` · ${r.tracking_number}` : ''}`,
  };

  return (
    <Box>
      <PageHeader
        title="Returns"
        subtitle={context.warehouse?.name}
        actions={
          hasPermission(user, 'receive returns') && (
            <Button variant="contained" startIcon={<QrCodeScannerIcon />} component={RouterLink} to="/returns/receive">
              Receive
            </Button>
          )
        }
      />
      <ReturnStatCards stats={returns.data?.stats} selected={status} onSelect={(next) => update({ status: next })} />
      <Card>
        <Stack direction="row" spacing={2} sx={{ p: 2, flexWrap: 'wrap' }} useFlexGap>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <SearchField
              value={list.search}
              onChange={list.setSearch}
              placeholder="RMA, order or tracking number"
              label="Search returns"
            />
          </Box>
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(next) => update({ status: next })}
            minWidth={160}
          />
          {isStaff && (
            <FilterSelect
              label="Account"
              allLabel="All accounts"
              value={accountId}
              options={(accounts.data ?? []).map((a) => [String(a.id), a.name] as const)}
              onChange={(next) => update({ account_id: next })}
              minWidth={180}
            />
          )}
        </Stack>
        <PaginatedTable
          label="Returns"
          columns={columns}
          card={card}
          rows={returns.data?.data}
          getRowId={(r) => r.id}
          total={returns.data?.meta.total ?? 0}
          page={list.page}
          perPage={list.perPage}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          loading={returns.isFetching}
          error={returns.isError ? 'Failed to load returns' : null}
          onRetry={() => void returns.refetch()}
          emptyIcon={<AssignmentReturnOutlinedIcon />}
          emptyTitle="No returns"
          emptyHint="Returns are announced from a shipped order's page"
        />
      </Card>
    </Box>
  );
}
