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
  useMediaQuery,
} from '@mui/material';
import { ORDER_MESSAGES, type OrderDetail, type OrderItem } from '@wms/contract/orders';
import { Fragment, useState } from 'react';
import { PHONE_QUERY } from '../../../components/PaginatedTable';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useVerifyOrderItem } from '../api';
import { orderFailure } from '../order-failure';
import { bundleSummary, groupOrderItems, type OrderItemGroup } from '../order-item-groups';
import { ScanToVerify } from './ScanToVerify';
import { TrackingNumber } from './TrackingNumber';

interface OrderItemsCardProps {
  order: OrderDetail;
  /** Staff with 'edit orders' verify items (clients never do). */
  canVerify: boolean;
}

/** Column headers; the tracking number sits under the SKU, so the packer's Verify button fits. */
const HEADERS: readonly [string, 'right' | undefined][] = [
  ['Product', undefined],
  ['Quantity', 'right'],
  ['Reserved', 'right'],
  ['Shipped', 'right'],
  ['Weight', 'right'],
  ['Verified', undefined],
  ['Actions', 'right'],
];

/** Product photo, name, SKU and (when set) the tracking number, kept whole. */
function ProductCell({ item }: { item: OrderItem }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 160 }}>
      <Avatar variant="rounded" src={item.product.photo_url ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {item.product.name.charAt(0)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', display: 'block' }}>
          {item.sku}
        </Typography>
        {item.tracking_number && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Tracking <TrackingNumber value={item.tracking_number} />
            {item.carrier ? ` (${item.carrier})` : ''}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** A bundle as ordered, over its component lines: "Gift set ×2: Candle ×2, Mug ×4". */
function BundleHeading({ group }: { group: Extract<OrderItemGroup, { type: 'bundle' }> }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
      <Chip size="small" label="Bundle" color="secondary" variant="outlined" />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {bundleSummary(group)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {group.kit.sku}
      </Typography>
    </Stack>
  );
}

/** "2 / 3" and whether the line is verified. */
function VerifiedState({ item }: { item: OrderItem }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
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
  );
}

/**
 * The order's lines; staff verify and un-verify each, or scan SKUs (shipping needs every item verified). Below
 * 600 px each line is a card, so nothing needs a sideways scroll.
 */
export function OrderItemsCard({ order, canVerify }: OrderItemsCardProps) {
  const [scanning, setScanning] = useState(false);
  const verifiable = canVerify && order.lifecycle === 'open';
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const verify = useVerifyOrderItem();
  const setVerified = (item: OrderItem, verified: boolean) =>
    verify.mutate(
      { orderId: order.id, itemId: item.id, verified },
      {
        onSuccess: (answer) =>
          notifySuccess(answer.message || (verified ? ORDER_MESSAGES.itemVerified : ORDER_MESSAGES.itemUnverified)),
        onError: (error) => {
          const message = orderFailure(error, ORDER_MESSAGES.statusUpdateFailed);
          if (message) notifyError(message);
        },
      },
    );

  const verifyButton = (item: OrderItem) =>
    verifiable && (
      <Button
        size="small"
        variant={item.verified ? 'text' : 'outlined'}
        color={item.verified ? 'inherit' : 'success'}
        disabled={verify.isPending}
        onClick={() => setVerified(item, !item.verified)}
        aria-label={`${item.verified ? 'Un-verify' : 'Verify'} ${item.sku}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {item.verified ? 'Un-verify' : 'Verify'}
      </Button>
    );

  const groups = groupOrderItems(order.order_items);
  const phoneLine = (item: OrderItem) => (
    <Box
      component="li"
      key={item.id}
      data-testid="order-item-card"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
    >
      <ProductCell item={item} />
      <Typography variant="body2" color="text.secondary">
        Qty {item.quantity} · Reserved {item.quantity_reserved}
        {item.quantity_short > 0 && ` (${item.quantity_short} short)`} · Shipped {item.quantity_shipped} ·{' '}
        {item.formatted_total_weight}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <VerifiedState item={item} />
        <Box sx={{ flex: 1 }} />
        {verifyButton(item)}
      </Stack>
    </Box>
  );

  const tableLine = (item: OrderItem, inBundle: boolean) => (
    <TableRow key={item.id} data-testid="order-item-row">
      <TableCell>
        <Box sx={{ pl: inBundle ? 2.5 : 0 }}>
          <ProductCell item={item} />
        </Box>
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
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {item.formatted_total_weight}
      </TableCell>
      <TableCell>
        <VerifiedState item={item} />
      </TableCell>
      <TableCell align="right">{verifyButton(item)}</TableCell>
    </TableRow>
  );

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
        {phone ? (
          <Box component="ul" aria-label="Order items" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {groups.map((group) =>
              group.type === 'line' ? (
                phoneLine(group.item)
              ) : (
                <Box component="li" key={`kit-${group.items[0]?.id}`} data-testid="order-bundle">
                  <BundleHeading group={group} />
                  <Box
                    component="ul"
                    aria-label={`Components of ${group.kit.sku}`}
                    sx={{
                      listStyle: 'none',
                      m: 0,
                      p: 0,
                      pl: 1.5,
                      display: 'grid',
                      gap: 1,
                      borderLeft: 3,
                      borderColor: 'secondary.light',
                    }}
                  >
                    {group.items.map(phoneLine)}
                  </Box>
                </Box>
              ),
            )}
          </Box>
        ) : (
          <TableContainer
            sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
            tabIndex={0}
            role="region"
            aria-label="Order items table"
          >
            <Table size="small" aria-label="Order items" sx={{ '& td, & th': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  {HEADERS.map(([header, align]) => (
                    <TableCell
                      key={header}
                      align={align}
                      sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}
                    >
                      {header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group) =>
                  group.type === 'line' ? (
                    tableLine(group.item, false)
                  ) : (
                    <Fragment key={`kit-${group.items[0]?.id}`}>
                      <TableRow data-testid="order-bundle">
                        <TableCell colSpan={HEADERS.length} sx={{ bgcolor: 'action.hover' }}>
                          <BundleHeading group={group} />
                        </TableCell>
                      </TableRow>
                      {group.items.map((item) => tableLine(item, true))}
                    </Fragment>
                  ),
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
