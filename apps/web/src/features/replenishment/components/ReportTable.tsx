import {
  Box,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReplenishmentLine } from '@wms/contract/replenishment';
import { UrgentChip } from './UrgentChip';

interface ReportTableProps {
  lines: readonly ReplenishmentLine[];
  /** Pick-face ids chosen for "Create tasks"; null when the user may not create tasks (no checkboxes). */
  selected: readonly number[] | null;
  onSelect: (ids: number[]) => void;
}

/** A line can get a task when it has none live and storage has units to bring. */
export const canCreate = (line: ReplenishmentLine) => line.open_task_id === null && line.quantity > 0;

/** The live report: what each pick face lacks, how many to bring, and from where (lot and expiry). */
export function ReportTable({ lines, selected, onSelect }: ReportTableProps) {
  const choosable = lines.filter(canCreate).map((line) => line.pick_face.id);
  const toggle = (id: number) =>
    selected && onSelect(selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id]);
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Replenishment report">
      <Table size="small" aria-label="Replenishment report">
        <TableHead>
          <TableRow>
            {selected && (
              <TableCell padding="checkbox">
                <Checkbox
                  slotProps={{ input: { 'aria-label': 'Select every line' } }}
                  checked={choosable.length > 0 && choosable.every((id) => selected.includes(id))}
                  indeterminate={selected.length > 0 && selected.length < choosable.length}
                  disabled={choosable.length === 0}
                  onChange={(event) => onSelect(event.target.checked ? choosable : [])}
                />
              </TableCell>
            )}
            <TableCell>Product</TableCell>
            <TableCell>Pick face</TableCell>
            <TableCell align="right">Free</TableCell>
            <TableCell align="right">Min</TableCell>
            <TableCell align="right">Max</TableCell>
            <TableCell align="right">To bring</TableCell>
            <TableCell>From</TableCell>
            <TableCell>Task</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => {
            const face = line.pick_face;
            return (
              <TableRow key={face.id} data-testid={`report-line-${face.location.code}`}>
                {selected && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{ input: { 'aria-label': `Select ${face.product.sku} at ${face.location.code}` } }}
                      checked={selected.includes(face.id)}
                      disabled={!canCreate(line)}
                      onChange={() => toggle(face.id)}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <Box sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{face.product.sku}</Box>
                  <Typography variant="body2" color="text.secondary">
                    {face.product.name}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ fontFamily: 'monospace' }}>{face.location.code}</Box>
                    {line.urgent && <UrgentChip />}
                  </Stack>
                </TableCell>
                <TableCell align="right">{face.available}</TableCell>
                <TableCell align="right">{face.min}</TableCell>
                <TableCell align="right">{face.max}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {line.quantity}
                </TableCell>
                <TableCell>
                  {line.sources.length === 0
                    ? // A live task holds its units at the source: storage shows nothing more to promise.
                      line.open_task_id
                      ? 'See the task'
                      : 'Nothing free in storage'
                    : line.sources.map((source) => (
                        <Box key={`${source.location.id}:${source.lot?.id ?? ''}`} sx={{ whiteSpace: 'nowrap' }}>
                          {source.quantity} from{' '}
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {source.location.code}
                          </Box>
                          {source.lot && ` · lot ${source.lot.code}`}
                          {source.lot?.expiry_date && ` · exp ${source.lot.expiry_date}`}
                        </Box>
                      ))}
                </TableCell>
                <TableCell>{line.open_task_id ? `#${line.open_task_id}` : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
