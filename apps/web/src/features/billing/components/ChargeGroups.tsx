import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ChargeLine, Evidence } from '@wms/contract/billing';
import { formatMoney, formatRate } from '@wms/contract/money';
import type { ReactNode } from 'react';

/** Lines have no id before they are invoiced: what sets one apart from the others of its group. */
const lineKey = (line: ChargeLine) =>
  [
    line.rate_source,
    line.rate_micros,
    line.evidence[0]?.date,
    line.evidence[0]?.id,
    line.description,
    line.quantity,
  ].join('|');

interface Group<L extends ChargeLine> {
  charge_type: string;
  label: string;
  lines: L[];
  total_cents: number;
}

/** A line's facts as the response lists them (the first EVIDENCE_LISTED); the CSV/XLSX export carries them all. */
function EvidenceList({ evidence, total }: { evidence: Evidence[]; total: number }) {
  if (evidence.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 180, overflow: 'auto' }} tabIndex={0}>
      {evidence.map((e) => (
        <Typography component="li" variant="caption" key={`${e.kind}-${e.id}-${e.date}-${e.reference}`}>
          {e.date} · {e.reference} · {e.quantity}
        </Typography>
      ))}
      {total > evidence.length && (
        <Typography component="li" variant="caption">
          … and {total - evidence.length} more (see the export)
        </Typography>
      )}
    </Box>
  );
}

/**
 * Charge lines grouped by charge type: each group folds open to its lines (quantity, rate, amount) and
 * each line's evidence (the shipments, orders, days × units it was derived from). Read-only, unless `actions` gives
 * a line its buttons (a draft's manual lines: edit, delete), shown in a last column.
 */
export function ChargeGroups<L extends ChargeLine>({
  groups,
  currency,
  total,
  actions,
}: {
  groups: Group<L>[];
  currency: string;
  total: number;
  actions?: (line: L) => ReactNode;
}) {
  if (groups.length === 0) {
    return <Typography color="text.secondary">No charges in this period.</Typography>;
  }
  return (
    <Stack spacing={1}>
      {groups.map((group) => (
        <Accordion key={group.charge_type} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" sx={{ width: '100%', justifyContent: 'space-between', pr: 1 }}>
              <Typography>{group.label}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatMoney(group.total_cents, currency)}</Typography>
            </Stack>
          </AccordionSummary>
          {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
          <AccordionDetails sx={{ overflowX: 'auto' }} tabIndex={0}>
            <Table size="small" aria-label={`${group.label} lines`}>
              <TableHead>
                <TableRow>
                  <TableCell>Description and evidence</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell align="right">Rate</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  {actions && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {group.lines.map((line) => (
                  <TableRow key={lineKey(line)}>
                    <TableCell>
                      {line.description}
                      <EvidenceList evidence={line.evidence} total={line.evidence_total} />
                    </TableCell>
                    <TableCell align="right">{line.quantity}</TableCell>
                    <TableCell align="right">{formatRate(line.rate_micros, currency)}</TableCell>
                    <TableCell align="right">{formatMoney(line.amount_cents, currency)}</TableCell>
                    {actions && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions(line)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </AccordionDetails>
        </Accordion>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', pr: 2 }}>
        <Typography variant="h6" component="p">
          Total {formatMoney(total, currency)}
        </Typography>
      </Stack>
    </Stack>
  );
}
