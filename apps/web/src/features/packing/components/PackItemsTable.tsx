import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { PackItem } from '@wms/contract/packing';
import { PHONE_QUERY } from '../../../components/PaginatedTable';
import { lineState } from '../pack-progress';

const STATE_CHIP = {
  done: { label: 'Packed', color: 'success' },
  started: { label: 'In progress', color: 'primary' },
  waiting: { label: 'To scan', color: 'default' },
} as const;

function LineChip({ item }: { item: PackItem }) {
  const state = STATE_CHIP[lineState(item)];
  return (
    <Chip
      size="small"
      label={state.label}
      color={state.color}
      variant={state.color === 'default' ? 'outlined' : 'filled'}
    />
  );
}

/** Pixel strings: in `sx`, a bare 1 means 100%. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const lotsText = (item: PackItem) =>
  item.lots.length === 0 ? null : item.lots.map((lot) => `${lot.lot_number} (${lot.picked})`).join(', ');

/**
 * The order's lines, full width: what was ordered, brought to the bench (picked), verified by a scan, and packed in
 * a carton. Below 600 px each line is a card.
 */
export function PackItemsTable({ items }: { items: readonly PackItem[] }) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  if (phone) {
    return (
      <Box component="ul" aria-label="Items to pack" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.id}
            data-testid="pack-item"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {item.sku}
              </Typography>
              <LineChip item={item} />
            </Stack>
            <Typography variant="body2">{item.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              Ordered {item.quantity} · Picked {item.picked} · Verified {item.verified} · Packed {item.packed}
            </Typography>
            {lotsText(item) && (
              <Typography variant="caption" color="text.secondary">
                Lots {lotsText(item)}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Items to pack table" sx={{ overflowX: 'auto' }}>
      <Table aria-label="Items to pack" sx={{ '& td': { fontSize: '1rem' } }}>
        <TableHead>
          <TableRow>
            {['SKU', 'Product', 'Lots', 'Ordered', 'Picked', 'Verified', 'Packed', ''].map((header, index) => (
              <TableCell
                key={header || 'state'}
                align={index >= 3 && index <= 6 ? 'right' : undefined}
                sx={{ fontWeight: 600, color: 'text.secondary' }}
              >
                {header || (
                  <Box component="span" sx={visuallyHidden}>
                    State
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid="pack-item">
              <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{item.sku}</TableCell>
              <TableCell>
                {item.name}
                {item.barcode && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {item.barcode}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{lotsText(item) ?? '—'}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{item.picked}</TableCell>
              <TableCell align="right" data-testid="verified">
                {item.verified}
              </TableCell>
              <TableCell align="right" data-testid="packed">
                {item.packed}
              </TableCell>
              <TableCell>
                <LineChip item={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
