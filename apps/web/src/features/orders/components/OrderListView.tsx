import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, LinearProgress, Skeleton, useMediaQuery } from '@mui/material';
import { ORDERS_PAGE_SIZE, type Order, type OrderStatusOption } from '@wms/contract/orders';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListPager } from '../../../components/ListPager';
import type { OrderListPage } from '../api';
import { OrderCards } from './OrderCards';
import { OrdersTable } from './OrdersTable';
import { orderColumns } from './orderColumns';
import { useOrderRowActions } from './useOrderRowActions';
import { useOrderStatusChange } from './useOrderStatusChange';

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
}

/** The rows of an orders list, its loading, empty and error states, its pager, and the row actions' dialogs. */
export function OrderListView(props: OrderListViewProps) {
  const { data, loading, error, onRetry, page, onPageChange, statusOptions, selection } = props;
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const status = useOrderStatusChange();
  const actions = useOrderRowActions();
  const columns = orderColumns({
    ...actions.handlers,
    rights: actions.rights,
    statusOptions,
    pendingOrderId: status.pendingOrderId,
    onStatus: (order, option) => status.request(order.id, order.order_number, option),
  });
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
    body = phone ? <OrderCards {...rowProps} /> : <OrdersTable {...rowProps} />;
  }

  return (
    <Box sx={{ position: 'relative' }} aria-busy={loading}>
      {loading && data && (
        <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      {body}
      {!error && data && data.meta.total > 0 && (
        <ListPager
          total={data.meta.total}
          totalIsCapped={data.meta.total_is_capped}
          page={page}
          perPage={ORDERS_PAGE_SIZE}
          rowsPerPageOptions={[ORDERS_PAGE_SIZE]}
          onPageChange={onPageChange}
        />
      )}
      {status.dialog}
      {actions.dialogs}
    </Box>
  );
}
