import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { PackLookupResult, PackSortResult } from '@wms/contract/packing';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { failureMessage } from '../../../lib/api/failure-message';
import { sortUnit } from '../api';

type WaveLookup = Extract<PackLookupResult, { kind: 'wave' }>;

/**
 * A batch wave arrives as one cart of mixed units: each scanned unit is verified for the first order (by slot)
 * still missing it, and the station says in big letters which slot it goes in. Each order is then packed on its own.
 */
export function WaveSortPanel({ wave, onClose }: { wave: WaveLookup; onClose: () => void }) {
  const [last, setLast] = useState<PackSortResult | null>(null);

  const sort = async (code: string): Promise<ScanOutcome> => {
    try {
      const answer = await sortUnit(wave.wave_id, code);
      setLast(answer);
      return { status: 'success', message: answer.message };
    } catch (error) {
      setLast(null);
      return { status: 'not-found', message: failureMessage(error, 'This unit could not be sorted.') ?? '' };
    }
  };

  const orders = [...wave.orders].sort((a, b) => a.slot - b.slot);
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h6" component="h2">
              Sort {wave.wave_number} into slots
            </Typography>
            <Button onClick={onClose}>Scan something else</Button>
          </Stack>
          <ScanField label="Product barcode or SKU" emptyMessage="Scan one unit from the cart" onScan={sort} />
          <Box
            data-testid="sort-instruction"
            aria-live="polite"
            sx={{
              minHeight: 96,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: 2,
              bgcolor: last ? 'success.light' : 'action.hover',
              color: last ? 'success.contrastText' : 'text.secondary',
              p: 2,
              textAlign: 'center',
            }}
          >
            {last ? (
              <Typography component="p" sx={{ fontSize: { xs: '1.6rem', md: '2.4rem' }, fontWeight: 700 }}>
                Put it in slot {last.slot} — {last.order_number}
              </Typography>
            ) : (
              <Typography>Scan a unit: the slot it goes in shows here.</Typography>
            )}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Orders of the wave
          </Typography>
          <List aria-label="Orders of the wave">
            {orders.map((order) => (
              <ListItem key={order.order_id} disablePadding divider>
                <ListItemButton component={RouterLink} to={`/packing/orders/${order.order_id}`} sx={{ minHeight: 56 }}>
                  <ListItemText
                    primary={`Slot ${order.slot} · ${order.order_number}`}
                    secondary={order.tote ? `Tote ${order.tote} · pack this order` : 'Pack this order'}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Stack>
  );
}
