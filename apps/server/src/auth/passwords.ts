import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP argon2id parameters (m=19 MiB, t=2, p=1): about 20 ms a hash here. */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/**
 * A new user's first password: 96 random bits as 16 URL-safe characters, unique to the user and shown once to the
 * staff member who created them (there is no shared default anyone could guess).
 */
export const generateInitialPassword = (): string => randomBytes(12).toString('base64url');

/** A real hash to verify against when the email is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
