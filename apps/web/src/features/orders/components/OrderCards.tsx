import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Card, Checkbox, Stack, Typography } from '@mui/material';
import type { MergeItemRow, Order } from '@wms/contract/orders';
import { MergedOrderMark } from './MergedOrderMark';
import { MergeItemSummary } from './MergeItemSummary';
import { isSelectable, type OrderRowsProps } from './OrdersTable';

/** The phone layout (below 600 px): one card per order or merge item; a merge item's orders nest inside it. */
export function OrderCards({ rows, columns, selectedIds, onToggle, expanded, onExpand }: OrderRowsProps) {
  const [title, ...rest] = columns;
  const actions = rest.find((column) => column.id === 'actions');
  const fields = rest.filter((column) => column !== actions);

  const orderCard = (order: Order, child: boolean) => (
    <Card
      component="li"
      key={order.id}
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid={child ? 'merged-order-card' : 'list-card'}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {child || !isSelectable(order) ? (
          <MergedOrderMark />
        ) : (
          selectedIds &&
          onToggle && (
            <Checkbox
              checked={selectedIds.has(order.id)}
              onChange={() => onToggle(order)}
              slotProps={{ input: { 'aria-label': `Select order ${order.order_number}` } }}
              sx={{ ml: -1 }}
            />
          )
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>{title?.render(order)}</Box>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0, mt: 1 }}
      >
        {fields.map((column) => (
          <Box key={column.id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {column.header}
            </Typography>
            <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
              {column.render(order)}
            </Box>
          </Box>
        ))}
      </Box>
      {actions && <Box sx={{ mt: 1 }}>{actions.render(order)}</Box>}
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
    <Box component="ul" aria-label="Orders" sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (row.type === 'merge_item' ? mergeCard(row) : orderCard(row, false)))}
    </Box>
  );
}
