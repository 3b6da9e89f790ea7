import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { Button, Card, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES, type Order } from '@wms/contract/orders';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { contextKeyOf } from '../../../lib/context/context-key';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { cursorPagingFromParams, cursorQueryParams, pageMove } from '../../../lib/cursor-paging';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import { accountsOfWarehouseQuery, orderListQuery, orderStatisticsQuery, orderStatusOptionsQuery } from '../api';
import { MergeDialog } from '../components/MergeDialog';
import { OrderFilters } from '../components/OrderFilters';
import { OrderListView } from '../components/OrderListView';
import { OrderStatCards } from '../components/OrderStatCards';
import type { OrderColumnId } from '../components/order-columns';
import { orderSortFromParams, orderSortParams } from '../order-sort';
import { positiveId } from '../positive-id';

const NO_ORDERS: ReadonlyMap<number, Order> = new Map();

/**
 * 'Orders Management' (spec 2 §2): the working context's orders — everything except orders shipped more than
 * 7 days ago, which live in the archive (/shipped-orders).
 */
export function OrderListPage() {
  const { user } = useSession();
  const { params, update } = useUrlParams();
  const search = params.get('search') ?? '';
  const status = params.get('status') ?? '';
  const shortParam = params.get('short');
  const short = shortParam === 'true' || shortParam === 'false' ? shortParam : undefined;
  const page = positiveId(params.get('page')) ?? 1;
  const accountParam = positiveId(params.get('account'));
  const sort = orderSortFromParams(params);
  const paging = cursorPagingFromParams(params, page);

  const statistics = useContextQuery((context) =>
    orderStatisticsQuery(contextKeyOf(context), context.accountId ?? accountParam),
  );
  const orders = useContextQuery((context) =>
    orderListQuery(contextKeyOf(context), {
      type: 'active',
      page,
      search,
      status,
      short,
      warehouseId: context.warehouseId,
      // A client works in the header's account; staff may narrow to one account of the warehouse.
      accountId: context.isClient ? context.accountId : accountParam,
      ...(sort.sort === 'created_at' && sort.direction === 'desc' ? {} : sort),
      ...cursorQueryParams(paging),
    }),
  );
  const context = orders.context;
  const statuses = useQuery(orderStatusOptionsQuery());
  const accounts = useQuery({
    ...accountsOfWarehouseQuery(context.warehouseId),
    enabled: !context.isClient && context.warehouseId !== null && hasPermission(user, 'view accounts'),
  });
  useFailureNotice(orders.error, ORDER_MESSAGES.loadFailed);

  // Orders chosen for a merge, kept across pages; a new working context starts afresh.
  const selectionKey = `${context.warehouseId}:${context.accountId}`;
  const [selection, setSelection] = useState<{ key: string; orders: ReadonlyMap<number, Order> }>({
    key: selectionKey,
    orders: new Map(),
  });
  const selected = selection.key === selectionKey ? selection.orders : NO_ORDERS;
  const setSelected = (orders: ReadonlyMap<number, Order>) => setSelection({ key: selectionKey, orders });
  const [merging, setMerging] = useState(false);
  const toggle = (order: Order) => {
    const next = new Map(selected);
    if (next.has(order.id)) next.delete(order.id);
    else next.set(order.id, order);
    setSelected(next);
  };

  const canCreate = hasPermission(user, 'create orders');
  // The server merges with 'edit orders' (as it changes status): without it, nothing to select.
  const canMerge = hasPermission(user, 'edit orders');
  const filtered = search !== '' || status !== '' || accountParam !== null || short !== undefined;
  // Inside one warehouse (and one account) those columns would repeat the same name on every row. The creator
  // (User) is hidden too, so the table fits 1440 px; the chooser shows any of them again.
  const singleWarehouse = context.warehouseId !== null;
  const singleAccount = context.isClient || accountParam !== null;
  const defaultHidden = useMemo(
    () =>
      new Set<OrderColumnId>([
        'user',
        ...(singleWarehouse ? (['warehouse'] as const) : []),
        ...(singleAccount ? (['account'] as const) : []),
      ]),
    [singleWarehouse, singleAccount],
  );

  return (
    <>
      <PageHeader
        title="Orders Management"
        subtitle={context.warehouse ? `Orders in ${context.warehouse.name}` : 'Orders'}
        actions={
          canCreate && (
            <>
              <Button variant="outlined" component={RouterLink} to="/orders/create?import=1">
                Excel Import
              </Button>
              <Button
                variant="outlined"
                startIcon={<DescriptionOutlinedIcon />}
                component={RouterLink}
                to="/bulk-order-drafts"
              >
                Order Drafts
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/orders/create">
                Create Order
              </Button>
            </>
          )
        }
      />
      <OrderStatCards statistics={statistics.data} />
      <Card>
        <OrderFilters
          values={{ search, status, account: accountParam ? String(accountParam) : '', short: short ?? '' }}
          accounts={context.isClient ? undefined : (accounts.data ?? [])}
          statuses={statuses.data}
          onChange={(patch) => update(patch)}
          onClear={() => update({ search: null, status: null, account: null, short: null })}
        />
        {selected.size > 0 && canMerge && (
          <Stack direction="row" spacing={2} sx={{ px: 2, pb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" role="status">
              {selected.size} {selected.size === 1 ? 'order' : 'orders'} selected
            </Typography>
            <Button variant="contained" startIcon={<CallMergeIcon />} onClick={() => setMerging(true)}>
              Merge Selected
            </Button>
            <Button color="inherit" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          </Stack>
        )}
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
          emptyTitle={filtered ? 'No orders match your filters' : 'No orders found'}
          emptyHint={filtered ? 'Clear the filters to see every order.' : undefined}
          selection={canMerge ? { selected, onToggle: toggle } : undefined}
          sort={sort}
          onSortChange={(next) => update(orderSortParams(next))}
          columnsKey="orders"
          defaultHidden={defaultHidden}
        />
      </Card>
      <MergeDialog
        open={merging}
        orders={[...selected.values()]}
        onClose={() => setMerging(false)}
        onMerged={() => {
          setMerging(false);
          setSelected(new Map());
        }}
      />
    </>
  );
}
