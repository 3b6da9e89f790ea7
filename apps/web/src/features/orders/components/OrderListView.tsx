import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, LinearProgress, MenuItem, Skeleton, Stack, TextField, useMediaQuery } from '@mui/material';
import { ORDERS_PAGE_SIZE, type Order, type OrderStatusOption } from '@wms/contract/orders';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListPager } from '../../../components/ListPager';
import { hasNextByCursor } from '../../../lib/cursor-paging';
import type { OrderListPage } from '../api';
import { ORDER_SORT_CHOICES, type OrderSortState } from '../order-sort';
import { useOrderColumnChoice } from '../use-order-column-choice';
import { ColumnChooser } from './ColumnChooser';
import { OrderCards } from './OrderCards';
import { OrderActionsMenu } from './OrderRowActions';
import { OrdersTable } from './OrdersTable';
import { type OrderColumnId, orderColumns } from './order-columns';
import { useOrderRowActions } from './use-order-row-actions';
import { useOrderStatusChange } from './use-order-status-change';

/** Below 600 px the list shows cards (DESIGN §7). */
const PHONE_QUERY = '(max-width: 599.95px)';

interface OrderListViewProps {
  data: OrderListPage | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  statusOptions: OrderStatusOption[] | undefined;
  emptyTitle: string;
  emptyHint?: string;
  /** The main list selects orders to merge; the archive does not. */
  selection?: { selected: ReadonlyMap<number, Order>; onToggle: (order: Order) => void };
  sort: OrderSortState;
  onSortChange: (sort: OrderSortState) => void;
  /** Which list's column choice this is (kept per user and list). */
  columnsKey: 'orders' | 'shipped-orders';
  /** Columns hidden until the user shows them: those the working context makes all alike. */
  defaultHidden: ReadonlySet<OrderColumnId>;
  /** "Jump to date": the chosen day, and the change ('' clears it). Offered on the date sorts. */
  jumpTo: string | null;
  onJumpTo: (date: string) => void;
}

/** The rows of an orders list, its loading, empty and error states, its pager, and the row actions' dialogs. */
export function OrderListView(props: OrderListViewProps) {
  const { data, loading, error, onRetry, page, onPageChange, statusOptions, selection } = props;
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const status = useOrderStatusChange();
  const actions = useOrderRowActions();
  const allColumns = orderColumns({
    ...actions.handlers,
    rights: actions.rights,
    statusOptions,
    pendingOrderId: status.pendingOrderId,
    onStatus: (order, option) => status.request(order, option),
  });
  const choice = useOrderColumnChoice(props.columnsKey, props.defaultHidden);
  const columns = allColumns.filter((column) => column.fixed || choice.isVisible(column.id));
  const toggleExpanded = (id: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body: ReactNode;
  if (error) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={error} onRetry={onRetry} />
      </Box>
    );
  } else if (!data) {
    body = (
      <Box sx={{ p: 2 }} aria-hidden>
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={48} />
        ))}
      </Box>
    );
  } else if (data.data.length === 0) {
    body = <EmptyState icon={<ReceiptLongOutlinedIcon />} title={props.emptyTitle} hint={props.emptyHint} />;
  } else {
    const rowProps = {
      rows: data.data,
      columns,
      selectedIds: selection ? new Set(selection.selected.keys()) : undefined,
      onToggle: selection?.onToggle,
      expanded,
      onExpand: toggleExpanded,
    };
    const statusColumn = allColumns.find((column) => column.id === 'status');
    body = phone ? (
      <OrderCards
        {...rowProps}
        renderStatus={(order) => statusColumn?.render(order)}
        renderActions={(order) => <OrderActionsMenu order={order} rights={actions.rights} {...actions.handlers} />}
      />
    ) : (
      <OrdersTable {...rowProps} sort={props.sort} onSortChange={props.onSortChange} />
    );
  }

  return (
    <Box sx={{ position: 'relative' }} aria-busy={loading}>
      {loading && data && (
        <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, pb: 1.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
      >
        <TextField
          select
          size="small"
          label="Sort by"
          fullWidth={false}
          value={`${props.sort.sort}:${props.sort.direction}`}
          onChange={(event) => {
            const chosen = ORDER_SORT_CHOICES.find((option) => option.value === event.target.value);
            if (chosen) props.onSortChange(chosen.state);
          }}
          sx={{ minWidth: 180 }}
        >
          {ORDER_SORT_CHOICES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {props.sort.sort !== 'customer_name' && (
          <TextField
            type="date"
            size="small"
            label="Jump to date"
            value={props.jumpTo ?? ''}
            onChange={(event) => props.onJumpTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText={props.sort.sort === 'ship_date' ? 'By ship date' : 'By creation date'}
          />
        )}
        {!phone && <ColumnChooser columns={allColumns} choice={choice} />}
      </Stack>
      {body}
      {!error && data && data.meta.total > 0 && (
        <ListPager
          total={data.meta.total}
          totalIsCapped={data.meta.total_is_capped}
          page={page}
          perPage={ORDERS_PAGE_SIZE}
          rowsPerPageOptions={[ORDERS_PAGE_SIZE]}
          onPageChange={onPageChange}
          hasNext={hasNextByCursor(data.meta)}
          rowsOnPage={data.data.length}
        />
      )}
      {status.dialog}
      {actions.dialogs}
    </Box>
  );
}
