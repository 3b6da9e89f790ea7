import {
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
} from '@mui/material';
import type { Shipment } from '@wms/contract/shipments';

/** The shipment's products: announced vs received, the reason for a difference, and where the units were put away. */
export function ShipmentLinesCard({ shipment }: { shipment: Shipment }) {
  const received = shipment.status === 'verified';
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
        <TableContainer>
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
                      {line.product.sku}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{line.quantity.toLocaleString()}</TableCell>
                  {received && (
                    <TableCell
                      align="right"
                      sx={{ color: line.quantity_received !== line.quantity ? 'warning.dark' : undefined }}
                    >
                      {line.quantity_received?.toLocaleString() ?? '—'}
                    </TableCell>
                  )}
                  {received && <TableCell>{line.discrepancy_reason ?? '—'}</TableCell>}
                  {received && (
                    <TableCell>
                      {line.putaway.length === 0
                        ? '—'
                        : line.putaway
                            .map((p) => `${p.location.code}${p.lot_code ? ` (lot ${p.lot_code})` : ''}: ${p.quantity}`)
                            .join(', ')}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
