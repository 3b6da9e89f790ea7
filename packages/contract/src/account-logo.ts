import { z } from 'zod';

/** The account's logo, printed on its packing slips (PUT/GET/DELETE /api/accounts/{id}/logo). */
export const ACCOUNT_LOGO_MAX_BYTES = 1024 * 1024;
export const ACCOUNT_LOGO_MAX_SIDE_PIXELS = 4096;
export const ACCOUNT_LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

export const ACCOUNT_LOGO_MESSAGES = {
  logoRequired: 'The logo field is required.',
  logoType: 'The logo must be a PNG or JPEG file.',
  logoTooLarge: 'The logo must not be larger than 1 MB.',
  logoTooManyPixels: 'The logo must be at most 4096 × 4096 pixels.',
  noLogo: 'This account has no logo.',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
} as const;

export const accountLogoSavedResponse = z.object({
  data: z.object({ url: z.string(), mime_type: z.enum(ACCOUNT_LOGO_MIME_TYPES), size_bytes: z.number().int() }),
  message: z.string(),
});
export const accountLogoRemovedResponse = z.object({ message: z.string() });
