import { z } from 'zod';
import { idArraySchema, idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';

/**
 * Outbound waves (DESIGN §11, docs/outbound-waves.md): orders of one warehouse released together for
 * picking. Reserve at order, allocate at release: releasing chooses concrete (location, lot) places for every unit
 * and writes pick tasks in walk order.
 *
 * Wave status: open (released, nobody picking yet) → picking (a picker took it) → picked (every task done); open or
 * picking → cancelled (allocations released, orders back in the pool, units already picked get put-back tasks).
 */
export const PICKING_MODES = ['discrete', 'batch', 'cluster'] as const;
export type PickingMode = (typeof PICKING_MODES)[number];
export const PICKING_MODE_LABELS: Record<PickingMode, string> = {
  discrete: 'Discrete (one order at a time)',
  batch: 'Batch (pick the totals, sort at packing)',
  cluster: 'Cluster (one tote per order on the cart)',
};

export const WAVE_STATUSES = ['open', 'picking', 'picked', 'cancelled'] as const;
export type WaveStatus = (typeof WAVE_STATUSES)[number];
export const WAVE_STATUS_LABELS: Record<WaveStatus, string> = {
  open: 'Released',
  picking: 'Picking',
  picked: 'Picked',
  cancelled: 'Cancelled',
};
/** A wave still holding its orders and allocations. */
export const LIVE_WAVE_STATUSES: readonly WaveStatus[] = ['open', 'picking'];

export const ORDER_PRIORITIES = ['normal', 'urgent'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
export const ORDER_PRIORITY_LABELS: Record<OrderPriority, string> = { normal: 'Normal', urgent: 'Urgent' };

/** An order's place in a wave: in_wave and picked hold the order (one live wave per order). */
export const WAVE_ORDER_STATES = ['in_wave', 'picked', 'removed', 'cancelled'] as const;
export type WaveOrderState = (typeof WAVE_ORDER_STATES)[number];

/**
 * Why an order left its live wave: cancelled or deleted while in it, or removed by a supervisor. Either way its
 * un-picked units are released and units already on a cart get put-back tasks.
 */
export const WAVE_ORDER_REMOVAL_REASONS = ['cancelled', 'deleted', 'removed'] as const;
export type WaveOrderRemovalReason = (typeof WAVE_ORDER_REMOVAL_REASONS)[number];

export const PICK_TASK_KINDS = ['pick', 'put_back'] as const;
export type PickTaskKind = (typeof PICK_TASK_KINDS)[number];
/** `done`: a put-back task whose units went back from the cart to a location (pick tasks end picked or short). */
export const PICK_TASK_STATUSES = ['open', 'picked', 'short', 'skipped', 'cancelled', 'done'] as const;
export type PickTaskStatus = (typeof PICK_TASK_STATUSES)[number];

/**
 * Which tier of the allocation rule chose a task's location ("why"): pick faces first (by walk order), then
 * storage, then receiving (UNASSIGNED included). Quarantine, hospital, staging and packing locations never.
 */
export const ALLOCATION_RULES = ['pick_face', 'storage', 'receiving', 'put_back'] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];
export const ALLOCATION_RULE_LABELS: Record<AllocationRule, string> = {
  pick_face: 'Pick face first',
  storage: 'No pick face had it: storage',
  receiving: 'Not put away yet: receiving',
  put_back: 'Put back: the wave was cancelled or the order left it',
};
/** How the lot was chosen: earliest expiry first (expiry-tracked), oldest receipt first (lot-tracked). */
export const LOT_RULES = ['fefo', 'fifo'] as const;
export type LotRule = (typeof LOT_RULES)[number];
export const LOT_RULE_LABELS: Record<LotRule, string> = {
  fefo: 'Earliest expiry first (FEFO)',
  fifo: 'Oldest receipt first (FIFO)',
};

/** Why an order cannot be released. */
export const UNRELEASABLE_REASONS = ['short', 'in_open_wave', 'on_hold', 'not_open', 'other_warehouse'] as const;
export type UnreleasableReason = (typeof UNRELEASABLE_REASONS)[number];
export const UNRELEASABLE_REASON_LABELS: Record<UnreleasableReason, string> = {
  short: 'Not enough usable stock in this warehouse',
  in_open_wave: 'Already in an open wave',
  on_hold: 'On hold (its status holds release)',
  not_open: 'Shipped or cancelled',
  other_warehouse: 'Belongs to another warehouse',
};

/** Short-pick reasons (the picker's choice) and the hospital reasons they lead to. */
export const SHORT_PICK_REASONS = ['empty', 'damaged', 'not_found'] as const;
export type ShortPickReason = (typeof SHORT_PICK_REASONS)[number];
/** not_empty: the picker took what should have been the last units and said the location is not empty now. */
export const HOSPITAL_REASONS = ['empty', 'damaged', 'not_found', 'not_empty'] as const;
export type HospitalReason = (typeof HOSPITAL_REASONS)[number];

/** Every warehouse's staging location, where picked units lie on carts and in totes until shipped. */
export const STAGING_LOCATION_CODE = 'CARTS';

/** Most orders one release may take (a wave is a cart's or a shift's work, not the backlog). */
export const WAVE_MAX_ORDERS = 1000;
/** Most lines (and units) one release may allocate. */
export const WAVE_MAX_LINES = 10_000;
export const WAVE_MAX_UNITS = 1_000_000;
/** "At risk": due today and the shipper's cut-off is within this many minutes. */
export const CUTOFF_AT_RISK_MINUTES = 60;
export const MIN_SHELF_LIFE_MAX_DAYS = 3650;
/** The walking model's default spacing (a warehouse may set its own): centimetres. */
export const DEFAULT_AISLE_SPACING_CM = 300;
export const DEFAULT_RACK_SPACING_CM = 120;

export const WAVE_MESSAGES = {
  notFound: 'Wave not found',
  warehouseRequired: 'Choose the warehouse to release from.',
  modeInvalid: `Choose the picking mode: ${PICKING_MODES.join(', ')}.`,
  nothingToRelease: 'No order matches these filters and can be released.',
  ordersNotReleasable: 'Some orders cannot be released.',
  orderNotReleasable: (orderNumber: string, why: string) => `${orderNumber}: ${why}`,
  orderNotFound: 'These orders do not exist or are not yours to release.',
  notCancellable: 'A picked or cancelled wave cannot be cancelled.',
  shipDateInvalid: 'The ship date must be a date (YYYY-MM-DD).',
  limitInvalid: 'Give a whole number from 1 upwards.',
  cutoffInvalid: 'The cut-off is a time of day (HH:MM).',
  shelfLifeInvalid: `The minimum remaining shelf life is a whole number of days from 0 to ${MIN_SHELF_LIFE_MAX_DAYS}.`,
  priorityInvalid: `The priority is one of ${ORDER_PRIORITIES.join(', ')}.`,
  released: (number: string, orders: number) => `${number} released with ${orders} order${orders === 1 ? '' : 's'}`,
  cancelled: (number: string) => `${number} cancelled: its orders are back in the pool`,
  orderNotInWave: 'This order is not in this wave.',
  orderRemoved: (order: string, wave: string) => `${order} removed from ${wave}`,
} as const;

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A comma-separated id list in a query (`?account_ids=1,2`), capped like every id array. */
export const idListQuery = (max = 100) =>
  z
    .string()
    .max(max * 11)
    .transform((text): (string | number)[] => text.split(',').filter((part) => part.trim() !== ''))
    .pipe(idArraySchema(undefined, max));
const isoDate = z
  .string({ error: WAVE_MESSAGES.shipDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, WAVE_MESSAGES.shipDateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v)), WAVE_MESSAGES.shipDateInvalid);
const positive = (max: number) =>
  z.coerce.number({ error: WAVE_MESSAGES.limitInvalid }).int(WAVE_MESSAGES.limitInvalid).min(1).max(max);

/**
 * The wave builder's filters (query of GET /api/waves/preview, body of POST /api/waves). Orders are taken urgent
 * first, then by ship date (none last), then oldest first, until "next N", max lines or max units is reached.
 */
export const waveFilterFields = {
  warehouse_id: idSchema(WAVE_MESSAGES.warehouseRequired),
  account_ids: idListQuery().optional(),
  shipper_ids: idListQuery().optional(),
  status_ids: idListQuery().optional(),
  /** Orders due on or before this day (orders without a ship date are always due). */
  ship_date_to: isoDate.optional(),
  /** single: orders of one line; multi: orders of several lines. */
  item_count: z.enum(['single', 'multi']).optional(),
  priority: z.enum(ORDER_PRIORITIES).optional(),
  limit: positive(WAVE_MAX_ORDERS).optional().describe('Release the next N orders'),
  max_lines: positive(WAVE_MAX_LINES).optional(),
  max_units: positive(WAVE_MAX_UNITS).optional(),
};
export const wavePreviewQuery = z.object({
  ...waveFilterFields,
  mode: z.enum(PICKING_MODES, { error: WAVE_MESSAGES.modeInvalid }).default('discrete'),
});
export type WavePreviewQuery = z.infer<typeof wavePreviewQuery>;

/** POST /api/waves: the same filters (arrays as JSON), or `order_ids` (then every named order must be releasable). */
export const waveCreateSchema = z.object({
  warehouse_id: idSchema(WAVE_MESSAGES.warehouseRequired),
  mode: z.enum(PICKING_MODES, { error: WAVE_MESSAGES.modeInvalid }).default('discrete'),
  order_ids: idArraySchema(undefined, WAVE_MAX_ORDERS).min(1).optional(),
  account_ids: idArraySchema(undefined, 100).optional(),
  shipper_ids: idArraySchema(undefined, 100).optional(),
  status_ids: idArraySchema(undefined, 100).optional(),
  ship_date_to: isoDate.optional(),
  item_count: z.enum(['single', 'multi']).optional(),
  priority: z.enum(ORDER_PRIORITIES).optional(),
  limit: z.number().int().min(1).max(WAVE_MAX_ORDERS).optional(),
  max_lines: z.number().int().min(1).max(WAVE_MAX_LINES).optional(),
  max_units: z.number().int().min(1).max(WAVE_MAX_UNITS).optional(),
});
export type WaveCreateInput = z.infer<typeof waveCreateSchema>;

export const unreleasableOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  reason: z.enum(UNRELEASABLE_REASONS),
  /** The reason in words (for short: which SKUs miss how many units). */
  message: z.string(),
  /** The wave holding it (in_open_wave). */
  wave_number: z.string().nullable(),
  short_units: z.number().int(),
});
export type UnreleasableOrder = z.infer<typeof unreleasableOrderSchema>;

export const previewOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  account: z.object({ id: z.number().int(), name: z.string() }),
  shipper: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  customer_name: z.string(),
  ship_date: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  lines: z.number().int(),
  units: z.number().int(),
  /** Units allocated (less than `units` only for a partial shipment the account allows). */
  allocated_units: z.number().int(),
  partial: z.boolean(),
});
export type PreviewOrder = z.infer<typeof previewOrderSchema>;

export const wavePreviewSchema = z.object({
  mode: z.enum(PICKING_MODES),
  orders: z.array(previewOrderSchema),
  order_count: z.number().int(),
  line_count: z.number().int(),
  unit_count: z.number().int(),
  location_count: z.number().int(),
  /** Metres, from the warehouse's coordinate model along the walk route. */
  estimated_distance_m: z.number().int(),
  unreleasable: z.array(unreleasableOrderSchema),
});
export type WavePreview = z.infer<typeof wavePreviewSchema>;
export const wavePreviewResponse = z.object({ data: wavePreviewSchema });

const idName = z.object({ id: z.number().int(), name: z.string() });

export const waveSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  mode: z.enum(PICKING_MODES),
  status: z.enum(WAVE_STATUSES),
  priority: z.enum(ORDER_PRIORITIES),
  assignee: idName.nullable(),
  created_by: idName.nullable(),
  filters: z.record(z.string(), z.unknown()),
  order_count: z.number().int(),
  line_count: z.number().int(),
  unit_count: z.number().int(),
  location_count: z.number().int(),
  estimated_distance_m: z.number().int(),
  /** Pick tasks done (picked or short) of all pick tasks, and units picked of all units. */
  tasks_total: z.number().int(),
  tasks_done: z.number().int(),
  units_picked: z.number().int(),
  /** Put-back tasks still open (units of a cancelled wave or a removed order waiting on a cart to go back). */
  put_backs_open: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  picked_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type Wave = z.infer<typeof waveSchema>;

export const pickTaskOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  order_item_id: z.number().int(),
  quantity: z.number().int(),
  quantity_picked: z.number().int(),
  tote: z.string().nullable(),
});

export const pickTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PICK_TASK_KINDS),
  sequence: z.number().int(),
  status: z.enum(PICK_TASK_STATUSES),
  location: z.object({ id: z.number().int(), code: z.string(), type: z.string(), zone: z.string() }),
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    barcode: z.string().nullable(),
  }),
  inventory_id: z.number().int(),
  lot: z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  quantity_picked: z.number().int(),
  allocation_rule: z.enum(ALLOCATION_RULES),
  lot_rule: z.enum(LOT_RULES).nullable(),
  /** Why this location and lot, in words. */
  reason: z.string(),
  assignee: idName.nullable(),
  picked_at: z.string().nullable(),
  short_reason: z.string().nullable(),
  orders: z.array(pickTaskOrderSchema),
});
export type PickTask = z.infer<typeof pickTaskSchema>;

export const waveOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  account: idName,
  customer_name: z.string(),
  ship_date: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  state: z.enum(WAVE_ORDER_STATES),
  tote: z.string().nullable(),
  position: z.number().int(),
  units: z.number().int(),
  units_allocated: z.number().int(),
  units_picked: z.number().int(),
});
export type WaveOrder = z.infer<typeof waveOrderSchema>;

export const waveDetailSchema = waveSchema.extend({
  orders: z.array(waveOrderSchema),
  tasks: z.array(pickTaskSchema),
});
export type WaveDetail = z.infer<typeof waveDetailSchema>;
export const waveDetailResponse = z.object({ data: waveDetailSchema });
export const waveSavedResponse = z.object({ data: waveDetailSchema, message: z.string() });

export const waveListQuery = paginationQuery.extend({
  warehouse_id: optionalIdQuery(),
  status: z.enum(WAVE_STATUSES).optional(),
  mode: z.enum(PICKING_MODES).optional(),
  assignee_id: optionalIdQuery(),
  /** Waves nobody took yet. */
  unassigned: booleanQuery.optional(),
  /** Waves with put-back tasks still open (whatever their status): the handheld offers them as work. */
  put_backs_open: booleanQuery.optional(),
});
export type WaveListQuery = z.infer<typeof waveListQuery>;
export const waveListResponse = z.object({ data: z.array(waveSchema), meta: pageMetaSchema });

/** The release screen's counts, per shipper of the warehouse, with its cut-off in the warehouse's local time. */
export const releaseSummaryQuery = z.object({ warehouse_id: idSchema(WAVE_MESSAGES.warehouseRequired) });
export const shipperReleaseCountsSchema = z.object({
  shipper: idName.nullable(),
  /** HH:MM local time, or null when the shipper has no cut-off in this warehouse. */
  cutoff_time: z.string().nullable(),
  cutoff_state: z.enum(['none', 'ok', 'at_risk', 'passed']),
  to_release: z.number().int(),
  released: z.number().int(),
  picked: z.number().int(),
  /** Due today and still to release or pick once the cut-off has passed (due before today: always late). */
  late: z.number().int(),
  at_risk: z.number().int(),
});
export const releaseSummarySchema = z.object({
  warehouse_id: z.number().int(),
  timezone: z.string(),
  today: z.string(),
  now_local: z.string(),
  totals: shipperReleaseCountsSchema.omit({ shipper: true, cutoff_time: true, cutoff_state: true }),
  shippers: z.array(shipperReleaseCountsSchema),
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;
export const releaseSummaryResponse = z.object({ data: releaseSummarySchema });

/** Shippers' per-warehouse cut-offs: GET/PUT /api/shippers/{id}/cutoffs (PUT replaces the list). */
export const cutoffTimeField = z
  .string({ error: WAVE_MESSAGES.cutoffInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, WAVE_MESSAGES.cutoffInvalid);
export const shipperCutoffSchema = z.object({
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  cutoff_time: z.string(),
});
export const shipperCutoffsInput = z.object({
  cutoffs: z
    .array(z.object({ warehouse_id: idSchema(), cutoff_time: cutoffTimeField }))
    .max(1000)
    .refine((list) => new Set(list.map((c) => c.warehouse_id)).size === list.length, 'One cut-off per warehouse.'),
});
export const shipperCutoffsResponse = z.object({ data: z.array(shipperCutoffSchema) });

/** The account settings picking reads (added to the account form and the account answer). */
export const accountPickingSettingsFields = {
  min_remaining_shelf_life_days: z
    .number({ error: WAVE_MESSAGES.shelfLifeInvalid })
    .int(WAVE_MESSAGES.shelfLifeInvalid)
    .min(0, WAVE_MESSAGES.shelfLifeInvalid)
    .max(MIN_SHELF_LIFE_MAX_DAYS, WAVE_MESSAGES.shelfLifeInvalid),
  allow_partial_shipment: z.boolean(),
  allow_lot_substitution: z.boolean(),
};
export const orderPriorityField = z.enum(ORDER_PRIORITIES, { error: WAVE_MESSAGES.priorityInvalid });
