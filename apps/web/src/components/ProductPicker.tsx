import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { Product } from '@wms/contract/products';
import { useEffect, useState } from 'react';
import { contextKeyOf } from '../lib/context/contextKey';
import { searchProducts } from '../lib/context/productSearch';
import { useContextQuery } from '../lib/context/useContextQuery';

/** Spec §9: the product select searches 300 ms after the last keystroke. */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface ProductPickerProps {
  value: Product | null;
  onChange: (product: Product | null) => void;
  error?: string;
  /** The field's id (default `product_id`, the form field it fills). */
  id?: string;
  size?: 'small' | 'medium';
}

/**
 * Products of the working context (README "Working context"): a client's account, staff's header warehouse,
 * searched on the server as the user types.
 */
export function ProductPicker({ value, onChange, error, id = 'product_id', size }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, PRODUCT_SEARCH_DEBOUNCE_MS);
  // While a product is chosen the input shows its label; that text is not a search.
  const term = value && input === label(value) ? '' : search;
  const products = useContextQuery((context) => ({
    queryKey: ['products', 'picker-options', contextKeyOf(context), term],
    queryFn: ({ signal }) => searchProducts(term, context, signal),
    staleTime: 30_000,
  }));
  const isClient = products.context.isClient;

  return (
    <Autocomplete
      id={id}
      size={size}
      options={products.data ?? []}
      value={value}
      onChange={(_event, product) => onChange(product)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      loading={products.isFetching}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={products.isError ? 'Failed to load products' : 'No products found'}
      renderOption={(props, product) => (
        <li {...props} key={product.id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {product.sku}
              {!isClient && product.account ? ` · ${product.account.name}` : ''}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Product"
          required
          placeholder="Search by name or SKU"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

const label = (product: Product) => `${product.name} (${product.sku})`;
