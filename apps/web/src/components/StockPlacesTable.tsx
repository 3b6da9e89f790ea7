import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LOCATION_TYPE_LABELS, type LocationType } from '@wms/contract/locations';
import { Token } from './Token';

export interface StockPlaceRow {
  key: string;
  location: { code: string; type: LocationType };
  lot: { code: string; expiry_date: string | null } | null;
  quantity: number;
  /** An extra first column (the warehouse on a product's page). */
  group?: string;
}

/**
 * Units per location (and lot), in the order stock is taken: inventory detail, product detail and the
 * order's pick suggestion all show it. Quarantine is flagged, as those units are not available.
 */
export function StockPlacesTable({
  rows,
  groupHeader,
  quantityHeader = 'Units',
  label,
}: {
  rows: StockPlaceRow[];
  groupHeader?: string;
  quantityHeader?: string;
  label: string;
}) {
  return (
    // A focusable region: a table wider than a phone scrolls inside it, by keyboard too (axe: scrollable-region-focusable).
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label} (scrolls sideways)`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {groupHeader && <TableCell>{groupHeader}</TableCell>}
            <TableCell>Location</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Lot</TableCell>
            <TableCell align="right">{quantityHeader}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {groupHeader && <TableCell>{row.group}</TableCell>}
              <TableCell sx={{ fontWeight: 600 }}>
                <Token mono>{row.location.code}</Token>
              </TableCell>
              <TableCell>
                {row.location.type === 'quarantine' ? (
                  <Chip size="small" color="warning" label={LOCATION_TYPE_LABELS.quarantine} />
                ) : (
                  LOCATION_TYPE_LABELS[row.location.type]
                )}
              </TableCell>
              <TableCell>
                {row.lot ? (
                  <>
                    <Token>{row.lot.code}</Token>
                    {row.lot.expiry_date && (
                      <Typography variant="caption" color="text.secondary" component="span">
                        {' '}
                        · expires <Token>{row.lot.expiry_date}</Token>
                      </Typography>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.quantity.toLocaleString()}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
