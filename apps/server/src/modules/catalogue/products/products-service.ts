import {
  PRODUCT_MESSAGES,
  type Product,
  type ProductCopyInput,
  type ProductDetail,
  type ProductInput,
} from '@wms/contract/products';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { conflict, fieldError, notFound } from '../../../http/errors';
import type { PageRequest } from '../../../http/pagination';
import { accountEventScope, recordEvent } from '../../platform/activity/activity-api';
import { accountResource } from '../accounts/accounts-api';
import { assertAccountMoveAllowed, assertKindChange, kitRelationsOf } from './kind-change';
import { lockKit } from './kit-components-repository';
import { resolveProductAccount } from './product-account';
import {
  DuplicateBarcodeError,
  DuplicateSkuError,
  deleteProductRow,
  existingSkus,
  findProduct,
  findProductsInScope,
  hasInventory,
  insertProduct,
  insertProducts,
  isAccountInScope,
  isAccountLinkedToWarehouse,
  listAccountWarehousePairs,
  listProducts,
  type ProductFilter,
  ProductInUseError,
  type ProductValues,
  productsByBarcode,
  updateProductRow,
} from './products-repository';

export const productNotFound = () => notFound(PRODUCT_MESSAGES.notFound);

export async function getProduct(db: Executor, auth: RequestAuth, id: number): Promise<Product> {
  const product = await findProduct(db, await auth.scope(), id);
  if (!product) throw productNotFound();
  return product;
}

/** The product detail: the product with its components (a kit) and the kits it is in (a component). */
export async function getProductDetail(db: Executor, auth: RequestAuth, id: number): Promise<ProductDetail> {
  const product = await getProduct(db, auth, id);
  return { ...product, ...(await kitRelationsOf(db, id)) };
}

/** A product in the given scope, or undefined: for other modules (inventory) that answer with their own error. */
export const findProductInScope = (db: Executor, scope: Scope, id: number): Promise<Product | undefined> =>
  findProduct(db, scope, id);

export async function listProductsInScope(db: Executor, auth: RequestAuth, filter: ProductFilter & PageRequest) {
  return listProducts(db, await auth.scope(), filter);
}

/** One account's products: 404 when the account is not the caller's to see. */
export async function listAccountProducts(
  db: Executor,
  auth: RequestAuth,
  accountId: number,
  filter: Omit<ProductFilter, 'account_id'> & PageRequest,
) {
  const scope = await auth.scope();
  await requireAccess(db, scope, accountResource, accountId);
  return listProducts(db, scope, { ...filter, account_id: accountId });
}

/** Copy targets: every account × linked warehouse the caller reaches (flatten-accounts). */
export async function listCopyTargets(db: Executor, auth: RequestAuth) {
  return listAccountWarehousePairs(db, await auth.scope());
}

const valuesOf = (input: ProductInput): ProductValues => ({
  sku: input.sku,
  name: input.name,
  photoUrl: input.photo_url,
  link: input.link,
  dimension: input.dimension,
  weightLb: input.weight,
  barcode: input.barcode,
  trackLots: input.track_lots,
  trackExpiry: input.track_expiry,
  kind: input.kind,
});

/** The 422 for a unique value another product of the account already has (SKU or barcode), else the error. */
const duplicateAnswer = (error: unknown) => {
  if (error instanceof DuplicateSkuError) return fieldError('sku', PRODUCT_MESSAGES.skuTaken);
  if (error instanceof DuplicateBarcodeError) return fieldError('barcode', PRODUCT_MESSAGES.barcodeTaken);
  return error;
};

export async function createProduct(db: Database, auth: RequestAuth, input: ProductInput): Promise<Product> {
  const accountId = await resolveProductAccount(db, auth, input.account_id);
  const id = await db
    .transaction(async (tx) => {
      const newId = await insertProduct(tx, accountId, { ...valuesOf(input), barcode: input.barcode ?? null });
      await recordEvent(tx, {
        kind: 'product.created',
        payload: { sku: input.sku, name: input.name },
        actorId: auth.user.id,
        subject: { type: 'product', id: newId },
        ...(await accountEventScope(tx, [accountId])),
      });
      return newId;
    })
    .catch((error) => {
      throw duplicateAnswer(error);
    });
  return getProduct(db, auth, id);
}

/** A client cannot move a product to another account; staff may, within their scope (spec: Account Assignment). */
export async function updateProduct(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: ProductInput,
): Promise<Product> {
  const current = await getProduct(db, auth, id);
  const scope = await auth.scope();
  const accountId =
    scope.kind === 'accounts' || input.account_id === null
      ? current.account_id
      : await resolveProductAccount(db, auth, input.account_id);
  if (accountId !== current.account_id && (await hasInventory(db, id))) {
    throw fieldError('account_id', PRODUCT_MESSAGES.stockedCannotMove);
  }
  await db
    .transaction(async (tx) => {
      // Locked first: a concurrent component edit then waits, and the kit rules below see its outcome.
      const locked = await lockKit(tx, id);
      if (!locked) throw productNotFound();
      await assertKindChange(tx, id, locked.kind, input.kind ?? locked.kind);
      if (accountId !== locked.accountId) await assertAccountMoveAllowed(tx, id);
      if ((await updateProductRow(tx, scope, id, accountId, valuesOf(input))) === 0) throw productNotFound();
      await recordEvent(tx, {
        kind: 'product.updated',
        payload: { sku: input.sku, name: input.name },
        actorId: auth.user.id,
        subject: { type: 'product', id },
        // A product moved to another account concerns both.
        ...(await accountEventScope(tx, [current.account_id, accountId])),
      });
    })
    .catch((error) => {
      throw duplicateAnswer(error);
    });
  return getProduct(db, auth, id);
}

export async function deleteProduct(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const product = await getProduct(db, auth, id);
  if (await hasInventory(db, id)) throw conflict(PRODUCT_MESSAGES.deleteHasStock);
  const scope = await auth.scope();
  await db
    .transaction(async (tx) => {
      if ((await deleteProductRow(tx, scope, id)) === 0) throw productNotFound();
      await recordEvent(tx, {
        kind: 'product.deleted',
        payload: { sku: product.sku, name: product.name },
        actorId: auth.user.id,
        subject: { type: 'product', id },
        ...(await accountEventScope(tx, [product.account_id])),
      });
    })
    .catch((error) => {
      throw error instanceof ProductInUseError ? conflict(PRODUCT_MESSAGES.deleteInUse) : error;
    });
}

export interface CopyResult {
  message: string;
  copied_count: number;
  total_skipped: number;
  skipped: { product_id: number; sku: string | null; reason: string }[];
}

/**
 * Copies catalogue entries to another account (products only, no stock). The target warehouse names which
 * account × warehouse row of flatten-accounts was chosen and must be linked to the account. Skipped: ids the
 * caller cannot reach, SKUs the target already has, repeated SKUs in the selection, and products already in the
 * target account. One transaction.
 */
export async function copyProducts(db: Database, auth: RequestAuth, input: ProductCopyInput): Promise<CopyResult> {
  const scope = await auth.scope();
  if (!(await isAccountInScope(db, scope, input.target_account_id))) {
    throw fieldError('target_account_id', PRODUCT_MESSAGES.accountInvalid);
  }
  const warehouseReachable = scope.kind === 'all' || scope.warehouseIds.includes(input.target_warehouse_id);
  if (
    !warehouseReachable ||
    !(await isAccountLinkedToWarehouse(db, input.target_account_id, input.target_warehouse_id))
  ) {
    throw fieldError('target_warehouse_id', PRODUCT_MESSAGES.copyTargetNotLinked);
  }
  const requested = [...new Set(input.product_ids)];
  const sources = await findProductsInScope(db, scope, requested);
  const found = new Set(sources.map((p) => p.id));
  const skipped: CopyResult['skipped'] = requested
    .filter((id) => !found.has(id))
    .map((id) => ({ product_id: id, sku: null, reason: PRODUCT_MESSAGES.notFound }));

  return db.transaction(async (tx) => {
    const taken = await existingSkus(
      tx,
      input.target_account_id,
      sources.map((p) => p.sku),
    );
    const takenBarcodes = await productsByBarcode(
      tx,
      input.target_account_id,
      sources.flatMap((p) => (p.barcode ? [p.barcode] : [])),
    );
    const toCopy: ProductValues[] = [];
    for (const source of sources) {
      const key = source.sku.toLowerCase();
      if (source.accountId === input.target_account_id || taken.has(key)) {
        skipped.push({ product_id: source.id, sku: source.sku, reason: 'SKU already exists in the target account' });
        continue;
      }
      const barcodeKey = source.barcode?.toLowerCase();
      if (barcodeKey !== undefined && takenBarcodes.has(barcodeKey)) {
        skipped.push({ product_id: source.id, sku: source.sku, reason: PRODUCT_MESSAGES.copyBarcodeTaken });
        continue;
      }
      taken.add(key);
      if (barcodeKey !== undefined) takenBarcodes.set(barcodeKey, source.sku);
      toCopy.push({
        sku: source.sku,
        name: source.name,
        photoUrl: source.photoUrl,
        link: source.link,
        dimension: source.dimension,
        weightLb: source.weightLb === null ? null : Number(source.weightLb),
        // The same physical product: its barcode goes along (a target product holding it makes the copy skip).
        barcode: source.barcode,
      });
    }
    const copied = await insertProducts(tx, input.target_account_id, toCopy);
    // A concurrent insert of the same SKU makes the insert skip it (ON CONFLICT DO NOTHING): count it as skipped.
    const raced = toCopy.length - copied;
    const totalSkipped = skipped.length + raced;
    await recordEvent(tx, {
      kind: 'products.copied',
      payload: { copied, skipped: totalSkipped },
      actorId: auth.user.id,
      subject: { type: 'account', id: input.target_account_id },
      ...(await accountEventScope(tx, [input.target_account_id])),
    });
    return {
      message: PRODUCT_MESSAGES.copied(copied, totalSkipped),
      copied_count: copied,
      total_skipped: totalSkipped,
      skipped,
    };
  });
}
