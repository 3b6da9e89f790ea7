import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Shipment, ShipmentLine } from '@wms/contract/shipments';
import { Fragment } from 'react';
import { PHONE_QUERY } from '../../../components/PaginatedTable';
import { Token } from '../../../components/Token';

/** "A-03-02-A (lot CR-2611A): 12, …": each code kept whole on a phone. */
function PutawayPlaces({ line }: { line: ShipmentLine }) {
  if (line.putaway.length === 0) return <>—</>;
  return (
    <>
      {line.putaway.map((p, index) => (
        <Fragment key={`${p.location.id}:${p.lot_code ?? ''}`}>
          {index > 0 && ', '}
          <Token mono>{p.location.code}</Token>
          {p.lot_code && (
            <>
              {' (lot '}
              <Token>{p.lot_code}</Token>)
            </>
          )}
          : {p.quantity.toLocaleString()}
        </Fragment>
      ))}
    </>
  );
}

const short = (line: ShipmentLine) => line.quantity_received !== null && line.quantity_received !== line.quantity;

/**
 * The shipment's products: announced vs received, the reason for a difference, and where the units were put away.
 * A table on wider screens; on a phone one card per line, as a five-column table there only
 * scrolled sideways.
 */
export function ShipmentLinesCard({ shipment }: { shipment: Shipment }) {
  const received = shipment.status === 'verified';
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return (
    <Card>
      <CardHeader
        title="Lines"
        subheader={
          received && shipment.quantity_received !== null
            ? `${shipment.quantity_received.toLocaleString()} of ${shipment.quantity.toLocaleString()} units received`
            : `${shipment.quantity.toLocaleString()} units announced`
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {phone ? (
          <LineCards shipment={shipment} received={received} />
        ) : (
          <LinesTable shipment={shipment} received={received} />
        )}
      </CardContent>
    </Card>
  );
}

function LineCards({ shipment, received }: { shipment: Shipment; received: boolean }) {
  return (
    <Box component="ul" aria-label="Shipment products" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {shipment.lines.map((line) => (
        <Card component="li" key={line.id} variant="outlined" sx={{ px: 1.5, py: 1 }} data-testid="shipment-line-card">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {line.product.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            <Token>{line.product.sku}</Token>
          </Typography>
          <Typography variant="body2">
            {line.quantity.toLocaleString()} announced
            {received && (
              <Box component="span" sx={{ color: short(line) ? 'warning.dark' : undefined }}>
                {' · '}
                {line.quantity_received?.toLocaleString() ?? '—'} received
              </Box>
            )}
          </Typography>
          {received && line.discrepancy_reason && (
            <Typography variant="body2" color="text.secondary">
              {line.discrepancy_reason}
            </Typography>
          )}
          {received && (
            <Typography variant="body2" color="text.secondary">
              Put away: <PutawayPlaces line={line} />
            </Typography>
          )}
        </Card>
      ))}
    </Box>
  );
}

function LinesTable({ shipment, received }: { shipment: Shipment; received: boolean }) {
  return (
    // A focusable region: codes kept whole can make the table wider than its card; it scrolls, by keyboard too.
    <TableContainer tabIndex={0} role="region" aria-label="Shipment products (scrolls sideways)">
      <Table size="small" aria-label="Shipment products">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Announced</TableCell>
            {received && <TableCell align="right">Received</TableCell>}
            {received && <TableCell>Discrepancy</TableCell>}
            {received && <TableCell>Put away</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {shipment.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {line.product.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <Token>{line.product.sku}</Token>
                </Typography>
              </TableCell>
              <TableCell align="right">{line.quantity.toLocaleString()}</TableCell>
              {received && (
                <TableCell align="right" sx={{ color: short(line) ? 'warning.dark' : undefined }}>
                  {line.quantity_received?.toLocaleString() ?? '—'}
                </TableCell>
              )}
              {received && <TableCell>{line.discrepancy_reason ?? '—'}</TableCell>}
              {received && (
                <TableCell>
                  <PutawayPlaces line={line} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
