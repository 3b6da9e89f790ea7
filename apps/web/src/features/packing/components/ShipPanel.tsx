import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import type { PackView } from '@wms/contract/packing';
import { useState } from 'react';
import { type ShipLine, shipLines } from '../pack-progress';

interface ShipPanelProps {
  view: PackView;
  busy: boolean;
  /** The server's refusal, worded as it said it. */
  problem: string | null;
  onShip: (lines: ShipLine[]) => void;
  /** With no network: why Ship is disabled. */
  offlineReason?: string | null;
}

/**
 * Ship: carrier and tracking number per carton (prefilled from the order's label), then one click. What still
 * stands in the way (units not packed, cartons open, a required label) is listed as the server says it.
 */
export function ShipPanel({ view, busy, problem, onShip, offlineReason = null }: ShipPanelProps) {
  const [lines, setLines] = useState<ShipLine[]>(() => shipLines(view));
  // Cartons opened or removed since: new lines start from their defaults, the typed ones are kept.
  const current = shipLines(view).map((fresh) => lines.find((line) => line.cartonId === fresh.cartonId) ?? fresh);
  const edit = (cartonId: number, change: Partial<ShipLine>) =>
    setLines(current.map((line) => (line.cartonId === cartonId ? { ...line, ...change } : line)));

  return (
    <Card component="section" aria-label="Ship">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Ship
        </Typography>
        <Stack spacing={1.5}>
          {current.map((line) => (
            <Box key={line.cartonId}>
              <Typography variant="subtitle2" component="h3">
                Carton {line.number}
                {line.sscc ? ` · ${line.sscc}` : ''}
              </Typography>
              <Grid container spacing={1} sx={{ mt: 0.5 }}>
                <Grid size={{ xs: 12, sm: 5 }}>
                  <TextField
                    label={`Carrier of carton ${line.number}`}
                    value={line.carrier}
                    onChange={(event) => edit(line.cartonId, { carrier: event.target.value })}
                    fullWidth
                    size="small"
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 7 }}>
                  <TextField
                    label={`Tracking number of carton ${line.number}`}
                    value={line.trackingNumber}
                    onChange={(event) => edit(line.cartonId, { trackingNumber: event.target.value })}
                    fullWidth
                    size="small"
                    slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off', spellCheck: false } }}
                  />
                </Grid>
              </Grid>
            </Box>
          ))}
          {view.blockers.length > 0 && (
            <Alert severity="info" role="status">
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {view.blockers.map((blocker) => (
                  <li key={blocker}>{blocker}</li>
                ))}
              </Box>
            </Alert>
          )}
          {offlineReason && (
            <Alert severity="info" role="status">
              {offlineReason}
            </Alert>
          )}
          {problem && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {problem}
            </Alert>
          )}
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<LocalShippingIcon />}
            disabled={busy || offlineReason !== null}
            onClick={() => onShip(current)}
            sx={{ minHeight: 56 }}
          >
            Ship {view.order.order_number}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
