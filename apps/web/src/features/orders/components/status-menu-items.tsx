import { ListSubheader, MenuItem } from '@mui/material';
import type { OrderStatusOption } from '@wms/contract/orders';
import { STATUS_LIFECYCLE_GROUPS, statusLabel } from '@wms/contract/status-labels';
import type { ReactElement } from 'react';

/**
 * A status select's entries grouped by lifecycle under headings (Open, Shipped, Cancelled), each
 * showing its readable label while its value stays the status's (`optionValue`: the id for the selector, the name
 * for the filter). An array, not a fragment: MUI's Select reads its options from its direct children.
 */
export function statusMenuItems(
  options: readonly OrderStatusOption[],
  optionValue: (option: OrderStatusOption) => string,
): ReactElement[] {
  return STATUS_LIFECYCLE_GROUPS.flatMap(({ lifecycle, heading }) => {
    const group = options.filter((option) => option.lifecycle === lifecycle);
    if (group.length === 0) return [];
    return [
      <ListSubheader
        key={`heading-${lifecycle}`}
        data-testid="status-group"
        sx={{ lineHeight: '32px', fontWeight: 700 }}
      >
        {heading}
      </ListSubheader>,
      ...group.map((option) => (
        <MenuItem key={option.id} value={optionValue(option)} sx={{ pl: 3 }}>
          {statusLabel(option.name)}
        </MenuItem>
      )),
    ];
  });
}
