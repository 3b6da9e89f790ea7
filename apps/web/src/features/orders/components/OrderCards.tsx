import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Card, Checkbox, Stack, Typography } from '@mui/material';
import type { MergeItemRow, Order } from '@wms/contract/orders';
import type { ReactNode } from 'react';
import { formatShipDate } from '../format-ship-date';
import { MergedOrderMark } from './MergedOrderMark';
import { MergeItemSummary } from './MergeItemSummary';
import { OrderNumber } from './OrderNumber';
import { isSelectable, type OrderRowsProps } from './OrdersTable';

interface OrderCardsProps extends Omit<OrderRowsProps, 'columns'> {
  /** The status chip and its selector (the same control as the table's). */
  renderStatus: (order: Order) => ReactNode;
  /** The row actions, as one menu button. */
  renderActions: (order: Order) => ReactNode;
}

const line = { alignItems: 'center', minWidth: 0, minHeight: 28 } as const;
const oneLine = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The phone layout (below 600 px): one card per order in three lines — number and status; customer and account;
 * items and ship date — the rest is on the order's page. A merge item's orders nest inside it.
 */
export function OrderCards(props: OrderCardsProps) {
  const { rows, selectedIds, onToggle, expanded, onExpand, renderStatus, renderActions } = props;

  const orderCard = (order: Order, child: boolean) => (
    <Card
      component="li"
      key={order.id}
      variant="outlined"
      sx={{ px: 1.5, py: 1 }}
      data-testid={child ? 'merged-order-card' : 'list-card'}
    >
      <Stack direction="row" spacing={1} sx={line}>
        {child || !isSelectable(order) ? (
          <MergedOrderMark />
        ) : (
          selectedIds &&
          onToggle && (
            <Checkbox
              size="small"
              checked={selectedIds.has(order.id)}
              onChange={() => onToggle(order)}
              slotProps={{ input: { 'aria-label': `Select order ${order.order_number}` } }}
              sx={{ m: -0.75 }}
            />
          )
        )}
        <OrderNumber order={order} />
        <Box sx={{ flex: 1 }} />
        <Box sx={{ minWidth: 0, display: 'flex' }}>{renderStatus(order)}</Box>
      </Stack>
      <Typography variant="body2" sx={oneLine}>
        {order.customer_name}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' · '}
          {order.account.name}
        </Box>
      </Typography>
      <Stack direction="row" spacing={1} sx={line}>
        <Typography variant="body2" color="text.secondary" sx={{ ...oneLine, flex: 1 }}>
          {order.items_count.toLocaleString()} {order.items_count === 1 ? 'item' : 'items'} · Ships{' '}
          {formatShipDate(order.ship_date)}
        </Typography>
        {renderActions(order)}
      </Stack>
    </Card>
  );

  const mergeCard = (item: MergeItemRow) => {
    const open = expanded.has(item.merge_item_id);
    return (
      <Card component="li" key={`merge-${item.merge_item_id}`} sx={{ p: 1.5 }} data-testid="merge-item-card">
        <MergeItemSummary item={item} />
        <Button
          size="small"
          onClick={() => onExpand(item.merge_item_id)}
          aria-expanded={open}
          startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ mt: 1 }}
        >
          {open ? 'Hide orders' : 'Show orders'}
        </Button>
        {open && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'grid', gap: 1 }}>
            {item.children.map((child) => orderCard(child, true))}
          </Box>
        )}
      </Card>
    );
  };

  return (
    <Box component="ul" aria-label="Orders" sx={{ listStyle: 'none', m: 0, p: 1.5, pt: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (row.type === 'merge_item' ? mergeCard(row) : orderCard(row, false)))}
    </Box>
  );
}
