import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { Product } from '@wms/contract/products';
import { useEffect, useState } from 'react';

/** Spec §9 (and spec 2 §9): the product select searches 300 ms after the last keystroke. */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

/** What the input shows for a chosen product. */
export const productLabel = (product: Product) => `${product.name} (${product.sku})`;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A product picker's typed text and the search it makes: the text 300 ms after the last keystroke; none while the
 * input shows the chosen product's label (that text is not a search).
 */
export function useProductSearch(value: Product | null) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, PRODUCT_SEARCH_DEBOUNCE_MS);
  const term = value && input === productLabel(value) ? '' : search;
  return { input, setInput, term };
}

interface ProductAutocompleteProps {
  id: string;
  label: string;
  placeholder: string;
  value: Product | null;
  onChange: (product: Product | null) => void;
  error?: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  search: Pick<ReturnType<typeof useProductSearch>, 'input' | 'setInput'>;
  /** The server's answer for the search (the options as they are: the server filtered them). */
  products: { data?: Product[]; isFetching: boolean; isError: boolean };
  loadFailedText: string;
  /** Staff see several accounts' products: each option names its account. */
  showAccount?: boolean;
}

/**
 * The product select both pickers share (ProductPicker for the working context, the shipments' account picker):
 * an Autocomplete searched on the server, each option the product's name over its SKU.
 */
export function ProductAutocomplete({
  id,
  label,
  placeholder,
  value,
  onChange,
  error,
  size,
  disabled,
  search,
  products,
  loadFailedText,
  showAccount = false,
}: ProductAutocompleteProps) {
  return (
    <Autocomplete
      id={id}
      size={size}
      options={products.data ?? []}
      value={value}
      onChange={(_event, product) => onChange(product)}
      inputValue={search.input}
      onInputChange={(_event, text) => search.setInput(text)}
      filterOptions={(options) => options}
      loading={products.isFetching}
      disabled={disabled}
      getOptionLabel={productLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={products.isError ? loadFailedText : 'No products found'}
      renderOption={(props, product) => (
        <li {...props} key={product.id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {product.sku}
              {showAccount && product.account ? ` · ${product.account.name}` : ''}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
