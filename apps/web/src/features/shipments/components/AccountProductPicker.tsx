import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@wms/contract/products';
import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { useEffect, useState } from 'react';
import { accountProductsQueryOptions } from '../api';

/** The product select searches 300 ms after the last keystroke (spec 2 §9's product-select debounce). */
const SEARCH_DEBOUNCE_MS = 300;

interface AccountProductPickerProps {
  /** The chosen account: its products are the options (none before an account is chosen). */
  accountId: number | null;
  value: Product | null;
  onChange: (product: Product | null) => void;
  error?: string;
  /** Several pickers on one form (a shipment's lines) need their own id and label. */
  id?: string;
  label?: string;
}

const label = (product: Product) => `${product.name} (${product.sku})`;

/** Spec 2 §5: the product list depends on the chosen account and filters by name or SKU. */
export function AccountProductPicker({
  accountId,
  value,
  onChange,
  error,
  id = 'product_id',
  label: fieldLabel = 'Product',
}: AccountProductPickerProps) {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(value && input === label(value) ? '' : input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, value]);
  const products = useQuery({ ...accountProductsQueryOptions(accountId ?? 0, term), enabled: accountId !== null });

  return (
    <Autocomplete
      id={id}
      options={products.data ?? []}
      value={value}
      onChange={(_event, product) => onChange(product)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      loading={products.isFetching}
      disabled={accountId === null}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={products.isError ? SHIPMENT_MESSAGES.loadProductsFailed : 'No products found'}
      renderOption={(props, product) => (
        <li {...props} key={product.id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {product.sku}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={fieldLabel}
          required
          placeholder={accountId === null ? 'Choose the account first' : 'Search by name or SKU'}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
