import { Box, Card, Checkbox, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { RowId, TableColumn } from './PaginatedTable';

export interface CardListProps<Row> {
  /** Accessible name of the list, e.g. 'Users'. */
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => RowId;
  isSelected?: (id: RowId) => boolean;
  onToggle?: (id: RowId) => void;
}

/**
 * The phone layout of a list (below 600 px, DESIGN §7): one card per row. The first column is the card's title,
 * a column with id 'actions' its footer, the others label–value pairs, so nothing sits off-screen.
 */
export function CardList<Row>({ label, columns, rows, getRowId, isSelected, onToggle }: CardListProps<Row>) {
  const [title, ...rest] = columns;
  const actions = rest.find((column) => column.id === 'actions');
  const fields = rest.filter((column) => column !== actions && !column.hideInCard);
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => {
        const id = getRowId(row);
        return (
          <Card component="li" key={id} sx={{ p: 1.5 }} data-testid="list-card">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {onToggle && (
                <Checkbox
                  checked={isSelected?.(id) ?? false}
                  onChange={() => onToggle(id)}
                  slotProps={{ input: { 'aria-label': `Select row ${id}` } }}
                  sx={{ mt: -0.5, ml: -0.5 }}
                />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>{title?.render(row)}</Box>
            </Stack>
            {fields.length > 0 && (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0, mt: 1 }}
              >
                {fields.map((column) => (
                  <CardField key={column.id} label={column.header}>
                    {column.render(row)}
                  </CardField>
                ))}
              </Box>
            )}
            {actions && <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>{actions.render(row)}</Box>}
          </Card>
        );
      })}
    </Box>
  );
}

/** One label–value pair; `display: contents` keeps dt/dd direct grid items while the div groups them for dl. */
function CardField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
        {children}
      </Box>
    </Box>
  );
}
