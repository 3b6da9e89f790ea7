import type { Product } from '@wms/contract/products';
import { contextKeyOf } from '../lib/context/context-key';
import { searchProducts } from '../lib/context/product-search';
import { useContextQuery } from '../lib/context/use-context-query';
import { productPickerKey } from '../lib/query-keys/shared-keys';
import { ProductAutocomplete, useProductSearch } from './ProductAutocomplete';

interface ProductPickerProps {
  value: Product | null;
  onChange: (product: Product | null) => void;
  error?: string;
  /** The field's id (default `product_id`, the form field it fills). */
  id?: string;
  size?: 'small' | 'medium';
}

/**
 * Products of the working context (docs/platform.md "Working context"): a client's account, staff's header warehouse,
 * searched on the server as the user types.
 */
export function ProductPicker({ value, onChange, error, id = 'product_id', size }: ProductPickerProps) {
  const search = useProductSearch(value);
  const products = useContextQuery((context) => ({
    queryKey: productPickerKey(contextKeyOf(context), search.term),
    queryFn: ({ signal }) => searchProducts(search.term, context, signal),
    staleTime: 30_000,
  }));

  return (
    <ProductAutocomplete
      id={id}
      size={size}
      label="Product"
      placeholder="Search by name or SKU"
      value={value}
      onChange={onChange}
      error={error}
      search={search}
      products={products}
      loadFailedText="Failed to load products"
      showAccount={!products.context.isClient}
    />
  );
}
