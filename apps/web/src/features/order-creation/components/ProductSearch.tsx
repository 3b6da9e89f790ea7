import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { AvailableInventoryRow } from '@wms/contract/order-creation';
import { useEffect, useState } from 'react';
import { KindBadge } from '../../../components/KindBadge';
import { contextKeyOf } from '../../../lib/context/context-key';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { availableInventoryQuery } from '../api';
import { availableText } from '../sections';

const DEBOUNCE_MS = 300;
const STATUS_TEXT = { in_stock: 'In Stock', low_stock: 'Low Stock', out_of_stock: 'Out of Stock' } as const;

/** Spec §5: searches only for non-empty text, 300 ms after typing stops, within the section's account. */
export function ProductSearch({
  accountId,
  onPick,
  label,
}: {
  accountId: number | null;
  onPick: (row: AvailableInventoryRow) => void;
  label: string;
}) {
  const context = useWorkingContext();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const warehouseId = context.warehouseId;
  const options = availableInventoryQuery(contextKeyOf(context), search, accountId, warehouseId);
  const query = useQuery({ ...options, enabled: context.ready && options.enabled !== false });
  return (
    <Autocomplete<AvailableInventoryRow>
      options={query.data ?? []}
      filterOptions={(x) => x}
      getOptionLabel={(row) => `${row.sku} — ${row.name}`}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_, row) => {
        if (row) {
          onPick(row);
          setInput('');
        }
      }}
      loading={query.isFetching}
      disabled={accountId === null}
      noOptionsText={
        search === '' ? 'Type to search products' : query.isError ? 'Failed to load products' : 'No products found'
      }
      renderOption={(props, row) => (
        <Box component="li" {...props} key={row.product_id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.name}
              <KindBadge kind={row.kind} />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {row.sku} · {availableText(row)}
              {row.weight !== null ? ` · ${row.weight} lbs` : ''}
            </Typography>
          </Box>
          <Chip size="small" color={row.status_color} label={STATUS_TEXT[row.inventory_status]} />
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={accountId === null ? 'Select an account first' : 'Search by name or SKU'}
          size="small"
        />
      )}
    />
  );
}
