import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Account } from '@wms/contract/entities';
import type { OrderShipper } from '@wms/contract/order-creation';
import { type LabelEntry, newKey, type OrderForm, productFromRow, type Section } from '../sections';
import { ProductLines } from './ProductLines';
import { ProductSearch } from './ProductSearch';
import { StockIndicator } from './StockIndicator';

export interface OrderSectionProps {
  section: Section;
  index: number;
  accounts: readonly Account[];
  shippers: readonly OrderShipper[];
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (section: Section) => void;
  onRemove: () => void;
}

/** One order of /orders/create: details (§3 form), labels, product search and the chosen products. */
export function OrderSection({
  section,
  index,
  accounts,
  shippers,
  errors,
  canRemove,
  onChange,
  onRemove,
}: OrderSectionProps) {
  const title = `Order ${index + 1}`;
  const setForm = (patch: Partial<OrderForm>) => onChange({ ...section, form: { ...section.form, ...patch } });
  const error = (field: string) => errors[`${section.key}.${field}`];
  const setLabel = (key: string, patch: Partial<LabelEntry>) =>
    onChange({ ...section, labels: section.labels.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const text = (field: 'customer_name' | 'order_id' | 'notes', label: string, required = true) => (
    <TextField
      label={label}
      size="small"
      required={required}
      value={section.form[field]}
      onChange={(e) => setForm({ [field]: e.target.value })}
      error={!!error(field)}
      helperText={error(field)}
      fullWidth
      multiline={field === 'notes'}
      slotProps={{ htmlInput: { maxLength: field === 'notes' ? 2000 : field === 'order_id' ? 100 : 255 } }}
    />
  );

  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StockIndicator products={section.products} />
            <IconButton aria-label={`Remove ${title}`} onClick={onRemove} disabled={!canRemove}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        }
      />
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label="Account"
              size="small"
              required
              value={section.form.account_id ?? ''}
              onChange={(e) =>
                onChange({
                  ...section,
                  form: { ...section.form, account_id: Number(e.target.value) || null },
                  // Products belong to one account: a new account starts an empty product list.
                  products: Number(e.target.value) === section.form.account_id ? section.products : [],
                })
              }
              error={!!error('account_id')}
              helperText={error('account_id')}
            >
              {accounts.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Shipper"
              size="small"
              value={section.form.shipper_id ?? ''}
              onChange={(e) => setForm({ shipper_id: Number(e.target.value) || null })}
              error={!!error('shipper_id')}
              helperText={error('shipper_id')}
            >
              <MenuItem value="">No shipper</MenuItem>
              {shippers.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            {text('customer_name', 'Customer Name')}
            <TextField
              label="Ship Date"
              type="date"
              size="small"
              required
              value={section.form.ship_date}
              onChange={(e) => setForm({ ship_date: e.target.value })}
              error={!!error('ship_date')}
              helperText={error('ship_date')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {text('order_id', 'Order Id')}
            {text('notes', 'Notes', false)}
          </Box>

          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2" component="h3">
                Labels
              </Typography>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() =>
                  onChange({
                    ...section,
                    labels: [
                      ...section.labels,
                      {
                        key: newKey('label'),
                        file: null,
                        stored: null,
                        label_name: '',
                        label_type: 'shipping',
                        tracking_number: '',
                        carrier: '',
                      },
                    ],
                  })
                }
              >
                Add label
              </Button>
            </Stack>
            {section.labels.map((label, i) => (
              <Stack key={label.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                {/* One line, never wrapped (issue 25 §20); a long file name is cut with an ellipsis. */}
                <Button
                  component="label"
                  variant="outlined"
                  size="small"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap', maxWidth: { sm: 200 } }}
                >
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {label.file?.name ?? label.stored?.name ?? 'Choose PDF'}
                  </Box>
                  <input
                    hidden
                    type="file"
                    accept=".pdf,application/pdf"
                    aria-label={`${title} label ${i + 1} file`}
                    onChange={(e) => setLabel(label.key, { file: e.target.files?.[0] ?? null })}
                  />
                </Button>
                <TextField
                  size="small"
                  label="Label name"
                  value={label.label_name}
                  onChange={(e) => setLabel(label.key, { label_name: e.target.value })}
                />
                <TextField
                  select
                  size="small"
                  label="Type"
                  value={label.label_type}
                  onChange={(e) => setLabel(label.key, { label_type: e.target.value as LabelEntry['label_type'] })}
                >
                  <MenuItem value="shipping">Shipping</MenuItem>
                  <MenuItem value="return">Return</MenuItem>
                  <MenuItem value="customs">Customs</MenuItem>
                </TextField>
                <TextField
                  size="small"
                  label="Tracking number"
                  value={label.tracking_number}
                  onChange={(e) => setLabel(label.key, { tracking_number: e.target.value })}
                />
                <IconButton
                  aria-label={`Remove ${title} label ${i + 1}`}
                  onClick={() => onChange({ ...section, labels: section.labels.filter((l) => l.key !== label.key) })}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
            ))}
          </Box>

          <ProductSearch
            label={`Search products for ${title}`}
            accountId={section.form.account_id}
            onPick={(row) => {
              const existing = section.products.find((p) => p.product_id === row.product_id);
              onChange({
                ...section,
                products: existing
                  ? section.products.map((p) =>
                      p.product_id === row.product_id ? { ...p, quantity: p.quantity + 1 } : p,
                    )
                  : [...section.products, productFromRow(row)],
              });
            }}
          />
          {section.products.length > 0 && (
            <ProductLines
              label={`${title} products`}
              products={section.products}
              errorOf={(productId) => error(`products.${productId}`)}
              onQuantity={(productId, quantity) =>
                onChange({
                  ...section,
                  products: section.products.map((x) => (x.product_id === productId ? { ...x, quantity } : x)),
                })
              }
              onRemove={(productId) =>
                onChange({ ...section, products: section.products.filter((x) => x.product_id !== productId) })
              }
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
