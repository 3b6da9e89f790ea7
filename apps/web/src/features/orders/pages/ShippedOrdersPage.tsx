import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import { Box, Card, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { contextKeyOf } from '../../../lib/context/context-key';
import { selectableAccountsQuery, selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { accountsForWarehouse, isActiveWarehouse } from '../../../lib/context/valid-pairs';
import { cursorPagingFromParams, cursorQueryParams, pageMove } from '../../../lib/cursor-paging';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import { accountsOfWarehouseQuery, orderListQuery, orderStatusOptionsQuery } from '../api';
import { ChoiceCards } from '../components/ChoiceCards';
import { OrderFilters } from '../components/OrderFilters';
import { OrderListView } from '../components/OrderListView';
import type { OrderColumnId } from '../components/order-columns';
import { orderSortFromParams, orderSortParams } from '../order-sort';
import { positiveId } from '../positive-id';

/**
 * The archive lists one account of one warehouse: those columns would repeat one name on every row; the creator
 * (User) is hidden as on the orders list. The column chooser shows them again.
 */
const ARCHIVE_HIDDEN_COLUMNS: ReadonlySet<OrderColumnId> = new Set(['warehouse', 'account', 'user']);

/**
 * 'Shipped Orders' (spec 2 §2, menu 'Shipped Orders (7D+)'): choose a warehouse card, then an account card, then
 * search that account's shipped orders, however long ago they shipped (type=all).
 */
export function ShippedOrdersPage() {
  const { params, update } = useUrlParams();
  const search = params.get('search') ?? '';
  const status = params.get('status') ?? '';
  const page = positiveId(params.get('page')) ?? 1;
  const sort = orderSortFromParams(params);
  const paging = cursorPagingFromParams(params, page);

  const warehouses = useQuery(selectableWarehousesQuery());
  const clientAccounts = useQuery(selectableAccountsQuery());
  const context = useWorkingContext();
  // The warehouse and account chosen on the cards; a client starts from the header's selection.
  const warehouseId = positiveId(params.get('warehouse')) ?? context.warehouseId;
  const accountId = positiveId(params.get('account')) ?? (context.isClient ? context.accountId : null);

  const staffAccounts = useQuery({
    ...accountsOfWarehouseQuery(warehouseId),
    enabled: !context.isClient && warehouseId !== null,
  });
  const accounts: Account[] | undefined = context.isClient
    ? clientAccounts.data && accountsForWarehouse(clientAccounts.data, warehouseId)
    : staffAccounts.data;
  const accountsLoading =
    warehouseId !== null && (context.isClient ? clientAccounts.isPending : staffAccounts.isPending);

  const statuses = useQuery(orderStatusOptionsQuery());
  // Spec 2 §2: the archive's status list omits Pending; it offers the shipped statuses, the only ones it holds.
  const shippedStatuses = useQuery(orderStatusOptionsQuery('shipped'));
  const archiveStatuses = shippedStatuses.data?.filter((option) => option.system_key !== 'pending');

  const ready = warehouseId !== null && accountId !== null;
  const orders = useContextQuery((ctx) => ({
    ...orderListQuery(contextKeyOf(ctx), {
      type: 'all',
      page,
      search,
      status,
      warehouseId,
      accountId,
      ...(sort.sort === 'created_at' && sort.direction === 'desc' ? {} : sort),
      ...cursorQueryParams(paging),
    }),
    enabled: ready,
  }));
  useFailureNotice(orders.error, ORDER_MESSAGES.loadFailed);

  const activeWarehouses = (warehouses.data ?? []).filter(isActiveWarehouse);

  let accountsSection: ReactNode = null;
  if (warehouseId !== null) {
    if (accountsLoading) accountsSection = <Skeleton variant="rounded" height={72} />;
    else if (!accounts || accounts.length === 0)
      accountsSection = (
        <EmptyState
          icon={<StorefrontOutlinedIcon />}
          title="No accounts found"
          hint="This warehouse has no associated accounts"
        />
      );
    else
      accountsSection = (
        <ChoiceCards
          label="Accounts"
          icon={<StorefrontOutlinedIcon />}
          choices={accounts.map((account) => ({ id: account.id, title: account.name, subtitle: account.user_name }))}
          selectedId={accountId}
          onChoose={(id) => update({ account: id })}
        />
      );
  }

  let table: ReactNode;
  if (warehouseId === null)
    table = (
      <EmptyState icon={<WarehouseOutlinedIcon />} title="Select a Warehouse" hint="Choose a warehouse card above." />
    );
  else if (accountId === null)
    table = (
      <EmptyState icon={<StorefrontOutlinedIcon />} title="Select an Account" hint="Choose an account card above." />
    );
  else
    table = (
      <OrderListView
        data={orders.data}
        loading={orders.isFetching}
        error={orders.isError ? ORDER_MESSAGES.loadFailed : null}
        onRetry={() => void orders.refetch()}
        page={page}
        onPageChange={(next) => update(pageMove(next, paging, orders.data?.meta), true)}
        jumpTo={paging.jumpTo}
        onJumpTo={(date) => update({ jump_to: date })}
        statusOptions={statuses.data}
        emptyTitle="No orders found"
        sort={sort}
        onSortChange={(next) => update(orderSortParams(next))}
        columnsKey="shipped-orders"
        defaultHidden={ARCHIVE_HIDDEN_COLUMNS}
      />
    );

  return (
    <>
      <PageHeader
        title="Shipped Orders"
        subtitle="Every shipped order of an account, including those shipped more than 7 days ago (the orders list keeps only the last 7 days)"
      />
      <Typography variant="overline" color="text.secondary" component="h2">
        Warehouses
      </Typography>
      {warehouses.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : (
        <ChoiceCards
          label="Warehouses"
          icon={<WarehouseOutlinedIcon />}
          choices={activeWarehouses.map((warehouse) => ({
            id: warehouse.id,
            title: warehouse.name,
            subtitle: warehouse.code,
          }))}
          selectedId={warehouseId}
          onChoose={(id) => update({ warehouse: id, account: null })}
        />
      )}
      {warehouseId !== null && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="overline" color="text.secondary" component="h2">
            Accounts
          </Typography>
          {accountsSection}
        </Box>
      )}
      <Card sx={{ mt: 3 }}>
        {ready && (
          <OrderFilters
            values={{ search, status, account: accountId ? String(accountId) : '' }}
            accounts={accounts ?? []}
            statuses={archiveStatuses}
            onChange={(patch) => update(patch.account === '' ? { ...patch, account: null } : patch)}
            onClear={() => update({ search: null, status: null })}
          />
        )}
        {table}
      </Card>
    </>
  );
}
