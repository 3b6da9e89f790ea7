import { z } from 'zod';
import { idSchema } from './ids';

/**
 * Kits and bundles. A product is `standard` (stocked and picked as itself), `bundle` (no stock of its own: ordered,
 * reserved and picked as its components) or `assembled` (stocked; built in the warehouse from its components).
 * Components are standard products of the kit's account; a kit inside a kit is refused in this version.
 */
export const PRODUCT_KINDS = ['standard', 'bundle', 'assembled'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const isKitKind = (kind: ProductKind): boolean => kind !== 'standard';

/** The most components one kit may list. */
export const KIT_COMPONENTS_MAX = 50;
/** The largest per-kit quantity of one component. */
export const KIT_COMPONENT_QUANTITY_MAX = 100_000;

export const KIT_MESSAGES = {
  kindInvalid: 'Kind must be standard, bundle or assembled.',
  componentsUpdated: 'Components saved.',
  notAKit: 'Only a bundle or an assembled product has components. Change its kind first.',
  componentRequired: 'Please select a product',
  componentNotFound: 'This product is not a product of the kit’s account.',
  componentIsKit: (sku: string) =>
    `${sku} is itself a kit: a kit cannot contain another kit (nested kits are not supported).`,
  componentIsSelf: 'A kit cannot contain itself.',
  componentRepeated: 'Each product may appear once; add to its quantity instead.',
  quantityInvalid: 'Quantity must be a whole number of at least 1.',
  quantityTooLarge: `Quantity must be at most ${KIT_COMPONENT_QUANTITY_MAX}.`,
  tooManyComponents: `A kit may have at most ${KIT_COMPONENTS_MAX} components.`,
  /** A kind change to standard while the product still lists components. */
  standardWithComponents: 'This product has components: remove them before making it a standard product.',
  /** A kind change to a kit for a product other kits use as a component. */
  componentCannotBeKit: (kits: string[]) =>
    `This product is a component of ${kits.join(', ')}: a component cannot become a kit (nested kits are not supported).`,
  kitCannotMove: 'A kit or a kit component cannot move to another account.',
  /** A bundle has no stock of its own. */
  bundleWithStock: 'This product has inventory: a bundle has no stock of its own. Move or remove its stock first.',
  /** Import: any kit issue refuses the whole file, every bad row named under `file`. */
  importRefused: 'The file was not imported: some kinds or components are invalid.',
  /** Import: the components cell. */
  importComponentsFormat: (row: number) =>
    `Row ${row}: components must read SKU:quantity separated by ';' (e.g. SKU-A:2;SKU-B:1).`,
  importComponentUnknown: (row: number, sku: string) =>
    `Row ${row}: component '${sku}' is not a product of this account.`,
  importComponentIsKit: (row: number, sku: string) =>
    `Row ${row}: component '${sku}' is a kit: nested kits are not supported.`,
  importComponentsOnStandard: (row: number) => `Row ${row}: only a bundle or an assembled product has components.`,
  importComponentRepeated: (row: number, sku: string) => `Row ${row}: component '${sku}' is listed twice.`,
  importKindInvalid: (row: number) => `Row ${row}: kind must be standard, bundle or assembled.`,
  importComponentCannotBeKit: (row: number, sku: string) =>
    `Row ${row}: '${sku}' is a component of a kit and cannot become a kit (nested kits are not supported).`,
} as const;

export const productKindField = z.enum(PRODUCT_KINDS, { error: KIT_MESSAGES.kindInvalid });

export const kitComponentInputSchema = z.object({
  product_id: idSchema(KIT_MESSAGES.componentRequired),
  quantity: z
    .number({ error: KIT_MESSAGES.quantityInvalid })
    .int(KIT_MESSAGES.quantityInvalid)
    .min(1, KIT_MESSAGES.quantityInvalid)
    .max(KIT_COMPONENT_QUANTITY_MAX, KIT_MESSAGES.quantityTooLarge),
});

/** PUT /products/{id}/components: the whole list, replacing the stored one (empty clears it). */
export const kitComponentsInputSchema = z.object({
  components: z.array(kitComponentInputSchema).max(KIT_COMPONENTS_MAX, KIT_MESSAGES.tooManyComponents),
});
export type KitComponentsInput = z.infer<typeof kitComponentsInputSchema>;

/** One line of a kit's bill of materials, or of "the kits this product is in". */
export const kitLineSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: productKindField,
  /** Units of the component per kit. */
  quantity: z.number().int(),
});
export type KitLine = z.infer<typeof kitLineSchema>;

export const kitComponentsResponse = z.object({
  message: z.string().optional(),
  kind: productKindField,
  /** The kit's components (empty for a standard product). */
  components: z.array(kitLineSchema),
  /** The kits this product is a component of (each line's quantity: per kit). */
  kits: z.array(kitLineSchema),
});
export type KitComponentsView = z.infer<typeof kitComponentsResponse>;
