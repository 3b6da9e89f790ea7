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
import {
  CUSTOMER_NAME_MAX,
  EXTERNAL_ORDER_ID_MAX,
  ORDER_NOTES_MAX,
  type OrderShipper,
} from '@wms/contract/order-creation';
import { ORDER_PRIORITIES, ORDER_PRIORITY_LABELS } from '@wms/contract/waves';
import { Controller, get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { OrderCreateValues } from '../order-create-form';
import { type LabelEntry, newLabel, productFromRow } from '../sections';
import { ProductLines } from './ProductLines';
import { ProductSearch } from './ProductSearch';
import { StockIndicator } from './StockIndicator';

export interface OrderSectionProps {
  index: number;
  accounts: readonly Account[];
  shippers: readonly OrderShipper[];
  canRemove: boolean;
  onRemove: () => void;
}

const TEXT_MAX = { customer_name: CUSTOMER_NAME_MAX, order_id: EXTERNAL_ORDER_ID_MAX, notes: ORDER_NOTES_MAX };

/** One order of /orders/create (`orders.{index}` of the form): details (§3 form), labels, product search, products. */
export function OrderSection({ index, accounts, shippers, canRemove, onRemove }: OrderSectionProps) {
  const title = `Order ${index + 1}`;
  const { control, getValues, setValue, clearErrors } = useFormContext<OrderCreateValues>();
  const { errors } = useFormState({ control, name: `orders.${index}` });
  const labels = useFieldArray({ control, name: `orders.${index}.labels`, keyName: 'fieldId' });
  const products = useFieldArray({ control, name: `orders.${index}.products`, keyName: 'fieldId' });
  const lines = useWatch({ control, name: `orders.${index}.products` });
  const accountId = useWatch({ control, name: `orders.${index}.account_id` });
  const messageAt = (path: string): string | undefined =>
    (get(errors, `orders.${index}.${path}`) as { message?: string } | undefined)?.message;

  const text = (field: keyof typeof TEXT_MAX, label: string, required = true) => (
    <Controller
      control={control}
      name={`orders.${index}.${field}`}
      render={({ field: { ref, ...input }, fieldState }) => (
        <TextField
          {...input}
          inputRef={ref}
          label={label}
          size="small"
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          multiline={field === 'notes'}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX[field] } }}
        />
      )}
    />
  );
  const labelText = (i: number, field: 'label_name' | 'tracking_number', label: string) => (
    <Controller
      control={control}
      name={`orders.${index}.labels.${i}.${field}`}
      render={({ field: { ref, ...input } }) => <TextField {...input} inputRef={ref} size="small" label={label} />}
    />
  );

  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StockIndicator products={lines} />
            <IconButton aria-label={`Remove ${title}`} onClick={onRemove} disabled={!canRemove}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        }
      />
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name={`orders.${index}.account_id`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Account"
                  size="small"
                  required
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    const next = Number(e.target.value) || null;
                    // Products belong to one account: a new account starts an empty product list.
                    if (next !== field.value) products.replace([]);
                    field.onChange(next);
                  }}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  {accounts.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name={`orders.${index}.shipper_id`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Shipper"
                  size="small"
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(Number(e.target.value) || null)}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="">No shipper</MenuItem>
                  {shippers.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {text('customer_name', 'Customer Name')}
            <Controller
              control={control}
              name={`orders.${index}.ship_date`}
              render={({ field: { ref, ...input }, fieldState }) => (
                <TextField
                  {...input}
                  inputRef={ref}
                  label="Ship Date"
                  type="date"
                  size="small"
                  required
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            />
            {text('order_id', 'Order Id')}
            {text('notes', 'Notes', false)}
            <Controller
              control={control}
              name={`orders.${index}.priority`}
              render={({ field }) => (
                <TextField
                  select
                  label="Priority"
                  size="small"
                  inputRef={field.ref}
                  value={field.value ?? 'normal'}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value)}
                >
                  {ORDER_PRIORITIES.map((p) => (
                    <MenuItem key={p} value={p}>
                      {ORDER_PRIORITY_LABELS[p]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>

          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2" component="h3">
                Labels
              </Typography>
              <Button size="small" startIcon={<AddIcon />} onClick={() => labels.append(newLabel())}>
                Add label
              </Button>
            </Stack>
            {labels.fields.map((label, i) => (
              <Stack key={label.fieldId} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                {/* One line, never wrapped; a long file name is cut with an ellipsis. */}
                <Controller
                  control={control}
                  name={`orders.${index}.labels.${i}.file`}
                  render={({ field }) => (
                    <Button
                      component="label"
                      variant="outlined"
                      size="small"
                      sx={{ flexShrink: 0, whiteSpace: 'nowrap', maxWidth: { sm: 200 } }}
                    >
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {field.value?.name ?? getValues(`orders.${index}.labels.${i}.stored`)?.name ?? 'Choose PDF'}
                      </Box>
                      <input
                        hidden
                        type="file"
                        accept=".pdf,application/pdf"
                        aria-label={`${title} label ${i + 1} file`}
                        onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                      />
                    </Button>
                  )}
                />
                {labelText(i, 'label_name', 'Label name')}
                <Controller
                  control={control}
                  name={`orders.${index}.labels.${i}.label_type`}
                  render={({ field: { ref, ...input } }) => (
                    <TextField
                      {...input}
                      inputRef={ref}
                      select
                      size="small"
                      label="Type"
                      onChange={(e) => input.onChange(e.target.value as LabelEntry['label_type'])}
                    >
                      <MenuItem value="shipping">Shipping</MenuItem>
                      <MenuItem value="return">Return</MenuItem>
                      <MenuItem value="customs">Customs</MenuItem>
                    </TextField>
                  )}
                />
                {labelText(i, 'tracking_number', 'Tracking number')}
                <IconButton aria-label={`Remove ${title} label ${i + 1}`} onClick={() => labels.remove(i)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
            ))}
          </Box>

          <ProductSearch
            label={`Search products for ${title}`}
            accountId={accountId}
            onPick={(row) => {
              const existing = lines.findIndex((p) => p.product_id === row.product_id);
              if (existing < 0) products.append(productFromRow(row));
              else
                setValue(`orders.${index}.products.${existing}.quantity`, (lines[existing]?.quantity ?? 0) + 1, {
                  shouldDirty: true,
                });
            }}
          />
          {lines.length > 0 && (
            <ProductLines
              label={`${title} products`}
              products={lines}
              errorOf={(i) => messageAt(`products.${i}.quantity`) ?? messageAt(`products.${i}.product_id`)}
              onQuantity={(i, quantity) => {
                // A changed quantity is judged afresh (the line's own check shows at once; see ProductLines).
                clearErrors(`orders.${index}.products.${i}`);
                setValue(`orders.${index}.products.${i}.quantity`, quantity, { shouldDirty: true });
              }}
              onRemove={(i) => products.remove(i)}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
