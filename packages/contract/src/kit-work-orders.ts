import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';

/**
 * Kit work orders (docs/catalogue-kits.md): build N assembled kits from their components in a warehouse, or take N
 * apart (`disassemble`). Created open with what they consume reserved and allocated per location and lot (the pick
 * list); completing consumes exactly that (ledger `kit_consume`) and puts what they make into the target location
 * (`kit_build`), in one transaction; cancelling releases it.
 */

export const KIT_WORK_ORDER_KINDS = ['build', 'disassemble'] as const;
export type KitWorkOrderKind = (typeof KIT_WORK_ORDER_KINDS)[number];
export const KIT_WORK_ORDER_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type KitWorkOrderStatus = (typeof KIT_WORK_ORDER_STATUSES)[number];

/** The most kits one work order builds or takes apart. */
export const KIT_WORK_ORDER_MAX_QUANTITY = 100_000;

export const kitWorkOrderNumber = (id: number) => `KWO-${String(id).padStart(6, '0')}`;

export const KIT_WORK_ORDER_MESSAGES = {
  notFound: 'Kit work order not found.',
  warehouseNotFound: 'Warehouse not found.',
  kitRequired: 'Please select a kit',
  kitNotFound: 'The selected kit does not exist.',
  kitNotAssembled: 'Only an assembled kit is built by a work order (a bundle is picked as its components).',
  kitWithoutComponents: 'This kit has no components: add them on the product first.',
  accountNotInWarehouse: 'The kit’s account is not linked to this warehouse.',
  quantityInvalid: 'Quantity must be a whole number of at least 1.',
  quantityTooLarge: `Quantity must be at most ${KIT_WORK_ORDER_MAX_QUANTITY}.`,
  kindInvalid: 'Kind must be build or disassemble.',
  targetInvalid: 'Choose an active location of this warehouse that is not a quarantine location.',
  /** Create refused: every short product named with what it needs and what is available. */
  short: (lines: readonly { sku: string; needed: number; available: number }[]) =>
    `Not enough stock: ${lines.map((l) => `${l.sku} needs ${l.needed}, ${l.available} available`).join('; ')}.`,
  notOpen: (status: string) => `This work order is ${status}: only an open work order can change.`,
  created: (number: string) => `Work order ${number} created.`,
  completed: (number: string) => `Work order ${number} completed.`,
  cancelled: (number: string) => `Work order ${number} cancelled.`,
} as const;

export const kitWorkOrderCreateSchema = z.object({
  kit_product_id: idSchema(KIT_WORK_ORDER_MESSAGES.kitRequired),
  warehouse_id: idSchema(),
  quantity: z
    .number({ error: KIT_WORK_ORDER_MESSAGES.quantityInvalid })
    .int(KIT_WORK_ORDER_MESSAGES.quantityInvalid)
    .min(1, KIT_WORK_ORDER_MESSAGES.quantityInvalid)
    .max(KIT_WORK_ORDER_MAX_QUANTITY, KIT_WORK_ORDER_MESSAGES.quantityTooLarge),
  kind: z.enum(KIT_WORK_ORDER_KINDS, { error: KIT_WORK_ORDER_MESSAGES.kindInvalid }).default('build'),
  /** Where the kits (build) or the components (disassembly) are put; absent: the warehouse's UNASSIGNED location. */
  target_location_id: idSchema(KIT_WORK_ORDER_MESSAGES.targetInvalid).nullish(),
});
export type KitWorkOrderCreate = z.infer<typeof kitWorkOrderCreateSchema>;

export const kitWorkOrderListQuery = paginationQuery.pick({ page: true, per_page: true }).extend({
  status: z.enum(KIT_WORK_ORDER_STATUSES).optional(),
  warehouse_id: optionalIdQuery(),
  account_id: optionalIdQuery(),
  kit_product_id: optionalIdQuery(),
});
export type KitWorkOrderListQuery = z.infer<typeof kitWorkOrderListQuery>;

const ref = z.object({ id: z.number().int(), code: z.string() });
const productRef = z.object({ id: z.number().int(), sku: z.string(), name: z.string() });
const lotRef = z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string().nullable() });

/** One place of the pick list: units of a product to take from a location (and lot). */
export const kitPickSchema = z.object({
  product: productRef,
  location: ref,
  lot: lotRef.nullable(),
  quantity: z.number().int(),
  reason: z.string(),
});

export const kitWorkOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(KIT_WORK_ORDER_KINDS),
  status: z.enum(KIT_WORK_ORDER_STATUSES),
  kit: productRef,
  warehouse: z.object({ id: z.number().int(), name: z.string() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  quantity: z.number().int(),
  target_location: ref,
  /** The lot the built kits were given (a completed build of a lot- or expiry-tracked kit). */
  kit_lot: lotRef.nullable(),
  created_by: z.string().nullable(),
  completed_by: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type KitWorkOrder = z.infer<typeof kitWorkOrderSchema>;

export const kitWorkOrderDetailSchema = kitWorkOrderSchema.extend({
  /** The bill of materials as it was at creation: units of each component per kit, and in all. */
  components: z.array(productRef.extend({ per_kit: z.number().int(), quantity: z.number().int() })),
  /** What the order takes, per location and lot (the components of a build, the kits of a disassembly). */
  pick_list: z.array(kitPickSchema),
});
export type KitWorkOrderDetail = z.infer<typeof kitWorkOrderDetailSchema>;

export const kitWorkOrderPageResponse = z.object({ data: z.array(kitWorkOrderSchema), meta: pageMetaSchema });
export const kitWorkOrderResponse = z.object({ message: z.string().optional(), data: kitWorkOrderDetailSchema });
