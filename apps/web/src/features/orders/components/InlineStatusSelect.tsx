import { MenuItem, TextField } from '@mui/material';
import type { Order, OrderStatusOption } from '@wms/contract/orders';
import { statusLabel } from '@wms/contract/status-labels';
import { ColorChip } from '../../../components/ColorChip';
import { statusMenuItems } from './status-menu-items';

interface InlineStatusSelectProps {
  order: Pick<Order, 'id' | 'order_number' | 'status' | 'status_id' | 'lifecycle' | 'status_color'>;
  options: OrderStatusOption[] | undefined;
  disabled?: boolean;
  onChange: (option: OrderStatusOption) => void;
  /** The detail page shows a labelled field; the lists a bare chip. */
  label?: string;
}

/**
 * The order's status and its selector as one control: the status chip, in its colour, opens the
 * statuses grouped by lifecycle (spec 2 §2, §4). A shipped order offers only its status (final). A status the
 * caller may not set (another audience's, or inactive) still shows as the current value, disabled.
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
      variant={label ? 'outlined' : 'standard'}
      fullWidth={Boolean(label)}
      value={String(order.status_id)}
      disabled={disabled || shipped || options === undefined}
      onChange={(event) => {
        const option = available.find((candidate) => String(candidate.id) === event.target.value);
        if (option && option.id !== order.status_id) onChange(option);
      }}
      sx={label ? { minWidth: 220 } : { maxWidth: '100%' }}
      slotProps={{
        input: label ? undefined : { disableUnderline: true },
        htmlInput: { 'aria-label': label ?? `Status of order ${order.order_number}` },
        select: {
          renderValue: () => <ColorChip label={statusLabel(order.status)} color={order.status_color} />,
          // The chip is the control: no box around it in the lists, its own focus ring instead.
          sx: label
            ? undefined
            : {
                py: 0.25,
                '&:focus': { bgcolor: 'transparent' },
                '&.Mui-focusVisible, &:focus-visible': { outline: 2 },
              },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {!hasCurrent && (
        <MenuItem value={String(order.status_id)} disabled={!shipped}>
          {statusLabel(order.status)}
        </MenuItem>
      )}
      {statusMenuItems(available, (option) => String(option.id))}
    </TextField>
  );
}
