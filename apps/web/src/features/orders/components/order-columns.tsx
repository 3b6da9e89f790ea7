import { Box, Stack, Typography } from '@mui/material';
import type { Order, OrderSort, OrderStatusOption } from '@wms/contract/orders';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { formatShipDate } from '../format-ship-date';
import { InlineStatusSelect } from './InlineStatusSelect';
import { OrderNumber } from './OrderNumber';
import { type OrderActionHandlers, type OrderActionRights, OrderRowActions } from './OrderRowActions';
import { OrderThumbnails } from './OrderThumbnails';

export interface OrderColumn {
  id: OrderColumnId;
  header: string;
  render: (order: Order) => ReactNode;
  align?: 'right';
  /** The server sorts the list by this column. */
  sortKey?: OrderSort;
  /** Always shown: the column chooser does not offer it. */
  fixed?: boolean;
}

export type OrderColumnId =
  | 'order_number'
  | 'images'
  | 'order_id'
  | 'user'
  | 'account'
  | 'warehouse'
  | 'customer'
  | 'shipper'
  | 'status'
  | 'items'
  | 'ship_date'
  | 'created_at'
  | 'actions';

export interface OrderColumnOptions extends OrderActionHandlers {
  statusOptions: OrderStatusOption[] | undefined;
  /** The order whose status change is running: its selector is disabled meanwhile. */
  pendingOrderId: number | undefined;
  onStatus: (order: Order, option: OrderStatusOption) => void;
  rights: OrderActionRights;
}

const muted = (text: string) => (
  <Typography variant="body2" color="text.secondary" component="span">
    {text}
  </Typography>
);

/** A date and its time on two short lines, so the column stays narrow. */
const createdAt = (iso: string) => {
  const date = new Date(iso);
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {formatDate(iso)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {date.toLocaleTimeString(undefined, { timeStyle: 'short' })}
      </Typography>
    </Box>
  );
};

/**
 * Spec 2 §2: the order row, in its order — with the status chip and its selector as one control.
 * One definition for the table, the column chooser and the phone cards.
 */
export function orderColumns(options: OrderColumnOptions): OrderColumn[] {
  return [
    {
      id: 'order_number',
      header: 'Order #',
      fixed: true,
      render: (order) => <OrderNumber order={order} />,
    },
    {
      id: 'images',
      header: 'Products',
      render: (order) => <OrderThumbnails images={order.images} total={order.images_count} />,
    },
    { id: 'order_id', header: 'Order ID', render: (order) => order.order_id || muted('N/A') },
    { id: 'user', header: 'User', render: (order) => order.user?.name ?? muted('—') },
    { id: 'account', header: 'Account', render: (order) => order.account.name },
    { id: 'warehouse', header: 'Warehouse', render: (order) => order.warehouse.name },
    { id: 'customer', header: 'Customer', sortKey: 'customer_name', render: (order) => order.customer_name },
    { id: 'shipper', header: 'Shipper', render: (order) => order.shipper?.name ?? muted('No shipper') },
    {
      id: 'status',
      header: 'Status',
      fixed: true,
      render: (order) => (
        <InlineStatusSelect
          order={order}
          options={options.statusOptions}
          disabled={!options.rights.canEdit || options.pendingOrderId === order.id}
          onChange={(option) => options.onStatus(order, option)}
        />
      ),
    },
    {
      id: 'items',
      header: 'Items',
      align: 'right',
      render: (order) => (
        <Stack sx={{ alignItems: 'flex-end' }}>
          <span>{order.items_count.toLocaleString()}</span>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {order.shipped_items_count.toLocaleString()} shipped
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'ship_date',
      header: 'Ship Date',
      sortKey: 'ship_date',
      render: (order) => <span style={{ whiteSpace: 'nowrap' }}>{formatShipDate(order.ship_date)}</span>,
    },
    { id: 'created_at', header: 'Created', sortKey: 'created_at', render: (order) => createdAt(order.created_at) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      fixed: true,
      render: (order) => (
        <OrderRowActions
          order={order}
          rights={options.rights}
          onDownloadLabels={options.onDownloadLabels}
          onUploadLabel={options.onUploadLabel}
          onDelete={options.onDelete}
        />
      ),
    },
  ];
}
