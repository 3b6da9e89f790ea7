import { z } from 'zod';
import { API_KEY_PERMISSIONS, PERMISSIONS, type Permission } from './access';
import { idSchema } from './ids';
import { currentPasswordSchema, PROFILE_MESSAGES } from './profile';
import { NAME_MAX_LENGTH, safeString } from './text';

/**
 * API keys, machine credentials for integrations (a client's web shop, a staff integration). A key acts
 * as the user who created it, limited to the permissions it carries and, when it has one, to one account.
 */
export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name.',
  permissionsRequired: 'Choose at least one permission.',
  permissionNotHeld: 'A key can only carry permissions you hold yourself.',
  permissionNotGrantable: 'A key cannot manage API keys.',
  accountRequired: 'Choose the account the key works for.',
  accountInvalid: 'The selected account is invalid.',
  expiryInPast: 'The expiry date must be in the future.',
  createFailed: 'The API key could not be created.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
  notFound: 'API key not found.',
  alreadyRevoked: 'This API key is already revoked.',
  tooManyRequests: 'Too many requests with this API key. Please try again later.',
  /** Creating a key asks for the password (the profile form's texts). */
  currentPasswordIncorrect: PROFILE_MESSAGES.currentPasswordIncorrect,
  profileWritesRefused: 'An API key cannot change its user’s profile, password or session.',
} as const;

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs) and told from a sign-in token. */
export const API_KEY_PREFIX = 'wms_sk_';

/** What a key may carry: anything but the key-management permissions (a key never mints or revokes keys). */
export const API_KEY_GRANTABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (permission) => !(API_KEY_PERMISSIONS as readonly string[]).includes(permission),
);

const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]]);

/** The latest expiry one may set: five years out (longer is "never", which is a null expiry). */
const MAX_EXPIRY_MS = 5 * 366 * 86_400_000;

export const apiKeyCreateSchema = z.object({
  /** A signed-in session alone (a borrowed laptop, a stolen token) must not mint a lasting credential. */
  current_password: currentPasswordSchema,
  name: safeString({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired, abort: true })
    .max(NAME_MAX_LENGTH),
  permissions: z
    .array(permissionSchema)
    .min(1, API_KEY_MESSAGES.permissionsRequired)
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)].sort()),
  /** Required for a client (a key works for one of their accounts); optional for staff (null: their whole scope). */
  account_id: idSchema(API_KEY_MESSAGES.accountInvalid).nullish(),
  /** ISO date-time; null or absent: the key does not expire. */
  expires_at: z.iso
    .datetime({ offset: true, error: API_KEY_MESSAGES.expiryInPast })
    .nullish()
    .refine((value) => !value || new Date(value).getTime() > Date.now(), API_KEY_MESSAGES.expiryInPast)
    .refine(
      (value) => !value || new Date(value).getTime() < Date.now() + MAX_EXPIRY_MS,
      'Choose an expiry within five years.',
    ),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret (prefix included), to recognise a key in a list; never enough to use it. */
  token_prefix: z.string(),
  permissions: z.array(z.string()),
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  user_id: z.number().int(),
  user_name: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** active, expired or revoked, computed when read. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponse = z.object({ data: z.array(apiKeySchema) });

/** The only answer that holds the secret: shown once, stored as a hash. */
export const apiKeyCreatedResponse = z.object({
  message: z.string(),
  data: apiKeySchema,
  secret: z.string(),
});

export const apiKeyRevokedResponse = z.object({ message: z.string(), data: apiKeySchema });
