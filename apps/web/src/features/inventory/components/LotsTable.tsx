import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Token } from '../../../components/Token';
import { daysUntil, expiryState, type LotSummary } from '../lot-summary';

/** Today as the user's calendar sees it (expiry dates are calendar dates). */
export const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function ExpiryChip({ expiryDate, today }: { expiryDate: string | null; today: string }) {
  const state = expiryState(expiryDate, today);
  if (state === 'expired') return <Chip size="small" color="error" label="Expired" />;
  if (state === 'soon') {
    const days = daysUntil(expiryDate!, today);
    return <Chip size="small" color="warning" label={days === 0 ? 'Expires today' : `In ${days} days`} />;
  }
  return null;
}

/** An inventory row's lots with their expiry, units and locations, soonest expiry first. */
export function LotsTable({ lots }: { lots: LotSummary[] }) {
  const today = localToday();
  return (
    // A focusable region: a table wider than a phone scrolls inside it, by keyboard too (axe: scrollable-region-focusable).
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Lots (scrolls sideways)">
      <Table size="small" aria-label="Lots">
        <TableHead>
          <TableRow>
            <TableCell>Lot</TableCell>
            <TableCell>Expiry</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell>Locations</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lots.map((lot) => (
            <TableRow key={lot.id}>
              <TableCell sx={{ fontWeight: 600 }}>
                <Token mono>{lot.code}</Token>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Token>{lot.expiryDate ?? '—'}</Token> <ExpiryChip expiryDate={lot.expiryDate} today={today} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {lot.units.toLocaleString()}
              </TableCell>
              <TableCell>
                {lot.locations.map((code, index) => (
                  <span key={code}>
                    {index > 0 && ', '}
                    <Token mono>{code}</Token>
                  </span>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
