import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

interface SetupTableProps<Row> {
  label: string;
  headers: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  cells: (row: Row) => ReactNode[];
}

/** A small set-up list (carton types, stations): scrolls inside its card at phone width, the last column right. */
export function SetupTable<Row>({ label, headers, rows, rowKey, cells }: SetupTableProps<Row>) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${label} table`} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header, index) => (
              <TableCell
                key={header}
                align={index === headers.length - 1 ? 'right' : undefined}
                sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}
              >
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {cells(row).map((cell, index) => (
                <TableCell
                  key={headers[index]}
                  align={index === headers.length - 1 ? 'right' : undefined}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
