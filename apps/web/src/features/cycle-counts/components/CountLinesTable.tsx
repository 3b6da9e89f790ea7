import {
  Checkbox,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CycleCount } from '@wms/contract/cycle-counts';
import { Token } from '../../../components/Token';

interface CountLinesTableProps {
  count: CycleCount;
  /** Review: lines with a variance can be ticked to send back for a recount. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The count's lines. Expected and variance columns appear only when the server shows them (review and after, to
 * callers who may approve); while counting the table lists what was counted, never what is expected.
 */
export function CountLinesTable({ count, selection }: CountLinesTableProps) {
  const visible = count.expected_visible;
  // Lots get their own column once any line has one (each lot of a bin is counted as its own line).
  const lots = count.lines.some((line) => line.lot !== null);
  const toggle = (id: number) =>
    selection?.onChange(
      selection.selected.includes(id) ? selection.selected.filter((s) => s !== id) : [...selection.selected, id],
    );
  if (count.lines.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No product counted or expected yet.
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Count lines (scrolls sideways)">
      <Table size="small" aria-label="Count lines">
        <TableHead>
          <TableRow>
            {selection && <TableCell padding="checkbox">Recount</TableCell>}
            <TableCell>Location</TableCell>
            <TableCell>Product</TableCell>
            {lots && <TableCell>Lot</TableCell>}
            {visible && <TableCell align="right">Expected</TableCell>}
            <TableCell align="right">Counted</TableCell>
            {visible && <TableCell align="right">Variance</TableCell>}
            <TableCell>Notes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {count.lines.map((line) => {
            const variance = line.variance ?? 0;
            return (
              <TableRow key={line.id} selected={variance !== 0}>
                {selection && (
                  <TableCell padding="checkbox">
                    {variance !== 0 && (
                      <Checkbox
                        checked={selection.selected.includes(line.id)}
                        onChange={() => toggle(line.id)}
                        slotProps={{
                          input: {
                            'aria-label': `Recount ${line.product.sku}${line.lot ? ` lot ${line.lot.code}` : ''} in ${line.location.code}`,
                          },
                        }}
                      />
                    )}
                  </TableCell>
                )}
                <TableCell>
                  <Token mono>{line.location.code}</Token>
                </TableCell>
                <TableCell>
                  <Token sx={{ fontWeight: 700 }}>{line.product.sku}</Token> {line.product.name}
                </TableCell>
                {lots && (
                  <TableCell>
                    <Token mono>{line.lot?.code ?? '—'}</Token>
                  </TableCell>
                )}
                {visible && <TableCell align="right">{line.expected_quantity}</TableCell>}
                <TableCell align="right">{line.counted_quantity ?? '—'}</TableCell>
                {visible && (
                  <TableCell
                    align="right"
                    sx={{
                      fontWeight: variance !== 0 ? 700 : undefined,
                      color: variance < 0 ? 'error.main' : undefined,
                    }}
                  >
                    {line.variance === null ? '—' : signed(line.variance)}
                  </TableCell>
                )}
                <TableCell>
                  {line.added && <Chip size="small" label="Found" sx={{ mr: 0.5 }} />}
                  {line.recount && <Chip size="small" color="warning" label="Recount" />}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
