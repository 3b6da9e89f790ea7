import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { DEFAULT_SORT_DIRECTION, type MergeItemRow, type Order, type OrderListRow } from '@wms/contract/orders';
import { Fragment } from 'react';
import type { OrderSortState } from '../order-sort';
import { MergedOrderMark } from './MergedOrderMark';
import { MergeItemSummary } from './MergeItemSummary';
import type { OrderColumn } from './order-columns';

export interface OrderRowsProps {
  rows: OrderListRow[];
  columns: OrderColumn[];
  /** Absent: no selection (the archive). */
  selectedIds?: ReadonlySet<number>;
  onToggle?: (order: Order) => void;
  expanded: ReadonlySet<number>;
  onExpand: (mergeItemId: number) => void;
}

interface OrdersTableProps extends OrderRowsProps {
  sort: OrderSortState;
  onSortChange: (sort: OrderSortState) => void;
}

/** A standalone order may be merged; a merged one (a child, or one with a merge item) may not. */
export const isSelectable = (order: Order): boolean => !order.isChild && order.merge_item_id === null;

/**
 * The desktop table: orders, and merge-item rows that expand to their child orders. The Customer, Ship Date and
 * Created headers sort the list on the server (a second click turns the direction).
 */
export function OrdersTable(props: OrdersTableProps) {
  const { rows, columns, selectedIds, onToggle, expanded, onExpand, sort, onSortChange } = props;
  const selecting = selectedIds !== undefined && onToggle !== undefined;
  const orderRow = (order: Order, child: boolean) => (
    <TableRow
      key={`order-${order.id}`}
      hover
      selected={selectedIds?.has(order.id) ?? false}
      data-testid={child ? 'merged-order-row' : 'order-row'}
      sx={child ? (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.03) }) : undefined}
    >
      <TableCell padding="checkbox">
        {child || !isSelectable(order) ? (
          <Box sx={{ display: 'grid', placeItems: 'center' }}>
            <MergedOrderMark />
          </Box>
        ) : (
          selecting && (
            <Checkbox
              size="small"
              checked={selectedIds.has(order.id)}
              onChange={() => onToggle(order)}
              slotProps={{ input: { 'aria-label': `Select order ${order.order_number}` } }}
            />
          )
        )}
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          {column.render(order)}
        </TableCell>
      ))}
    </TableRow>
  );
  const mergeRow = (item: MergeItemRow) => {
    const open = expanded.has(item.merge_item_id);
    return (
      <Fragment key={`merge-${item.merge_item_id}`}>
        <TableRow data-testid="merge-item-row" sx={(theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.06) })}>
          <TableCell padding="checkbox">
            <IconButton
              onClick={() => onExpand(item.merge_item_id)}
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} orders of ${item.title}`}
            >
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </TableCell>
          <TableCell colSpan={columns.length}>
            <Box sx={{ position: 'sticky', left: 16, maxWidth: 'min(100%, 900px)' }}>
              <MergeItemSummary item={item} />
            </Box>
          </TableCell>
        </TableRow>
        {open && item.children.map((child) => orderRow(child, true))}
      </Fragment>
    );
  };
  return (
    <TableContainer
      sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
      tabIndex={0}
      role="region"
      aria-label="Orders table"
    >
      {/* Tight cells, so the default columns fit 1440 px without a sideways scroll. */}
      <Table aria-label="Orders" size="small" sx={{ '& td, & th': { py: 1, px: 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                Selection
              </Box>
            </TableCell>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }}
                sortDirection={column.sortKey && sort.sort === column.sortKey ? sort.direction : false}
              >
                {column.sortKey ? (
                  <TableSortLabel
                    active={sort.sort === column.sortKey}
                    direction={sort.sort === column.sortKey ? sort.direction : DEFAULT_SORT_DIRECTION[column.sortKey]}
                    onClick={() => {
                      const key = column.sortKey as NonNullable<typeof column.sortKey>;
                      const turned = sort.direction === 'asc' ? 'desc' : 'asc';
                      onSortChange({
                        sort: key,
                        direction: sort.sort === key ? turned : DEFAULT_SORT_DIRECTION[key],
                      });
                    }}
                  >
                    {column.header}
                  </TableSortLabel>
                ) : (
                  column.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{rows.map((row) => (row.type === 'merge_item' ? mergeRow(row) : orderRow(row, false)))}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** Pixel strings: in `sx`, a bare 1 means 100% (it made the hidden header as wide as the table). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
