import { z } from 'zod';
import { ID_INVALID, idArraySchema, idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { safeString } from './text';

/**
 * Replenishment (docs/floor-replenishment.md): pick-face settings (min, max, increment per inventory row in a pick
 * location), the report of pick faces to refill from storage, and replenishment tasks done on the floor.
 */

export const PICK_FACE_MAX_QUANTITY = 1_000_000;

export const REPLENISHMENT_MESSAGES = {
  inventoryNotFound: 'Inventory row not found',
  warehouseNotFound: 'Warehouse not found',
  taskNotFound: 'Replenishment task not found',
  minInvalid: 'Min must be a whole number, 0 or more.',
  maxInvalid: 'Max must be a whole number above 0.',
  maxBelowMin: 'Max must be at least min.',
  incrementInvalid: 'Increment must be a whole number, 1 or more.',
  locationInvalid: 'Choose a pick location of this inventory row’s warehouse.',
  locationTwice: 'Each pick location once.',
  faceHasOpenTask: (code: string) =>
    `${code} has an open replenishment task: finish or cancel it before removing the pick face.`,
  pickFacesSaved: (count: number) => `${count} pick face${count === 1 ? '' : 's'} saved.`,
  tasksCreated: (count: number) => `${count} replenishment task${count === 1 ? '' : 's'} created.`,
  notOpen: (status: string) => `This task is ${status}.`,
  takenByOther: (name: string) => `This task is being done by ${name}.`,
  wrongSource: (code: string) => `Wrong location: take the units from ${code}.`,
  wrongTarget: (code: string) => `Wrong location: bring the units to ${code}.`,
  wrongLot: (lot: string) => `Wrong lot: take lot ${lot}.`,
  wrongProduct: (sku: string) => `Wrong product: take ${sku}.`,
  quantityTooMany: (quantity: number) => `Bring at most ${quantity}.`,
  quantityInvalid: 'Quantity must be a whole number, 1 or more.',
  sourceShort: (code: string) => `The records say ${code} holds fewer units than this: report the source short.`,
  started: 'Task started: go to the source location.',
  completed: (quantity: number, sku: string, target: string) => `Brought ${quantity} × ${sku} to ${target}.`,
  shorted: (code: string) => `${code} reported short: it goes to hospital with a count.`,
  cancelled: 'Replenishment task cancelled.',
  // The pick-face spreadsheet (import all or nothing: every bad row named).
  importFileRequired: 'Choose a spreadsheet to import.',
  importInvalidType: 'The file must be a CSV or XLSX spreadsheet.',
  importEmpty: 'The spreadsheet has no rows.',
  importUnreadable: 'The spreadsheet could not be read.',
  importTooLarge: 'The spreadsheet is too large.',
  importTooManyRows: (max: number) => `The spreadsheet has more than ${max} rows.`,
  importMissingColumns: (columns: string[]) => `Missing columns: ${columns.join(', ')}.`,
  importRow: (row: number, problem: string) => `Row ${row}: ${problem}`,
  importRejected: (rows: number) => `Nothing imported: ${rows} row${rows === 1 ? '' : 's'} to fix.`,
  importSkuUnknown: (sku: string) => `No inventory of SKU ${sku} in this warehouse.`,
  importAccountUnknown: (account: string, sku: string) => `No inventory of SKU ${sku} for account ${account}.`,
  importAccountNeeded: (sku: string) => `SKU ${sku} is held for several accounts here: name the account.`,
  importLocationUnknown: (code: string) => `${code} is not a pick location of this warehouse.`,
  importDuplicateRow: (row: number) => `The same SKU and location as row ${row}.`,
  imported: (count: number) => `${count} pick face${count === 1 ? '' : 's'} imported.`,
} as const;

/** The pick-face spreadsheet's columns (import and export); Account only where a SKU is held for several. */
export const PICK_FACE_SHEET_COLUMNS = ['SKU', 'Account', 'Location', 'Min', 'Max', 'Increment'] as const;
export const PICK_FACE_IMPORT_MAX_ROWS = 5000;
export const pickFaceImportResponse = z.object({ message: z.string(), imported_count: z.number().int() });

const whole = (message: string) => z.number({ error: message }).int(message);

export const pickFaceInputSchema = z
  .object({
    location_id: idSchema(REPLENISHMENT_MESSAGES.locationInvalid),
    min: whole(REPLENISHMENT_MESSAGES.minInvalid)
      .min(0, REPLENISHMENT_MESSAGES.minInvalid)
      .max(PICK_FACE_MAX_QUANTITY, REPLENISHMENT_MESSAGES.minInvalid),
    max: whole(REPLENISHMENT_MESSAGES.maxInvalid)
      .min(1, REPLENISHMENT_MESSAGES.maxInvalid)
      .max(PICK_FACE_MAX_QUANTITY, REPLENISHMENT_MESSAGES.maxInvalid),
    increment: whole(REPLENISHMENT_MESSAGES.incrementInvalid)
      .min(1, REPLENISHMENT_MESSAGES.incrementInvalid)
      .max(PICK_FACE_MAX_QUANTITY, REPLENISHMENT_MESSAGES.incrementInvalid),
  })
  .refine((f) => f.max >= f.min, { path: ['max'], message: REPLENISHMENT_MESSAGES.maxBelowMin });
export type PickFaceInput = z.infer<typeof pickFaceInputSchema>;

export const pickFacesPutSchema = z.object({ pick_faces: z.array(pickFaceInputSchema).max(100) });
export type PickFacesPut = z.infer<typeof pickFacesPutSchema>;

export const pickFaceSchema = z.object({
  id: z.number().int(),
  inventory_id: z.number().int(),
  warehouse_id: z.number().int(),
  location: z.object({ id: z.number().int(), code: z.string() }),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string() }),
  min: z.number().int(),
  max: z.number().int(),
  increment: z.number().int(),
  /** Units at the face (all lots) and the part of them not allocated to pick tasks. */
  quantity: z.number().int(),
  available: z.number().int(),
});
export type PickFace = z.infer<typeof pickFaceSchema>;

export const pickFacesResponse = z.object({ data: z.array(pickFaceSchema) });
export const pickFacesSavedResponse = z.object({ message: z.string(), data: z.array(pickFaceSchema) });
export const pickFaceListQuery = paginationQuery.pick({ page: true, per_page: true });
export const pickFacePageResponse = z.object({ data: z.array(pickFaceSchema), meta: pageMetaSchema });

export const replenishmentSourceSchema = z.object({
  location: z.object({ id: z.number().int(), code: z.string() }),
  lot: z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  reason: z.string(),
});

export const replenishmentLineSchema = z.object({
  pick_face: pickFaceSchema,
  /** Units open pick tasks of released waves take from storage for this row because the face was short. */
  wave_demand: z.number().int(),
  below_min: z.boolean(),
  urgent: z.boolean(),
  /** Units to bring: up to max in whole increments (at least one below min), never more than storage holds free. */
  quantity: z.number().int(),
  /** Units free (not allocated) in the row's storage locations. */
  storage_free: z.number().int(),
  sources: z.array(replenishmentSourceSchema),
  open_task_id: z.number().int().nullable(),
});
export type ReplenishmentLine = z.infer<typeof replenishmentLineSchema>;
export const replenishmentReportResponse = z.object({ data: z.array(replenishmentLineSchema) });

export const REPLENISHMENT_TASK_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
export type ReplenishmentTaskStatus = (typeof REPLENISHMENT_TASK_STATUSES)[number];

export const replenishmentTaskSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  pick_face_id: z.number().int().nullable(),
  inventory_id: z.number().int(),
  /** The barcode too: the handheld takes either scanned (and checks it offline against the task it holds). */
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), barcode: z.string().nullable() }),
  lot: z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string().nullable() }).nullable(),
  source: z.object({ id: z.number().int(), code: z.string() }),
  target: z.object({ id: z.number().int(), code: z.string() }),
  quantity: z.number().int(),
  quantity_moved: z.number().int(),
  status: z.enum(REPLENISHMENT_TASK_STATUSES),
  urgent: z.boolean(),
  short: z.boolean(),
  reason: z.string(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ReplenishmentTask = z.infer<typeof replenishmentTaskSchema>;

export const replenishmentTaskListQuery = paginationQuery.pick({ page: true, per_page: true }).extend({
  warehouse_id: optionalIdQuery(),
  status: z.enum(REPLENISHMENT_TASK_STATUSES).optional(),
});
export type ReplenishmentTaskListQuery = z.infer<typeof replenishmentTaskListQuery>;
export const replenishmentTaskPageResponse = z.object({ data: z.array(replenishmentTaskSchema), meta: pageMetaSchema });
export const replenishmentTaskResponse = z.object({ message: z.string().optional(), data: replenishmentTaskSchema });

export const replenishmentTasksCreateSchema = z.object({
  warehouse_id: idSchema(),
  /** The report's pick faces to create tasks for; absent: every line of the report. */
  pick_face_ids: idArraySchema(ID_INVALID, 500).min(1).optional(),
});
export type ReplenishmentTasksCreate = z.infer<typeof replenishmentTasksCreateSchema>;
export const replenishmentTasksCreatedResponse = z.object({
  message: z.string(),
  data: z.array(replenishmentTaskSchema),
});

const scanned = (message: string) => safeString({ error: message }).trim().min(1, message).max(128, message);
export const replenishmentCompleteSchema = z.object({
  quantity: whole(REPLENISHMENT_MESSAGES.quantityInvalid).min(1, REPLENISHMENT_MESSAGES.quantityInvalid),
  source_code: scanned('Scan the source location.'),
  target_code: scanned('Scan the pick location.'),
  lot: scanned('Scan the lot.').optional(),
});
export type ReplenishmentComplete = z.infer<typeof replenishmentCompleteSchema>;

/** The dashboard card: live tasks and pick faces below min, over the caller's warehouses (or one of them). */
export const replenishmentSummaryQuery = z.object({ warehouse_id: optionalIdQuery() });
export const replenishmentSummarySchema = z.object({
  open_tasks: z.number().int(),
  in_progress_tasks: z.number().int(),
  urgent_tasks: z.number().int(),
  faces_below_min: z.number().int(),
});
export type ReplenishmentSummary = z.infer<typeof replenishmentSummarySchema>;
export const replenishmentSummaryResponse = z.object({ data: replenishmentSummarySchema });
