import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, TextField, Typography } from '@mui/material';
import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { KindBadge } from '../../../components/KindBadge';
import type { SectionProduct } from '../sections';

export interface ProductLinesProps {
  label: string;
  products: readonly SectionProduct[];
  /** The form's message for the line at this index (its quantity or product), if any. */
  errorOf: (index: number) => string | undefined;
  onQuantity: (index: number, quantity: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The chosen products of one order as a list of lines laid out on a grid: on a desktop one row
 * per product under column captions; on a phone the name takes the whole first row and SKU, availability, quantity
 * and delete share the second, so a line fits 390 px without sideways scrolling.
 */
const lineGrid = {
  display: 'grid',
  columnGap: 2,
  rowGap: 0.5,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr) 96px 40px', sm: 'minmax(0, 2fr) minmax(0, 1fr) 80px 112px 40px' },
  gridTemplateAreas: {
    xs: '"name name name" "meta qty del"',
    sm: '"name sku avail qty del"',
  },
} as const;

export function ProductLines({ label, products, errorOf, onQuantity, onRemove }: ProductLinesProps) {
  return (
    <Box>
      <Box
        aria-hidden
        sx={{ ...lineGrid, display: { xs: 'none', sm: 'grid' }, pb: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {(['Product', 'SKU', 'Available', 'Quantity'] as const).map((caption) => (
          <Typography
            key={caption}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: caption === 'Available' || caption === 'Quantity' ? 'right' : 'left' }}
          >
            {caption}
          </Typography>
        ))}
      </Box>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {products.map((p, index) => {
          const fieldError = errorOf(index) ?? (!(p.quantity >= 1) ? M.quantityInvalid : undefined);
          return (
            <Box component="li" key={p.product_id} sx={{ ...lineGrid, py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ gridArea: 'name', overflowWrap: 'anywhere' }}>
                {p.name}
                {p.kind && <KindBadge kind={p.kind} />}
              </Typography>
              <Typography
                variant="body2"
                sx={{ gridArea: { xs: 'meta', sm: 'sku' }, overflowWrap: 'anywhere', minWidth: 0 }}
              >
                {p.sku}
                <Box component="span" sx={{ display: { sm: 'none' }, color: 'text.secondary' }}>
                  {` · ${p.quantity_available} available`}
                </Box>
              </Typography>
              <Typography
                variant="body2"
                sx={{ gridArea: 'avail', textAlign: 'right', display: { xs: 'none', sm: 'block' } }}
              >
                {p.quantity_available}
              </Typography>
              <TextField
                size="small"
                type="number"
                sx={{ gridArea: 'qty' }}
                value={Number.isNaN(p.quantity) ? '' : p.quantity}
                onChange={(e) => onQuantity(index, e.target.value === '' ? Number.NaN : Number(e.target.value))}
                error={!!fieldError}
                helperText={fieldError}
                slotProps={{ htmlInput: { min: 1, 'aria-label': `Quantity of ${p.sku}` } }}
              />
              <IconButton sx={{ gridArea: 'del' }} aria-label={`Remove ${p.sku}`} onClick={() => onRemove(index)}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
