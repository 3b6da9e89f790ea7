import { z } from 'zod';
import { GENDERS, userSchema } from './entities';
import { idSchema } from './ids';
import { VALIDATION } from './messages';
import { optionalText, PASSWORD_MAX_LENGTH, safeString, tooLong } from './text';
import { bothPresent, requiredString } from './validation';

/** Spec 1 §5 and §8 texts of the settings page (profile, avatar upload and password change). */
export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  notYourProfile: 'You can only edit your own profile.',
  avatarInvalid: 'The avatar must be an image you uploaded.',
  passwordsRequired: 'Password and Confirm Password are required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordChanged: 'Password changed successfully. Please login again.',
  passwordChangeFailed: 'Failed to change password.',
  notYourPassword: 'You can only change your own password.',
  passwordUnchanged: 'The new password must be different from the current one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
} as const;

export const UPLOAD_MESSAGES = {
  imageRequired: 'The image field is required.',
  imageType: 'The image must be a PNG, JPEG, GIF or WebP file.',
  imageTooLarge: 'The image must not be larger than 2 MB.',
  imageTooManyPixels: 'The image must be at most 4096 × 4096 pixels.',
} as const;

/** Avatar limits, shown by the upload control and enforced by the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE_PIXELS = 4096;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** PUT /api/users (own profile). `id`, when sent, must be the caller's own. */
export const profileSchema = z.object({
  id: idSchema().optional(),
  name: requiredString(VALIDATION.nameRequired),
  occupation: optionalText(200),
  phone: optionalText(50),
  address: optionalText(500),
  gender: z
    .union([z.enum(GENDERS), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The URL POST /api/uploadImage answered; blank or the placeholder resets to the default avatar. */
  avatar: optionalText(500),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const profileResponse = z.object({ user: userSchema, message: z.string() });

const passwordRequired = safeString({ error: PROFILE_MESSAGES.passwordsRequired })
  .min(1, { error: PROFILE_MESSAGES.passwordsRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

/**
 * The password in use now, asked before anything that could take over the account or outlive a stolen session (a
 * password change, a new API key): without it, whoever holds a signed-in session could.
 */
export const currentPasswordSchema = safeString({ error: PROFILE_MESSAGES.currentPasswordRequired })
  .min(1, PROFILE_MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

/** POST /api/changePassword. */
export const changePasswordSchema = z
  .object({
    id: idSchema().optional(),
    current_password: currentPasswordSchema,
    password: passwordRequired.min(8, VALIDATION.passwordMin),
    confirm_password: passwordRequired,
    /**
     * Also revoke the caller's API keys (a key made with a stolen session would otherwise outlive the
     * new password). On unless the caller says otherwise, as the form's box is.
     */
    revoke_api_keys: z.boolean().default(true),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: PROFILE_MESSAGES.passwordsDoNotMatch,
    // Compare once both are present (a missing one already says "required"), even when the new one is too
    // short: every field's error shows at once.
    when: (payload) => bothPresent(payload.value, 'password', 'confirm_password'),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const uploadImageResponse = z.object({ data: z.string() });
