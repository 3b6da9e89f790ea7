import { zodResolver } from '@hookform/resolvers/zod';
import {
  Grid,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { CUSTOMER_NAME_MAX, ORDER_NOTES_MAX } from '@wms/contract/order-form';
import { type OrderDetail, type OrderUpdateInput, orderUpdateSchema } from '@wms/contract/orders';
import { ORDER_PRIORITIES, ORDER_PRIORITY_LABELS } from '@wms/contract/waves';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormCard } from '../../../components/FormCard';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { textFieldProps } from '../../../lib/forms/text-field-props';

type FormValues = z.input<typeof orderUpdateSchema>;

const FIELDS = ['customer_name', 'ship_date', 'shipper_id', 'priority', 'notes', 'items'] as const;

const formValues = (order: OrderDetail): FormValues => ({
  customer_name: order.customer_name,
  ship_date: order.ship_date?.slice(0, 10) ?? '',
  shipper_id: order.shipper?.id ?? '',
  notes: order.notes ?? '',
  priority: order.priority,
  items: order.order_items.map((item) => ({ id: item.id, quantity: item.quantity })),
});

interface OrderEditFormProps {
  order: OrderDetail;
  shippers: { id: number; name: string }[];
  onSave: (input: OrderUpdateInput) => Promise<void>;
}

/**
 * /orders/{id}/edit (the spec shows no screen): what an open order may change — customer, ship date, shipper,
 * priority, notes and each line's quantity (the server moves the reservation through the ledger).
 */
export function OrderEditForm({ order, shippers, onSave }: OrderEditFormProps) {
  const form = useForm<FormValues, unknown, OrderUpdateInput>({
    resolver: zodResolver(orderUpdateSchema),
    defaultValues: formValues(order),
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerErrors(error, FIELDS, form.setError, 'Validation failed. Please check your input.');
    }
  });
  // The current shipper stays choosable even if it has since been deactivated.
  const shipperOptions =
    order.shipper && !shippers.some((s) => s.id === order.shipper?.id) ? [order.shipper, ...shippers] : shippers;

  return (
    <FormCard
      onSubmit={onSubmit}
      rootError={form.formState.errors.root?.server?.message}
      submitLabel="Save Changes"
      submitting={form.formState.isSubmitting}
      cancelTo={`/orders/${order.id}`}
    >
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...textFieldProps(form, 'customer_name')}
            label="Customer Name"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: CUSTOMER_NAME_MAX } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            {...textFieldProps(form, 'ship_date')}
            label="Ship Date"
            type="date"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Controller
            control={form.control}
            name="shipper_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                id="shipper_id"
                label="Shipper"
                fullWidth
                value={field.value === null || field.value === undefined ? '' : String(field.value)}
                onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                <MenuItem value="">No shipper</MenuItem>
                {shipperOptions.map((shipper) => (
                  <MenuItem key={shipper.id} value={String(shipper.id)}>
                    {shipper.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Controller
            control={form.control}
            name="priority"
            render={({ field, fieldState }) => (
              <TextField
                select
                id="priority"
                label="Priority"
                fullWidth
                value={field.value ?? 'normal'}
                onChange={(event) => field.onChange(event.target.value)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {ORDER_PRIORITIES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {ORDER_PRIORITY_LABELS[p]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...textFieldProps(form, 'notes')}
            label="Notes"
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: ORDER_NOTES_MAX } }}
          />
        </Grid>
      </Grid>
      <Typography variant="h6" component="h2">
        Items
      </Typography>
      <TableContainer
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
        tabIndex={0}
        role="region"
        aria-label="Item quantities table"
      >
        <Table size="small" aria-label="Item quantities">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Product</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Reserved</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 160 }}>Quantity</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.order_items.map((item, index) => {
              const props = textFieldProps(form, `items.${index}.quantity`);
              return (
                <TableRow key={item.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {item.product.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {item.sku}
                    </Typography>
                  </TableCell>
                  <TableCell>{item.quantity_reserved}</TableCell>
                  <TableCell>
                    <TextField
                      {...props}
                      id={`quantity-${item.id}`}
                      type="number"
                      size="small"
                      slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': `Quantity of ${item.sku}` } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {form.formState.errors.items?.message && (
        <Typography color="error" variant="body2">
          {form.formState.errors.items.message}
        </Typography>
      )}
    </FormCard>
  );
}
