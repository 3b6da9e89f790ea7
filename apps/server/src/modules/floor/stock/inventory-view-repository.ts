import { type Inventory, type Movement, type MovementType, stockStatusOf } from '@wms/contract/inventory';
import type { ProductKind } from '@wms/contract/kits';
import { sql } from 'drizzle-orm';
import { kitsFromComponentsSql } from '../../../db/kit-availability';
import { qualified } from '../../../db/qualified';
import { accounts } from '../../../db/schema/accounts';
import { inventories, inventoryMovements } from '../../../db/schema/inventory';
import { locations } from '../../../db/schema/locations';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';

/** Columns of the API's inventory view: one row per inventory with its product, account and warehouse joined. */
export const inventoryViewColumns = {
  inventory: inventories,
  productName: products.name,
  productSku: products.sku,
  productPhotoUrl: products.photoUrl,
  productWeightLb: products.weightLb,
  productDimension: products.dimension,
  productLink: products.link,
  productAccountId: products.accountId,
  productTrackLots: products.trackLots,
  productTrackExpiry: products.trackExpiry,
  productKind: products.kind,
  // Only for an assembled kit: how many more its components' available stock in this warehouse could build.
  kitBuildable: sql<number | null>`case when ${products.kind} = 'assembled' then ${kitsFromComponentsSql(
    qualified(products.id),
    qualified(inventories.accountId),
    qualified(inventories.warehouseId),
  )} end`,
  accountName: accounts.name,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
};

export interface InventoryViewRow {
  inventory: typeof inventories.$inferSelect;
  productName: string;
  productSku: string;
  productPhotoUrl: string | null;
  productWeightLb: number | null;
  productDimension: string | null;
  productLink: string | null;
  productAccountId: number;
  productTrackLots: boolean;
  productTrackExpiry: boolean;
  productKind: ProductKind;
  kitBuildable: number | null;
  accountName: string;
  warehouseName: string;
  warehouseCode: string;
}

export function toInventoryView(row: InventoryViewRow): Inventory {
  const { inventory } = row;
  const account = { id: inventory.accountId, name: row.accountName };
  return {
    id: inventory.id,
    product_id: inventory.productId,
    warehouse_id: inventory.warehouseId,
    account_id: inventory.accountId,
    product: {
      id: inventory.productId,
      name: row.productName,
      sku: row.productSku,
      photo_url: row.productPhotoUrl,
      weight: row.productWeightLb === null ? null : Number(row.productWeightLb),
      dimension: row.productDimension,
      link: row.productLink,
      // A product belongs to exactly the account its inventory is kept for (checked on create).
      account,
      track_lots: row.productTrackLots,
      track_expiry: row.productTrackExpiry,
      kind: row.productKind,
    },
    account,
    account_name: row.accountName,
    warehouse: { id: inventory.warehouseId, name: row.warehouseName, code: row.warehouseCode },
    warehouse_name: row.warehouseName,
    quantity_on_hand: inventory.quantityOnHand,
    quantity_reserved: inventory.quantityReserved,
    quantity_quarantined: inventory.quantityQuarantined,
    quantity_available: inventory.quantityAvailable,
    stock_status: stockStatusOf(inventory.quantityAvailable),
    kit_buildable: row.kitBuildable === null ? null : Number(row.kitBuildable),
    verified: inventory.verified,
    created_at: inventory.createdAt.toISOString(),
    updated_at: inventory.updatedAt.toISOString(),
  };
}

export const movementViewColumns = {
  movement: inventoryMovements,
  userName: users.name,
  orderNumber: orders.orderNumber,
  locationCode: locations.code,
};

export function toMovementView(row: {
  movement: typeof inventoryMovements.$inferSelect;
  userName: string | null;
  orderNumber: string | null;
  locationCode: string | null;
}): Movement {
  const { movement } = row;
  return {
    id: movement.id,
    inventory_id: movement.inventoryId,
    type: movement.type as MovementType,
    on_hand_delta: movement.onHandDelta,
    reserved_delta: movement.reservedDelta,
    on_hand_after: movement.onHandAfter,
    reserved_after: movement.reservedAfter,
    reason: movement.reason,
    reference_type: movement.referenceType,
    reference_id: movement.referenceId,
    location:
      movement.locationId !== null && row.locationCode !== null
        ? { id: movement.locationId, code: row.locationCode }
        : null,
    location_delta: movement.locationDelta,
    order_number: row.orderNumber,
    user: movement.userId !== null && row.userName !== null ? { id: movement.userId, name: row.userName } : null,
    created_at: movement.createdAt.toISOString(),
  };
}
