import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Wave } from '@wms/contract/waves';
import { NO_WRAP } from '../table-style';
import { WaveProgress } from './WaveProgress';

interface PickerRow {
  picker: string;
  waves: string[];
  tasksDone: number;
  tasksTotal: number;
  unitsPicked: number;
  unitsTotal: number;
}

/** The waves in progress grouped by picker (one picker per wave); waves nobody took yet come last. */
export function pickerRows(waves: readonly Wave[]): PickerRow[] {
  const rows = new Map<string, PickerRow>();
  for (const wave of waves) {
    const picker = wave.assignee?.name ?? 'Not taken yet';
    const row = rows.get(picker) ?? { picker, waves: [], tasksDone: 0, tasksTotal: 0, unitsPicked: 0, unitsTotal: 0 };
    row.waves.push(wave.number);
    row.tasksDone += wave.tasks_done;
    row.tasksTotal += wave.tasks_total;
    row.unitsPicked += wave.units_picked;
    row.unitsTotal += wave.unit_count;
    rows.set(picker, row);
  }
  return [...rows.values()].sort(
    (a, b) =>
      Number(a.picker === 'Not taken yet') - Number(b.picker === 'Not taken yet') || a.picker.localeCompare(b.picker),
  );
}

export function PickerProgressTable({ waves }: { waves: readonly Wave[] }) {
  const rows = pickerRows(waves);
  if (rows.length === 0) return <Typography color="text.secondary">No wave in progress.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Pickers (scrolls)">
      <Table size="small" sx={NO_WRAP} aria-label="Progress per picker">
        <TableHead>
          <TableRow>
            <TableCell>Picker</TableCell>
            <TableCell>Waves</TableCell>
            <TableCell>Progress</TableCell>
            <TableCell align="right">Units</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.picker}>
              <TableCell component="th" scope="row">
                {row.picker}
              </TableCell>
              <TableCell>{row.waves.join(', ')}</TableCell>
              <TableCell>
                <WaveProgress done={row.tasksDone} total={row.tasksTotal} label={row.picker} />
              </TableCell>
              <TableCell align="right">
                {row.unitsPicked} / {row.unitsTotal}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
