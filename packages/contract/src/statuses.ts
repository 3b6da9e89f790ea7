import { z } from 'zod';
import {
  DEFAULT_STATUS_COLOR,
  ORDER_LIFECYCLES,
  STATUS_AUDIENCES,
  STATUS_MODULES,
  type StatusModule,
} from './order-lifecycle';
import { isStorableText, safeString } from './text';

/** Spec 2 §5 and §8 texts of the status screens, plus the server's rule messages. */
export const STATUS_MESSAGES = {
  nameRequired: 'Status name is required',
  nameRequiredOnEdit: 'Please enter a status name',
  nameTooLong: 'Name must be less than 255 characters',
  nameTaken: 'A status with this name already exists.',
  descriptionTooLong: 'Description must be less than 500 characters',
  sortOrderPositive: 'Sort order must be positive',
  sortOrderWhole: 'Sort order must be a whole number',
  colorInvalid: 'Please choose a colour as a hex value such as #3B82F6',
  moduleInvalid: 'Unknown module',
  holdsReleaseInvalid: 'Holds release is true or false.',
  notFound: 'Status not found',
  systemCannotBeDeleted: 'This status is used by the order rules and cannot be deleted. You can rename or recolour it.',
  systemCannotBeDeactivated:
    'This status is used by the order rules and cannot be deactivated. You can rename or recolour it.',
  systemNeedsOrdersModule: 'This status is used by the order rules and must stay assigned to the Orders module.',
  inUse: 'This status is used by orders and cannot be deleted. Deactivate it instead.',
  noModuleWarning: 'This status is not assigned to any module, so it is unavailable everywhere until you assign one.',
  created: 'Status created successfully',
  updated: 'Status updated successfully',
  deleted: 'Status deleted successfully',
  assigned: 'Status assigned to modules successfully',
  activated: 'Status activated successfully',
  deactivated: 'Status deactivated successfully',
  loadFailed: 'Failed to load statuses',
  loadModulesFailed: 'Failed to load modules',
  loadOneFailed: 'Failed to load status',
  updateFailed: 'Failed to update status',
  assignFailed: 'Failed to assign status to modules',
  deleteFailed: 'Failed to delete status',
  createFailed: 'Failed to create status',
} as const;

export const STATUS_NAME_MAX = 255;
export const STATUS_DESCRIPTION_MAX = 500;
export const STATUS_MODULE_KEYS = Object.keys(STATUS_MODULES) as StatusModule[];

export const statusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  assigned_modules: z.array(z.string()),
  audience: z.enum(STATUS_AUDIENCES),
  lifecycle: z.enum(ORDER_LIFECYCLES),
  /** pending, processing, shipped or cancelled for the statuses the rules depend on; null otherwise. */
  system_key: z.string().nullable(),
  /** Orders in this status are never released into a wave (the release preview lists them as on hold). */
  holds_release: z.boolean(),
  orders_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Status = z.infer<typeof statusSchema>;

const moduleList = z
  .array(z.enum(STATUS_MODULE_KEYS as [StatusModule, ...StatusModule[]], STATUS_MESSAGES.moduleInvalid))
  .max(10);

const statusFields = (nameRequired: string) =>
  z.object({
    name: z
      .string({ error: nameRequired })
      .trim()
      .min(1, nameRequired)
      .max(STATUS_NAME_MAX, STATUS_MESSAGES.nameTooLong)
      .refine(isStorableText, nameRequired),
    description: z
      .string()
      .trim()
      .max(STATUS_DESCRIPTION_MAX, STATUS_MESSAGES.descriptionTooLong)
      .nullish()
      .transform((v) => v || null),
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, STATUS_MESSAGES.colorInvalid)
      .default(DEFAULT_STATUS_COLOR)
      .transform((v) => v.toUpperCase()),
    is_active: z.boolean().default(true),
    sort_order: z.coerce
      .number({ error: STATUS_MESSAGES.sortOrderPositive })
      .int(STATUS_MESSAGES.sortOrderWhole)
      .min(0, STATUS_MESSAGES.sortOrderPositive)
      .max(1_000_000, STATUS_MESSAGES.sortOrderPositive)
      .default(0),
    modules: moduleList.default([]),
    audience: z.enum(STATUS_AUDIENCES).default('all'),
    lifecycle: z.enum(ORDER_LIFECYCLES).default('open'),
    /** Absent: off for a new status, and an edit keeps what is stored. */
    holds_release: z.boolean({ error: STATUS_MESSAGES.holdsReleaseInvalid }).optional(),
  });

/** POST /api/statuses. */
export const statusCreateSchema = statusFields(STATUS_MESSAGES.nameRequired);
export type StatusCreateInput = z.infer<typeof statusCreateSchema>;
/** PUT /api/statuses/{id}: a full replacement (spec 2 §5 edit messages). */
export const statusUpdateSchema = statusFields(STATUS_MESSAGES.nameRequiredOnEdit);
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

export const assignModulesSchema = z.object({ modules: moduleList });

/** GET /api/statuses: no paging (spec 2 §2); `active` is 'true'/'false' or absent. */
export const statusListQuery = z.object({
  search: safeString().trim().max(255).optional(),
  module: z
    .enum(STATUS_MODULE_KEYS as [StatusModule, ...StatusModule[]])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  active: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined)),
});
export type StatusListQuery = z.infer<typeof statusListQuery>;

export const statusListResponse = z.object({ statuses: z.array(statusSchema), data: z.array(statusSchema) });
export const statusResponse = z.object({ status: statusSchema, data: statusSchema });
export const statusSavedResponse = z.object({ status: statusSchema, data: statusSchema, message: z.string() });
export const statusModulesResponse = z.object({ modules: z.record(z.string(), z.string()) });
