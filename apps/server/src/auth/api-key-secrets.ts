import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@wms/contract/api-keys';

/**
 * The secret of an API key: the recognisable prefix and 256 random bits (base64url). Stored as SHA-256, not bcrypt
 * or argon2: those slow hashes protect low-entropy passwords from guessing, while a 256-bit random secret cannot be
 * guessed at any speed, and a slow hash would cost every API request tens of milliseconds of CPU.
 */
export function generateApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 6), hash: hashApiKeySecret(secret) };
}

export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const looksLikeApiKey = (bearer: string): boolean => bearer.startsWith(API_KEY_PREFIX);
