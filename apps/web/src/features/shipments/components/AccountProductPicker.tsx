import { useQuery } from '@tanstack/react-query';
import type { Product } from '@wms/contract/products';
import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { ProductAutocomplete, useProductSearch } from '../../../components/ProductAutocomplete';
import { accountProductsQueryOptions } from '../api';

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

/** Spec 2 §5: the product list depends on the chosen account and filters by name or SKU. */
export function AccountProductPicker({
  accountId,
  value,
  onChange,
  error,
  id = 'product_id',
  label = 'Product',
}: AccountProductPickerProps) {
  const search = useProductSearch(value);
  const products = useQuery({
    ...accountProductsQueryOptions(accountId ?? 0, search.term),
    enabled: accountId !== null,
  });

  return (
    <ProductAutocomplete
      id={id}
      label={label}
      placeholder={accountId === null ? 'Choose the account first' : 'Search by name or SKU'}
      value={value}
      onChange={onChange}
      error={error}
      disabled={accountId === null}
      search={search}
      products={products}
      loadFailedText={SHIPMENT_MESSAGES.loadProductsFailed}
    />
  );
}
