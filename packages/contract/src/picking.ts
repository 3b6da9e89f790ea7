import { z } from 'zod';
import { idSchema } from './ids';
import { safeString } from './text';
import { HOSPITAL_REASONS, pickTaskSchema, SHORT_PICK_REASONS, waveDetailSchema, waveSchema } from './waves';

/**
 * Picking on the floor (docs/outbound-waves.md "Picking"): taking a wave, scanning totes onto the cart in
 * cluster mode, confirming or shorting each task in walk order, skipping, the "is it empty now?" question, and the
 * hospital list of locations kept out of allocation after a short pick.
 */

export const TOTE_MAX_LENGTH = 64;
const scanned = (message: string) =>
  safeString({ error: message })
    .trim()
    .min(1, message)
    .max(TOTE_MAX_LENGTH * 2, message);

export const PICKING_MESSAGES = {
  waveNotFound: 'Wave not found',
  taskNotFound: 'Pick task not found',
  locationNotFound: 'Location not found',
  noWork: 'No released wave is waiting for a picker in this warehouse.',
  assigned: (number: string) => `${number} is yours: start at the first location.`,
  takenByOther: (number: string, name: string) => `${number} is being picked by ${name}.`,
  waveClosed: (number: string, status: string) => `${number} is ${status}: there is nothing to pick.`,
  notYours: (number: string, name: string) => `${number} is assigned to ${name}; only they pick it.`,
  totesFirst: 'Cluster mode: scan one tote per order onto the cart first.',
  totesOnlyCluster: 'Totes are scanned onto the cart in cluster mode only.',
  toteRequired: 'Scan a tote.',
  toteOrderUnknown: 'This order is not in the wave.',
  toteTwice: (tote: string) => `Tote ${tote} is already on the cart for another order.`,
  totesLocked: 'Picking has started into these totes: they cannot change now.',
  totesSaved: (count: number) => `${count} tote${count === 1 ? '' : 's'} on the cart.`,
  locationRequired: 'Scan the location.',
  productRequired: 'Scan the product (barcode or SKU).',
  wrongLocation: (expected: string) => `Wrong location: go to ${expected}.`,
  wrongProduct: (sku: string, barcode: string | null) =>
    `Wrong product: pick ${sku}${barcode ? ` (barcode ${barcode})` : ''}.`,
  lotRequired: (lot: string) => `Scan or choose the lot: ${lot}.`,
  wrongLot: (lot: string) => `Wrong lot: pick lot ${lot}.`,
  substituteNotAllowed: (lot: string) => `Wrong lot: pick lot ${lot} (this account does not allow another lot).`,
  substituteExpiresSooner: (lot: string) => `Lot not allowed: it expires before lot ${lot}. Pick ${lot}.`,
  substituteShort: (lot: string, free: number) =>
    `Lot ${lot} has only ${free} free unit${free === 1 ? '' : 's'} here: pick the allocated lot.`,
  wrongQuantity: (quantity: number) => `Pick ${quantity}. If fewer are there, report a short pick.`,
  toteMissing: (order: string, tote: string) => `Scan ${order}'s tote: ${tote}.`,
  wrongTote: (order: string, tote: string) => `Wrong tote: ${order}'s units go into tote ${tote}.`,
  toteQuantity: (order: string, quantity: number) => `${order} gets ${quantity} of these units.`,
  alreadyDone: (status: string, name: string) => `This task was already ${status} by ${name}.`,
  notOpen: (status: string) => `This task is ${status}: there is nothing to pick.`,
  foundTooMany: (quantity: number) =>
    `A short pick finds fewer than ${quantity}: with ${quantity} there, confirm the pick instead.`,
  locationShort: (code: string) => `The records say ${code} holds fewer units than this: report a short pick.`,
  picked: (quantity: number, sku: string, location: string) => `Picked ${quantity} × ${sku} from ${location}.`,
  shortReallocated: (units: number) =>
    `Short pick recorded. ${units} unit${units === 1 ? '' : 's'} re-allocated from another location: next in the route.`,
  shortNotReallocated: (units: number) =>
    `Short pick recorded. ${units} unit${units === 1 ? '' : 's'} could not be found elsewhere: the supervisor decides.`,
  skipped: 'Task moved to the end of the route.',
  emptyCheckNotAsked: 'This question is asked only after taking what should be the last units of a location.',
  emptyConfirmed: 'Thanks: the location is empty.',
  notEmpty: (code: string) => `${code} sent to hospital: a count was created for it.`,
  wavePicked: (number: string) => `${number} picked: every task is done.`,
  notInHospital: 'This location is not in hospital.',
  notPutBack: 'This task is not a put-back task: confirm it as a pick.',
  putBackNotOpen: (status: string) => `This put-back task is ${status}: there is nothing to put back.`,
  alreadyPutBack: (name: string) => `These units were already put back by ${name}.`,
  wrongPutBackLocation: (expected: string) =>
    `Wrong location: put these units back in ${expected} (or choose to put them into the scanned bin instead).`,
  otherLocationUnknown: (code: string) => `No active location ${code} in this warehouse to put units into.`,
  otherLocationNotAllowed: (code: string) =>
    `${code} cannot take put-back units (staging, quarantine or hospital): put them back in the task's location.`,
  wrongPutBackProduct: (sku: string, barcode: string | null) =>
    `Wrong product: put back ${sku}${barcode ? ` (barcode ${barcode})` : ''}.`,
  wrongPutBackQuantity: (quantity: number) => `Put back all ${quantity} units of this task.`,
  cartShort: (sku: string) => `The records say the cart holds fewer units of ${sku} than this task: ask a supervisor.`,
  putBacksAssigned: (number: string) => `${number}: put its units back from the cart, bin by bin.`,
  putBack: (quantity: number, sku: string, location: string) => `Put back ${quantity} × ${sku} in ${location}.`,
  hospitalCleared: (code: string) => `${code} cleared: it is back in allocation.`,
} as const;

/** POST /api/waves/assign-next: "get work" in a warehouse. */
export const assignNextSchema = z.object({ warehouse_id: idSchema() });

/** POST /api/waves/{id}/totes: one tote per order on the cart (cluster mode), before the first pick. */
export const waveTotesSchema = z.object({
  totes: z
    .array(z.object({ order_id: idSchema(), tote: scanned(PICKING_MESSAGES.toteRequired) }))
    .min(1)
    .max(1000),
});

/** POST /api/waves/{id}/tasks/{taskId}/pick: what the picker scanned. */
export const pickConfirmSchema = z.object({
  location_code: scanned(PICKING_MESSAGES.locationRequired),
  product_code: scanned(PICKING_MESSAGES.productRequired),
  lot_code: safeString().trim().max(128).nullable().optional(),
  quantity: z.number().int().min(1).max(1_000_000),
  /** Cluster mode: the tote scanned for each order of the task, and how many of its units went in. */
  totes: z
    .array(
      z.object({
        order_id: idSchema(),
        tote: scanned(PICKING_MESSAGES.toteRequired),
        quantity: z.number().int().min(1),
      }),
    )
    .max(1000)
    .optional(),
});
export type PickConfirmInput = z.infer<typeof pickConfirmSchema>;

/** POST /api/waves/{id}/tasks/{taskId}/short: what was there, and why less. */
export const shortPickSchema = z.object({
  quantity_found: z.number().int().min(0).max(1_000_000),
  reason: z.enum(SHORT_PICK_REASONS),
});
export type ShortPickInput = z.infer<typeof shortPickSchema>;

/** POST /api/waves/{id}/tasks/{taskId}/empty-check: the answer to "is it empty now?". */
export const emptyCheckSchema = z.object({ empty: z.boolean() });

/**
 * POST /api/waves/{id}/tasks/{taskId}/put-back: units of a cancelled wave (or a removed order) go back from the cart
 * to the task's location, or — with `other_location` — to another active bin of the warehouse the picker scanned.
 */
export const putBackSchema = z.object({
  location_code: scanned(PICKING_MESSAGES.locationRequired),
  product_code: scanned(PICKING_MESSAGES.productRequired),
  quantity: z.number().int().min(1).max(1_000_000),
  /** The scanned location is another bin than the task's, on purpose ("scan another bin"). */
  other_location: z.boolean().optional(),
});
export type PutBackInput = z.infer<typeof putBackSchema>;

/** A picking write answers the wave as it now is; after taking a location's last units, `ask_empty`. */
export const pickingAnswerResponse = z.object({
  data: waveDetailSchema,
  message: z.string(),
  ask_empty: z.boolean().optional(),
});

/**
 * A task write (pick, short, skip) answers the wave's status and progress counts and only the tasks it changed: the
 * task itself and, after a short pick, every task from it on in the route (its re-allocations were placed right
 * after it). The handheld merges them into the wave it holds by id, so it still knows the next task.
 */
export const pickTaskAnswerResponse = z.object({
  data: z.object({ wave: waveSchema, tasks: z.array(pickTaskSchema) }),
  message: z.string(),
  ask_empty: z.boolean().optional(),
});
export type PickTaskAnswer = z.infer<typeof pickTaskAnswerResponse>;

export const hospitalEntrySchema = z.object({
  location: z.object({ id: z.number().int(), code: z.string(), warehouse_id: z.number().int() }),
  reason: z.enum(HOSPITAL_REASONS),
  since: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The newest count of the location still open, when there is one. */
  cycle_count_id: z.number().int().nullable(),
});
export type HospitalEntry = z.infer<typeof hospitalEntrySchema>;
export const hospitalListQuery = z.object({ warehouse_id: idSchema() });
export const hospitalListResponse = z.object({ data: z.array(hospitalEntrySchema) });
export const hospitalEntryResponse = z.object({ data: hospitalEntrySchema.nullable() });
export const hospitalActionSchema = z.object({ action: z.literal('clear') });
export const hospitalClearedResponse = z.object({ message: z.string() });
