import type { Product } from '@wms/contract/products';
import { accounts } from '../../../db/schema/accounts';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';

/** Columns of the API's product view: the product with its account and the account owner's email (one join). */
export const productViewColumns = {
  product: products,
  accountName: accounts.name,
  accountEmail: users.email,
};

export function toProductView(row: {
  product: typeof products.$inferSelect;
  accountName: string | null;
  accountEmail: string | null;
}): Product {
  const { product } = row;
  const account =
    row.accountName === null ? null : { id: product.accountId, name: row.accountName, email: row.accountEmail ?? '' };
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    photo_url: product.photoUrl,
    link: product.link,
    dimension: product.dimension,
    weight: product.weightLb === null ? null : Number(product.weightLb),
    weight_unit: 'lb',
    barcode: product.barcode,
    track_lots: product.trackLots,
    track_expiry: product.trackExpiry,
    kind: product.kind,
    account_id: product.accountId,
    account,
    accounts: account ? [account] : [],
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}
