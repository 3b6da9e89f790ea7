import { Box, Card, Checkbox } from '@mui/material';
import type { ReactNode } from 'react';
import type { RowId } from './PaginatedTable';

/**
 * What a phone card shows of a row: what a person scans for, in at most three lines; the rest is on
 * the detail or edit screen. Each line is cut with an ellipsis rather than wrapped, so every card keeps its height.
 */
export interface CardLayout<Row> {
  /** Line 1: the key identifier, usually a link to the row's detail page. */
  title: (row: Row) => ReactNode;
  /** Line 1, at the right: the row's status (a chip). */
  status?: (row: Row) => ReactNode;
  /** Line 2: who or what the row is about. */
  subtitle?: (row: Row) => ReactNode;
  /** Line 3: figures and dates. */
  meta?: (row: Row) => ReactNode;
  /** Line 3, at the right: the row's icon buttons. */
  actions?: (row: Row) => ReactNode;
}

export interface CardListProps<Row> {
  /** Accessible name of the list, e.g. 'Users'. */
  label: string;
  layout: CardLayout<Row>;
  rows: readonly Row[];
  getRowId: (row: Row) => RowId;
  isSelected?: (id: RowId) => boolean;
  onToggle?: (id: RowId) => void;
}

/** One line of a card: never wraps, cuts what does not fit. */
const lineSx = {
  minWidth: 0,
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** The phone layout of a list (below 600 px, DESIGN §7): one compact card per row, laid out by `layout`. */
export function CardList<Row>({ label, layout, rows, getRowId, isSelected, onToggle }: CardListProps<Row>) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1 }}>
      {rows.map((row) => {
        const id = getRowId(row);
        const subtitle = layout.subtitle?.(row);
        const meta = layout.meta?.(row);
        const actions = layout.actions?.(row);
        return (
          <Card component="li" key={id} variant="outlined" sx={{ px: 1.5, py: 1 }} data-testid="list-card">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
              {onToggle && (
                <Checkbox
                  size="small"
                  checked={isSelected?.(id) ?? false}
                  onChange={() => onToggle(id)}
                  slotProps={{ input: { 'aria-label': `Select row ${id}` } }}
                  sx={{ p: 0.5, ml: -0.5 }}
                />
              )}
              <Box sx={{ ...lineSx, typography: 'body1', fontWeight: 600 }}>{layout.title(row)}</Box>
              {layout.status && <Box sx={{ flexShrink: 0 }}>{layout.status(row)}</Box>}
            </Box>
            {subtitle !== undefined && subtitle !== null && subtitle !== '' && (
              <Box sx={{ ...lineSx, typography: 'body2', color: 'text.secondary' }}>{subtitle}</Box>
            )}
            {(meta || actions) && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
                <Box sx={{ ...lineSx, typography: 'body2', color: 'text.secondary' }}>{meta}</Box>
                {actions && (
                  <Box
                    sx={{ flexShrink: 0, display: 'flex', my: -0.5, mr: -0.75, '& .MuiIconButton-root': { p: 0.75 } }}
                  >
                    {actions}
                  </Box>
                )}
              </Box>
            )}
          </Card>
        );
      })}
    </Box>
  );
}

/** Parts of a card line joined with a middle dot, skipping the empty ones ('12 units · Dallas'). */
export function joinParts(...parts: (string | number | null | undefined | false)[]): string {
  return parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '').join(' · ');
}
