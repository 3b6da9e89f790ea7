import { Link, Stack, Typography } from '@mui/material';
import type { Order, OrderStatusOption } from '@wms/contract/orders';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ColorChip } from '../../../components/ColorChip';
import { formatDateTime } from '../../../lib/format';
import { formatShipDate } from '../formatShipDate';
import { InlineStatusSelect } from './InlineStatusSelect';
import { type OrderActionHandlers, type OrderActionRights, OrderRowActions } from './OrderRowActions';
import { OrderThumbnails } from './OrderThumbnails';

export interface OrderColumn {
  id: string;
  header: string;
  render: (order: Order) => ReactNode;
  align?: 'right';
}

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

/** Spec 2 §2: the order row, in its order. One definition for the table and the phone cards. */
export function orderColumns(options: OrderColumnOptions): OrderColumn[] {
  return [
    {
      id: 'order_number',
      header: 'Order #',
      render: (order) => (
        <Link
          component={RouterLink}
          to={`/orders/${order.id}`}
          underline="hover"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {order.order_number}
        </Link>
      ),
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
    { id: 'customer', header: 'Customer', render: (order) => order.customer_name },
    { id: 'shipper', header: 'Shipper', render: (order) => order.shipper?.name ?? muted('No shipper') },
    {
      id: 'change_status',
      header: 'Change Status',
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
      id: 'status',
      header: 'Status',
      render: (order) => <ColorChip label={order.status} color={order.status_color} />,
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
      render: (order) => <span style={{ whiteSpace: 'nowrap' }}>{formatShipDate(order.ship_date)}</span>,
    },
    {
      id: 'created_at',
      header: 'Created',
      render: (order) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
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
