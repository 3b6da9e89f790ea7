import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES, type OrderDetail, type OrderItem } from '@wms/contract/orders';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { verifyOrderItem } from '../api';
import { orderFailure } from '../orderFailure';
import { orderKeys } from '../query-keys';
import { ScanToVerify } from './ScanToVerify';

interface OrderItemsCardProps {
  order: OrderDetail;
  /** Staff with 'edit orders' verify items (clients never do). */
  canVerify: boolean;
}

/** The order's lines; staff verify and un-verify each, or scan SKUs (shipping needs every item verified). */
export function OrderItemsCard({ order, canVerify }: OrderItemsCardProps) {
  const queryClient = useQueryClient();
  const [scanning, setScanning] = useState(false);
  const verifiable = canVerify && order.lifecycle === 'open';
  const verify = useMutation({
    mutationFn: ({ item, verified }: { item: OrderItem; verified: boolean }) =>
      verifyOrderItem(order.id, item.id, verified),
    onSuccess: async (answer, { verified }) => {
      notifySuccess(answer.message || (verified ? ORDER_MESSAGES.itemVerified : ORDER_MESSAGES.itemUnverified));
      queryClient.setQueryData(orderKeys.detail(order.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => {
      const message = orderFailure(error, ORDER_MESSAGES.statusUpdateFailed);
      if (message) notifyError(message);
    },
  });

  return (
    <Card>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            Order Items
          </Typography>
          {verifiable && (
            <Button
              variant={scanning ? 'contained' : 'outlined'}
              startIcon={<QrCodeScannerIcon />}
              onClick={() => setScanning((on) => !on)}
              aria-pressed={scanning}
            >
              {scanning ? 'Stop Scanning' : 'Scan to Verify'}
            </Button>
          )}
        </Stack>
        {verifiable && scanning && <ScanToVerify orderId={order.id} />}
        <TableContainer
          sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
          tabIndex={0}
          role="region"
          aria-label="Order items table"
        >
          <Table size="small" aria-label="Order items">
            <TableHead>
              <TableRow>
                {['Product', 'Quantity', 'Reserved', 'Shipped', 'Verified', 'Tracking', 'Weight', ''].map(
                  (header, index) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed header cells.
                      key={index}
                      align={index >= 1 && index <= 4 ? 'right' : undefined}
                      sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}
                    >
                      {header || 'Actions'}
                    </TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.order_items.map((item) => (
                <TableRow key={item.id} data-testid="order-item-row">
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 200 }}>
                      <Avatar
                        variant="rounded"
                        src={item.product.photo_url ?? undefined}
                        alt=""
                        sx={{ width: 40, height: 40 }}
                      >
                        {item.product.name.charAt(0)}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {item.product.name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                          {item.sku}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                  <TableCell align="right">
                    {item.quantity_reserved}
                    {item.quantity_short > 0 && (
                      <Typography variant="caption" color="warning.dark" component="div" sx={{ whiteSpace: 'nowrap' }}>
                        {item.quantity_short} short
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{item.quantity_shipped}</TableCell>
                  <TableCell align="right">
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                      <span data-testid="verified-count">
                        {item.verified_quantity} / {item.quantity}
                      </span>
                      <Chip
                        size="small"
                        color={item.verified ? 'success' : 'default'}
                        variant={item.verified ? 'filled' : 'outlined'}
                        label={item.verified ? 'Verified' : 'Not verified'}
                      />
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {item.tracking_number ? `${item.tracking_number}${item.carrier ? ` (${item.carrier})` : ''}` : '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.formatted_total_weight}</TableCell>
                  <TableCell align="right">
                    {verifiable && (
                      <Button
                        size="small"
                        variant={item.verified ? 'text' : 'outlined'}
                        color={item.verified ? 'inherit' : 'success'}
                        disabled={verify.isPending}
                        onClick={() => verify.mutate({ item, verified: !item.verified })}
                        aria-label={`${item.verified ? 'Un-verify' : 'Verify'} ${item.sku}`}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {item.verified ? 'Un-verify' : 'Verify'}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
