import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ManualChargeListItem } from '@wms/contract/billing';
import { formatMoney, formatRate } from '@wms/contract/money';
import { EmptyState } from '../../../components/EmptyState';

/**
 * Manual charges with their day, account, quantity, rate and amount. A charge whose day a finalized invoice covers
 * names that invoice and offers no Delete (the server refuses it too: finalized invoices are frozen).
 */
export function ManualChargeTable({
  charges,
  currency,
  onDelete,
}: {
  charges: ManualChargeListItem[];
  currency: string;
  onDelete: (charge: ManualChargeListItem) => void;
}) {
  if (charges.length === 0) return <EmptyState title="No manual charges" />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label="Manual charges">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.map((charge) => (
            <TableRow key={charge.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{charge.charge_date}</TableCell>
              <TableCell>{charge.account_name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{charge.description}</TableCell>
              <TableCell align="right">{charge.quantity}</TableCell>
              <TableCell align="right">{formatRate(charge.rate_micros, currency)}</TableCell>
              <TableCell align="right">{formatMoney(charge.amount_cents, currency)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {charge.invoice_number ? (
                  <Tooltip title="A finalized invoice covers this day: void it to change the charge">
                    <Typography variant="body2" color="text.secondary" component="span">
                      On {charge.invoice_number}
                    </Typography>
                  </Tooltip>
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onDelete(charge)}
                    aria-label={`Delete ${charge.description}`}
                  >
                    Delete
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
