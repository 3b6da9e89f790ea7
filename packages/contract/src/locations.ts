import { z } from 'zod';
import { ID_MAX, idSchema } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { safeString } from './text';

/** Bin locations inside a warehouse, the places stock will be kept in. */
export const LOCATION_TYPES = ['receiving', 'storage', 'pick', 'packing', 'staging', 'quarantine'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  receiving: 'Receiving',
  storage: 'Storage',
  pick: 'Pick',
  packing: 'Packing',
  staging: 'Staging',
  quarantine: 'Quarantine',
};

/** Most locations one generate request may create. */
export const LOCATION_GENERATE_MAX = 20_000;
/** Codes shown in a generate preview. */
export const LOCATION_PREVIEW_SIZE = 20;
/** Codes named in a duplicate refusal before "and N more". */
export const LOCATION_CLASH_LIST_MAX = 50;
/** Most labels one PDF may hold. */
export const LOCATION_LABELS_MAX = 5000;
/** The location every warehouse gets for stock not yet put away. */
export const UNASSIGNED_LOCATION_CODE = 'UNASSIGNED';

/** A scannable code: letters, digits and . _ / - only, so every scanner and Code 128 reads it back unchanged. */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const PART_PATTERN = /^[A-Za-z0-9]+$/;

export const LOCATION_MESSAGES = {
  codeRequired: 'The location code is required.',
  codeInvalid: 'The code may only hold letters, digits and . _ / - (it is printed as a barcode).',
  codeTaken: 'This code is already used by another location of this warehouse.',
  zoneRequired: 'The zone is required.',
  zoneInvalid: 'The zone may only hold letters and digits.',
  partInvalid: 'Use letters and digits only.',
  typeInvalid: `The type must be one of: ${LOCATION_TYPES.join(', ')}.`,
  activeRequired: 'Say whether the location is active.',
  walkSequenceInvalid: `The walk sequence must be a whole number from 0 to ${ID_MAX}.`,
  maxUnitsInvalid: `The maximum units must be a whole number from 1 to ${ID_MAX}.`,
  notEmpty: 'This location still holds stock. Move the stock out, or set it to inactive instead of deleting it.',
  unassignedDelete: 'The UNASSIGNED location cannot be deleted: stock that names no location is kept there.',
  unassignedDeactivate: 'The UNASSIGNED location cannot be deactivated: stock that names no location is kept there.',
  unassignedRename:
    'The code of the UNASSIGNED location cannot be changed: stock that names no location is kept there.',
  rangeRequired: 'Give a range: from and to.',
  rangeInvalid: 'A range runs between two numbers (1 to 12, 01 to 12) or two letters (A to F), from low to high.',
  tooMany: (count: number) =>
    `These ranges make ${count.toLocaleString('en-US')} locations; generate at most ${LOCATION_GENERATE_MAX.toLocaleString('en-US')} at once.`,
  clash: (codes: string[], total: number) =>
    `${total} of these codes already exist in this warehouse: ${codes.join(', ')}${total > codes.length ? ` and ${total - codes.length} more` : ''}.`,
  labelsEmpty: 'Choose the locations to print: a selection or a zone.',
  labelsNone: 'No location matches this selection.',
  labelsTooMany: `Print at most ${LOCATION_LABELS_MAX} labels at once.`,
  importFileRequired: 'Choose a spreadsheet to import.',
  importInvalidType: 'The file must be a spreadsheet: .xlsx, .xls, .csv or .numbers.',
  importUnreadable: 'The spreadsheet could not be read. Save it as .xlsx or .csv and try again.',
  importEmpty: 'The spreadsheet has no location rows.',
  importTooLarge: 'The file is too large.',
  importMissingColumns: (columns: string[]) => `The spreadsheet lacks the column(s): ${columns.join(', ')}.`,
  importTooManyRows: (max: number) => `Import at most ${max.toLocaleString('en-US')} locations at once.`,
  importRow: (row: number, message: string) => `Row ${row}: ${message}`,
  importDuplicateRow: (code: string, earlier: number) => `The code ${code} is already on row ${earlier}.`,
  importCodeExists: (code: string) => `The code ${code} already exists in this warehouse.`,
  importActiveInvalid: 'Active must be Yes or No.',
  importNumberInvalid: (column: string) => `${column} must be a whole number.`,
  importRejected: (count: number) =>
    `Nothing was imported: ${count} row${count === 1 ? '' : 's'} need${count === 1 ? 's' : ''} fixing.`,
  created: 'Location created successfully',
  updated: 'Location updated successfully',
  deleted: 'Location deleted successfully',
  generated: (count: number) => `${count.toLocaleString('en-US')} locations generated`,
  imported: (count: number) => `${count.toLocaleString('en-US')} locations imported`,
} as const;

/** A PostgreSQL integer column's largest value (the same bound as ids). */
const INT_MAX = ID_MAX;
const optionalPart = safeString()
  .trim()
  .max(16)
  .regex(PART_PATTERN, LOCATION_MESSAGES.partInvalid)
  .or(z.literal(''))
  .nullish()
  .transform((v) => v || null);

export const locationCodeSchema = safeString({ error: LOCATION_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: LOCATION_MESSAGES.codeRequired, abort: true })
  .max(64)
  .regex(CODE_PATTERN, LOCATION_MESSAGES.codeInvalid);

const zoneSchema = safeString({ error: LOCATION_MESSAGES.zoneRequired })
  .trim()
  .min(1, { error: LOCATION_MESSAGES.zoneRequired, abort: true })
  .max(32)
  .regex(PART_PATTERN, LOCATION_MESSAGES.zoneInvalid);

const typeSchema = z.enum(LOCATION_TYPES, { error: LOCATION_MESSAGES.typeInvalid });

/** POST /api/warehouses/{id}/locations and PUT /api/locations/{id} (a full replacement). */
export const locationInputSchema = z.object({
  code: locationCodeSchema,
  zone: zoneSchema,
  aisle: optionalPart,
  rack: optionalPart,
  level: optionalPart,
  bin: optionalPart,
  type: typeSchema.default('storage'),
  walk_sequence: z
    .number({ error: LOCATION_MESSAGES.walkSequenceInvalid })
    .int(LOCATION_MESSAGES.walkSequenceInvalid)
    .min(0, LOCATION_MESSAGES.walkSequenceInvalid)
    .max(INT_MAX, LOCATION_MESSAGES.walkSequenceInvalid)
    .nullish()
    .transform((v) => v ?? null)
    .describe('The order a picker walks the locations in; empty: the natural order of the code'),
  max_units: z
    .number({ error: LOCATION_MESSAGES.maxUnitsInvalid })
    .int(LOCATION_MESSAGES.maxUnitsInvalid)
    .min(1, LOCATION_MESSAGES.maxUnitsInvalid)
    .max(INT_MAX, LOCATION_MESSAGES.maxUnitsInvalid)
    .nullish()
    .transform((v) => v ?? null),
  is_active: z.boolean().default(true),
  notes: safeString()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
});
export type LocationInput = z.infer<typeof locationInputSchema>;
/** What the create/edit form holds before the schema's defaults apply. */
export type LocationFormValues = z.input<typeof locationInputSchema>;

/** PUT must name the active flag, so leaving it out never silently re-activates a location. */
export const locationUpdateSchema = locationInputSchema.extend({
  is_active: z.boolean({ error: LOCATION_MESSAGES.activeRequired }),
});

export const locationSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  code: z.string(),
  zone: z.string(),
  aisle: z.string().nullable(),
  rack: z.string().nullable(),
  level: z.string().nullable(),
  bin: z.string().nullable(),
  type: z.enum(LOCATION_TYPES),
  walk_sequence: z.number().int().nullable(),
  max_units: z.number().int().nullable(),
  is_active: z.boolean(),
  notes: z.string().nullable(),
  units_held: z.number().int().describe('Units on hand in this location (every lot, quarantine included)'),
  products_held: z.number().int().describe('Distinct products on hand in this location'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const LOCATION_OCCUPANCY = ['empty', 'occupied'] as const;

export const locationListQuery = paginationQuery.extend({
  zone: safeString().trim().max(32).optional(),
  type: typeSchema.optional(),
  is_active: booleanQuery.optional(),
  occupancy: z.enum(LOCATION_OCCUPANCY).optional(),
  /** Exactly this code, any case (a scanned label): at most one location answers. */
  code: safeString().trim().max(64).optional(),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;

export const locationListResponse = z.object({
  data: z.array(locationSchema),
  meta: pageMetaSchema,
  zones: z.array(z.string()).describe("Every zone of the warehouse's locations (for the zone filter)"),
});
export const locationResponse = z.object({ location: locationSchema });
export const locationSavedResponse = z.object({ location: locationSchema, message: z.string() });

/** A range of one code part: two numbers (zero padding kept from `from`) or two letters. */
export const locationRangeSchema = z
  .object({
    from: safeString({ error: LOCATION_MESSAGES.rangeRequired }).trim().min(1, LOCATION_MESSAGES.rangeRequired).max(6),
    to: safeString({ error: LOCATION_MESSAGES.rangeRequired }).trim().min(1, LOCATION_MESSAGES.rangeRequired).max(6),
  })
  .refine((r) => rangeValues(r) !== null, LOCATION_MESSAGES.rangeInvalid);
export type LocationRange = z.infer<typeof locationRangeSchema>;

/** The values a range yields, or null when it is not a valid range. Shared by the preview in the browser. */
export function rangeValues(range: { from: string; to: string }): string[] | null {
  const { from, to } = range;
  if (/^\d+$/.test(from) && /^\d+$/.test(to)) {
    const low = Number(from);
    const high = Number(to);
    if (low > high || high - low >= LOCATION_GENERATE_MAX) return null;
    const width = Math.max(from.length, to.length);
    return Array.from({ length: high - low + 1 }, (_, i) => String(low + i).padStart(width, '0'));
  }
  if (/^[A-Za-z]$/.test(from) && /^[A-Za-z]$/.test(to)) {
    const low = from.toUpperCase().charCodeAt(0);
    const high = to.toUpperCase().charCodeAt(0);
    if (low > high) return null;
    return Array.from({ length: high - low + 1 }, (_, i) => String.fromCharCode(low + i));
  }
  return null;
}

export const locationGenerateSchema = z.object({
  zone: zoneSchema,
  type: typeSchema.default('storage'),
  aisles: locationRangeSchema,
  racks: locationRangeSchema.nullish(),
  levels: locationRangeSchema.nullish(),
  bins: locationRangeSchema.nullish(),
  max_units: locationInputSchema.shape.max_units,
  preview: z.boolean().default(false).describe('true: answer the count and the first codes, write nothing'),
});
export type LocationGenerateInput = z.infer<typeof locationGenerateSchema>;

export interface GeneratedLocation {
  code: string;
  zone: string;
  aisle: string;
  rack: string | null;
  level: string | null;
  bin: string | null;
}

const PARTS = ['aisles', 'racks', 'levels', 'bins'] as const;

/** How many locations the ranges make (without building them). */
export function generatedCount(input: Pick<LocationGenerateInput, (typeof PARTS)[number]>): number {
  return PARTS.reduce((product, part) => {
    const range = input[part];
    return range ? product * (rangeValues(range)?.length ?? 0) : product;
  }, 1);
}

/** Every location the ranges make, in walk order: zone-aisle-rack-level-bin. Call only under the limit. */
export function generatedLocations(
  input: Pick<LocationGenerateInput, 'zone' | (typeof PARTS)[number]>,
  limit = Infinity,
) {
  const values = PARTS.map((part) => {
    const range = input[part];
    return range ? (rangeValues(range) ?? []) : [null];
  });
  const out: GeneratedLocation[] = [];
  const zone = input.zone.toUpperCase();
  for (const aisle of values[0]!)
    for (const rack of values[1]!)
      for (const level of values[2]!)
        for (const bin of values[3]!) {
          if (out.length >= limit) return out;
          const code = [zone, aisle, rack, level, bin].filter(Boolean).join('-');
          out.push({ code, zone, aisle: aisle!, rack, level, bin });
        }
  return out;
}

export const locationGenerateResponse = z.object({
  count: z.number().int(),
  codes: z.array(z.string()).describe(`The first ${LOCATION_PREVIEW_SIZE} codes, in walk order`),
  message: z.string().optional(),
});

export const LABEL_LAYOUTS = ['4x6', 'sheet-a4', 'sheet-letter'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
export const LABEL_LAYOUT_LABELS: Record<LabelLayout, string> = {
  '4x6': 'One 4×6 in label per page',
  'sheet-a4': 'A4 sheets, 3×8 labels',
  'sheet-letter': 'Letter sheets, 3×8 labels',
};

/** POST /api/locations/labels: a selection of ids, or a whole zone of one warehouse. */
export const locationLabelsSchema = z
  .object({
    ids: z.array(idSchema()).max(LOCATION_LABELS_MAX, LOCATION_MESSAGES.labelsTooMany).optional(),
    warehouse_id: idSchema().optional(),
    zone: safeString().trim().max(32).optional(),
    layout: z.enum(LABEL_LAYOUTS).default('4x6'),
  })
  .refine((v) => (v.ids?.length ?? 0) > 0 || (v.warehouse_id !== undefined && !!v.zone), {
    error: LOCATION_MESSAGES.labelsEmpty,
    path: ['ids'],
  });
export type LocationLabelsInput = z.infer<typeof locationLabelsSchema>;

/** The spreadsheet columns of import, export and template, in order (export adds the units and products held). */
export const LOCATION_SHEET_COLUMNS = [
  'Code',
  'Zone',
  'Aisle',
  'Rack',
  'Level',
  'Bin',
  'Type',
  'Walk Sequence',
  'Max Units',
  'Active',
  'Notes',
] as const;

export const locationImportResponse = z.object({ message: z.string(), imported_count: z.number().int() });

export const warehouseLocationParams = z.object({ id: idSchema() });
