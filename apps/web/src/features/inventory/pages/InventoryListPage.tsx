import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import TuneIcon from '@mui/icons-material/Tune';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPIRING_SOON_DAYS,
  INVENTORY_MESSAGES,
  INVENTORY_PAGE_SIZE,
  type Inventory,
  type InventorySummary,
} from '@wms/contract/inventory';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { ExportMenu } from '../../../components/ExportMenu';
import { FilterSelect } from '../../../components/FilterSelect';
import { KindBadge } from '../../../components/KindBadge';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { failureMessage } from '../../../lib/api/failure-message';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { cursorPagingFromParams, hasNextByCursor, pageMove } from '../../../lib/cursor-paging';
import { formatListTotal } from '../../../lib/list-total';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import {
  EXPIRING_WITHIN_CHOICES,
  type InventoryListParams,
  inventoryListQueryOptions,
  inventorySummaryQueryOptions,
  pagesByCursor,
  parseExpiringDays,
  parseStockFilter,
  type StockFilter,
  useDeleteInventory,
} from '../api';
import { AdjustQuantityDialog } from '../components/AdjustQuantityDialog';
import { BundleAvailability } from '../components/BundleAvailability';
import { localToday } from '../components/LotsTable';
import { StockCards, StockCardsSkeleton } from '../components/StockCards';
import { StockStatusChip } from '../components/StockStatusChip';
import { VerifiedChip } from '../components/VerifiedChip';
import { type ExpiringRow, expiringCard, expiringColumns, toExpiringRows } from '../expiring-rows';
import { BUNDLES_NOTE, canBuildText } from '../kit-buildable';

/** The expiry select's entries: the usual windows, plus a window a link carried (the dashboard's, say). */
const expiringChoices = (current: number | null): [string, string][] =>
  [...new Set([...EXPIRING_WITHIN_CHOICES, ...(current === null ? [] : [current])])]
    .sort((a, b) => a - b)
    .map((days) => [String(days), `${days} days`]);

/** `?warehouse=all`: a staff member's explicit 'All Warehouses' card (the page then says so). */
const ALL_WAREHOUSES_PARAM = 'all';

const positiveId = (raw: string | null): number | null => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
};

const Quantity = ({ value, strong = false }: { value: number; strong?: boolean }) => (
  <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
    {value.toLocaleString()}
  </Typography>
);

export function InventoryListPage() {
  const { user } = useSession();
  const context = useWorkingContext();
  const isClient = context.isClient;
  const queryClient = useQueryClient();
  const { params, update } = useUrlParams();
  const filter = parseStockFilter(params.get('filter'));
  const expiringWithinDays = parseExpiringDays(params.get('expiring'));
  const search = params.get('search') ?? '';
  const page = positiveId(params.get('page')) ?? 1;
  // Beyond the count cap ("10,000+") next/previous follow the answer's cursors, as on the orders list;
  // the two stock filters page by number only.
  const paging = cursorPagingFromParams(params, page, false);
  // docs/platform.md "Working context": the header's warehouse, unless a staff member chose 'All Warehouses' on the cards.
  const allWarehouses = !isClient && params.get('warehouse') === ALL_WAREHOUSES_PARAM;
  const warehouseId = allWarehouses ? null : context.warehouseId;
  const accountId = isClient ? context.accountId : warehouseId === null ? null : positiveId(params.get('account'));
  const listParams: InventoryListParams = {
    filter,
    page,
    search,
    scope: { warehouseId, accountId },
    isClient,
    expiringWithinDays,
    ...(paging.cursor ? { cursor: paging.cursor } : {}),
  };

  const summary = useContextQuery((ctx) => inventorySummaryQueryOptions(ctx));
  const inventories = useContextQuery(() => inventoryListQueryOptions(listParams));
  const meta = inventories.data?.meta;
  const cursorMeta = meta && 'next_cursor' in meta && pagesByCursor(filter) ? meta : undefined;
  const selectable = useQuery({ ...selectableWarehousesQuery(), enabled: !isClient });
  const chooseWarehouse = (id: number | null) => {
    if (id === null) return update({ warehouse: ALL_WAREHOUSES_PARAM, account: null });
    const warehouse = selectable.data?.find((candidate) => candidate.id === id);
    update({ warehouse: null, account: null });
    // A warehouse card is the header's choice: one working context, not a second one on this page.
    if (warehouse) context.selectWarehouse(warehouse);
  };
  useFailureNotice(summary.error, 'Failed to load warehouses');
  useFailureNotice(inventories.error, listErrorText(filter));

  const [adjusting, setAdjusting] = useState<Inventory | null>(null);
  const confirm = useConfirmTarget<Inventory>();
  const remove = useDeleteInventory();
  const removeInventory = (inventory: Inventory) =>
    remove.mutate(inventory.id, {
      onSuccess: () => {
        notifySuccess(INVENTORY_MESSAGES.deleted);
        confirm.close();
      },
      onError: (error) => {
        confirm.close();
        const message = failureMessage(error, 'Failed to delete inventory');
        if (message) notifyError(message);
      },
    });

  const canCreate = hasPermission(user, 'create inventories');
  const canEdit = hasPermission(user, 'edit inventories');
  const canDelete = hasPermission(user, 'delete inventories');
  const canMove = hasPermission(user, 'edit locations');

  // Spec §4: the filters replace the rows and clear the search; the count is announced once loaded.
  const chooseFilter = async (next: StockFilter) => {
    // View All also drops the expiry filter: it shows every row again.
    update({ filter: next === 'all' ? null : next, search: null, ...(next === 'all' ? { expiring: null } : {}) });
    if (next === 'all') return;
    try {
      const result = await queryClient.fetchQuery(
        inventoryListQueryOptions({ ...listParams, filter: next, search: '', page: 1 }),
      );
      const shown = formatListTotal(result.meta.total, result.meta.total_is_capped);
      if (next === 'low-stock') notifyInfo(`Showing ${shown} low stock items`);
      else notifyWarning(`Showing ${shown} out of stock items`);
    } catch {
      // The list's own error state and notice report it.
    }
  };

  const counts = countsFor(summary.data, warehouseId, accountId);

  const columns: TableColumn<Inventory>[] = [
    {
      id: 'product',
      header: 'Product',
      render: (row) => (
        <Box sx={{ minWidth: 180 }}>
          <Link component={RouterLink} to={`/inventories/${row.id}`} underline="hover" sx={{ fontWeight: 600 }}>
            {row.product.name}
          </Link>
          <KindBadge kind={row.product.kind} />
          <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
            {row.product.sku}
          </Typography>
          {row.kit_buildable !== null && (
            <Typography variant="caption" color="text.secondary" component="div">
              {canBuildText(row.kit_buildable)}
            </Typography>
          )}
        </Box>
      ),
    },
  ];
  if (!isClient) columns.push({ id: 'account', header: 'Account', render: (row) => row.account_name });
  if (warehouseId === null && !isClient) {
    columns.push({ id: 'warehouse', header: 'Warehouse', render: (row) => row.warehouse.code });
  }
  columns.push(
    { id: 'on_hand', header: 'On Hand', align: 'right', render: (row) => <Quantity value={row.quantity_on_hand} /> },
    { id: 'reserved', header: 'Reserved', align: 'right', render: (row) => <Quantity value={row.quantity_reserved} /> },
    {
      id: 'quarantined',
      header: 'Quarantined',
      align: 'right',
      render: (row) => <Quantity value={row.quantity_quarantined} />,
    },
    {
      id: 'available',
      header: 'Available',
      align: 'right',
      render: (row) => <Quantity value={row.quantity_available} strong />,
    },
    { id: 'status', header: 'Status', render: (row) => <StockStatusChip available={row.quantity_available} /> },
    { id: 'verified', header: 'Verified', render: (row) => <VerifiedChip verified={row.verified} /> },
    { id: 'actions', header: 'Actions', align: 'right', width: 170, render: (row) => actions(row) },
  );
  // Phone cards: product and stock status, then SKU, account and warehouse, then the quantities with the buttons.
  const card: CardLayout<Inventory> = {
    title: (row) => (
      <Link component={RouterLink} to={`/inventories/${row.id}`} underline="hover">
        {row.product.name}
      </Link>
    ),
    status: (row) => <StockStatusChip available={row.quantity_available} />,
    subtitle: (row) =>
      joinParts(
        row.product.sku,
        canBuildText(row.kit_buildable),
        !isClient && row.account_name,
        warehouseId === null && !isClient && row.warehouse.code,
      ),
    meta: (row) =>
      // Available first: what a narrow card cuts is the end of the line.
      `${row.quantity_available.toLocaleString()} available · ${row.quantity_on_hand.toLocaleString()} on hand · ${row.quantity_reserved.toLocaleString()} reserved${row.quantity_quarantined > 0 ? ` · ${row.quantity_quarantined.toLocaleString()} quarantined` : ''}`,
    actions: (row) => actions(row),
  };

  function actions(row: Inventory) {
    const label = `${row.product.sku}${isClient ? '' : ` (${row.account_name}, ${row.warehouse.code})`}`;
    return (
      <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
        {canEdit && (
          <Tooltip title="Adjust quantity">
            <IconButton onClick={() => setAdjusting(row)} aria-label={`Adjust ${label}`}>
              <TuneIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="View">
          <IconButton component={RouterLink} to={`/inventories/${row.id}`} aria-label={`View ${label}`}>
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEdit && (
          <Tooltip title="Edit">
            <IconButton component={RouterLink} to={`/inventories/${row.id}/edit`} aria-label={`Edit ${label}`}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip title="Delete">
            <IconButton color="error" onClick={() => confirm.ask(row)} aria-label={`Delete ${label}`}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  }

  // What both tables of the list share: the product rows' paging and states.
  const tableProps = {
    total: inventories.data?.meta.total ?? 0,
    totalIsCapped: inventories.data?.meta.total_is_capped,
    hasNext: hasNextByCursor(cursorMeta),
    page,
    perPage: INVENTORY_PAGE_SIZE,
    rowsPerPageOptions: [INVENTORY_PAGE_SIZE],
    onPageChange: (next: number) => update(pageMove(next, paging, cursorMeta), true),
    onPerPageChange: () => undefined,
    loading: inventories.isFetching,
    error: inventories.isError ? listErrorText(filter) : null,
    onRetry: () => void inventories.refetch(),
    emptyIcon: <Inventory2OutlinedIcon />,
  };
  const expiringLayout = {
    showAccount: !isClient,
    showWarehouse: warehouseId === null && !isClient,
    today: localToday(),
    actions,
  };

  const exportQuery = {
    search: search.trim() || undefined,
    warehouse_id: warehouseId ?? undefined,
    account_id: accountId ?? undefined,
    stock_status: filter === 'low-stock' ? 'low_stock' : filter === 'out-of-stock' ? 'out_of_stock' : undefined,
    expiring_within_days: expiringWithinDays ?? undefined,
  };

  return (
    <>
      <PageHeader
        title="Inventory Management"
        scope={allWarehouses ? 'All warehouses' : undefined}
        subtitle="Stock on hand, reserved and available, per warehouse and account"
        // useFlexGap: with margins, a wrapped button ("Out of Stock") kept its left margin and sat out of line on phones.
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant={filter === 'all' ? 'contained' : 'outlined'}
              onClick={() => chooseFilter('all')}
              aria-pressed={filter === 'all'}
            >
              View All
            </Button>
            <Button
              variant={filter === 'low-stock' ? 'contained' : 'outlined'}
              color="warning"
              onClick={() => chooseFilter('low-stock')}
              aria-pressed={filter === 'low-stock'}
            >
              Low Stock ({counts?.low_stock_count ?? '…'})
            </Button>
            <Button
              variant={filter === 'out-of-stock' ? 'contained' : 'outlined'}
              color="error"
              onClick={() => chooseFilter('out-of-stock')}
              aria-pressed={filter === 'out-of-stock'}
            >
              Out of Stock ({counts?.out_of_stock_count ?? '…'})
            </Button>
            <Button
              variant={expiringWithinDays !== null ? 'contained' : 'outlined'}
              color="secondary"
              onClick={() => update({ expiring: expiringWithinDays !== null ? null : String(EXPIRING_SOON_DAYS) })}
              aria-pressed={expiringWithinDays !== null}
            >
              Expiring Soon
            </Button>
            {canMove && (
              <Button variant="outlined" startIcon={<QrCodeScannerIcon />} component={RouterLink} to="/moves/scan">
                Scan to Move
              </Button>
            )}
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/inventories/create">
                Add Inventory
              </Button>
            )}
          </Stack>
        }
      />
      {summary.isPending ? (
        <StockCardsSkeleton />
      ) : summary.isError ? (
        <Box sx={{ mb: 3 }}>
          <ErrorState message="Failed to load warehouses" onRetry={() => void summary.refetch()} />
        </Box>
      ) : (
        <StockCards
          summary={summary.data}
          warehouseId={isClient ? (summary.data.warehouses[0]?.id ?? null) : warehouseId}
          accountId={isClient ? (summary.data.warehouses[0]?.accounts[0]?.id ?? null) : accountId}
          selectableWarehouseIds={selectable.data?.filter((w) => w.is_active).map((w) => w.id)}
          onWarehouse={isClient ? undefined : chooseWarehouse}
          onAccount={isClient ? undefined : (id) => update({ account: id })}
        />
      )}
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flex: 1, flexWrap: { xs: 'wrap', md: 'nowrap' }, maxWidth: { md: 820 } }}
          >
            <SearchField
              value={search}
              onChange={(next) => update({ search: next.trim() })}
              placeholder="Search by product name or SKU"
            />
            {filter !== 'all' && (
              <Typography variant="body2" color="text.secondary">
                {filter === 'low-stock' ? 'Low stock (1–10 available)' : 'Out of stock (0 or less available)'}
              </Typography>
            )}
            <FilterSelect
              label="Lots expiring within"
              allLabel="Any expiry"
              value={expiringWithinDays === null ? '' : String(expiringWithinDays)}
              options={expiringChoices(expiringWithinDays)}
              onChange={(next) => update({ expiring: next || null })}
              minWidth={170}
            />
          </Stack>
          <ExportMenu
            path="/inventories/export"
            fileBase="inventory"
            query={exportQuery}
            bypassDefault={!isClient}
            disabled={!inventories.data || inventories.data.meta.total === 0}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1, m: 0 }}>
          {BUNDLES_NOTE}
        </Typography>
        {accountId !== null && warehouseId !== null && hasPermission(user, 'create orders') && (
          <BundleAvailability accountId={accountId} warehouseId={warehouseId} />
        )}
        {expiringWithinDays !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
            {`Lots expiring within ${expiringWithinDays} days, expired ones first: one line per lot and location.`}
          </Typography>
        )}
        {expiringWithinDays !== null ? (
          // The expiring view lists the lots, their dates, places and units, to act on them;
          // it pages by product row, as the filter does.
          <PaginatedTable<ExpiringRow>
            {...tableProps}
            label="Expiring lots"
            columns={expiringColumns(expiringLayout)}
            card={expiringCard(expiringLayout)}
            rows={toExpiringRows(inventories.data?.rows)}
            getRowId={(row) => row.key}
            emptyTitle={search ? 'No inventory matches your search' : 'No lots expiring within this window'}
          />
        ) : (
          <PaginatedTable
            {...tableProps}
            label="Inventory"
            columns={columns}
            rows={inventories.data?.rows}
            getRowId={(row) => row.id}
            card={card}
            emptyTitle={emptyTitle(filter, search)}
            emptyHint={
              filter === 'all' && !search && canCreate ? 'Add inventory to start tracking stock here.' : undefined
            }
          />
        )}
      </Card>
      <AdjustQuantityDialog
        inventory={adjusting}
        onClose={() => setAdjusting(null)}
        failureText="Failed to adjust inventory quantity"
      />
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Delete"
        text={`Are you sure you want to delete the inventory of "${confirm.target?.product.name ?? ''}" in ${confirm.target?.warehouse_name ?? ''}? Its movement history is kept.`}
        busy={remove.isPending}
        onConfirm={() => confirm.target && removeInventory(confirm.target)}
        onCancel={confirm.close}
      />
    </>
  );
}

function listErrorText(filter: StockFilter): string {
  if (filter === 'low-stock') return 'Failed to load low stock items';
  if (filter === 'out-of-stock') return 'Failed to load out of stock items';
  return 'Failed to load inventories';
}

function emptyTitle(filter: StockFilter, search: string): string {
  if (search) return 'No inventory matches your search';
  if (filter === 'low-stock') return 'No low stock items';
  if (filter === 'out-of-stock') return 'No out of stock items';
  return 'No inventory yet';
}

/** The filter buttons count within the chosen cards (or everything in scope). */
function countsFor(summary: InventorySummary | undefined, warehouseId: number | null, accountId: number | null) {
  if (!summary) return undefined;
  const warehouse = summary.warehouses.find((w) => w.id === warehouseId);
  if (!warehouse) return summary.totals;
  return warehouse.accounts.find((a) => a.id === accountId) ?? warehouse;
}
