import { MenuItem, TextField } from '@mui/material';
import type { Order, OrderStatusOption } from '@wms/contract/orders';

interface InlineStatusSelectProps {
  order: Pick<Order, 'id' | 'order_number' | 'status' | 'status_id' | 'lifecycle' | 'status_color'>;
  options: OrderStatusOption[] | undefined;
  disabled?: boolean;
  onChange: (option: OrderStatusOption) => void;
  /** The detail page shows a wider, labelled field. */
  label?: string;
}

/**
 * The order's status as a select (spec 2 §2). A shipped order offers only its status (final). A status the caller
 * may not set (another audience's, or inactive) still shows as the current value, disabled.
 */
export function InlineStatusSelect({ order, options, disabled = false, onChange, label }: InlineStatusSelectProps) {
  const shipped = order.lifecycle === 'shipped';
  const available = shipped ? [] : (options ?? []);
  const hasCurrent = available.some((option) => option.id === order.status_id);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(order.status_id)}
      disabled={disabled || shipped || options === undefined}
      onChange={(event) => {
        const option = available.find((candidate) => String(candidate.id) === event.target.value);
        if (option && option.id !== order.status_id) onChange(option);
      }}
      sx={{ minWidth: label ? 220 : 150 }}
      slotProps={{ htmlInput: { 'aria-label': label ?? `Status of order ${order.order_number}` } }}
    >
      {!hasCurrent && (
        <MenuItem value={String(order.status_id)} disabled={!shipped}>
          {order.status}
        </MenuItem>
      )}
      {available.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
