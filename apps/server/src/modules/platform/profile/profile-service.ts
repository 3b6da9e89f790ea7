import { DEFAULT_AVATAR, type User } from '@wms/contract/entities';
import { type ChangePasswordInput, PROFILE_MESSAGES, type ProfileInput } from '@wms/contract/profile';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import type { RequestAuth } from '../../../auth/request-auth';
import { revokeAllTokensOfUser } from '../../../auth/tokens';
import type { Database } from '../../../db/client';
import { fieldError, forbidden } from '../../../http/errors';
import { revokeApiKeysOfUser } from '../../integrations/api-keys/api-keys-api';
import { recordEvent, userEventScope } from '../activity/activity-api';
import { fileIdFromUrl, fileUrl, findFileOwnedBy } from '../files/files-api';
import { findOwnPasswordHash, loadOwnUserView, setOwnPasswordHash, updateOwnProfile } from '../users/users-api';

/** The avatar to store: null for the placeholder, else an image the caller uploaded themselves. */
async function resolveAvatar(db: Database, userId: number, avatar: string | null): Promise<string | null> {
  if (!avatar || avatar === DEFAULT_AVATAR) return null;
  const fileId = fileIdFromUrl(avatar);
  const file = fileId && (await findFileOwnedBy(db, fileId, 'avatar', userId));
  if (!file) throw fieldError('avatar', PROFILE_MESSAGES.avatarInvalid);
  return fileUrl(file.id);
}

/** Own profile only: an `id` naming someone else is refused rather than silently applied to the caller. */
export async function updateProfile(db: Database, auth: RequestAuth, input: ProfileInput): Promise<User> {
  const userId = auth.user.id;
  if (input.id !== undefined && input.id !== userId) throw forbidden(PROFILE_MESSAGES.notYourProfile);
  const avatar = await resolveAvatar(db, userId, input.avatar);
  await db.transaction(async (tx) => {
    await updateOwnProfile(tx, userId, {
      name: input.name,
      occupation: input.occupation,
      phone: input.phone,
      address: input.address,
      gender: input.gender,
      avatar,
    });
    await recordEvent(tx, {
      kind: 'profile.updated',
      payload: { name: input.name },
      actorId: userId,
      subject: { type: 'user', id: userId },
      ...(await userEventScope(tx, userId)),
    });
  });
  return (await loadOwnUserView(db, userId))!;
}

/**
 * Changes the caller's password and signs them out everywhere (every token revoked, this one included), and unless
 * asked not to, revokes their API keys too.
 */
export async function changePassword(db: Database, auth: RequestAuth, input: ChangePasswordInput): Promise<void> {
  const userId = auth.user.id;
  if (input.id !== undefined && input.id !== userId) throw forbidden(PROFILE_MESSAGES.notYourPassword);
  const currentHash = await findOwnPasswordHash(db, userId);
  if (!(await verifyPassword(currentHash, input.current_password))) {
    throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordIncorrect);
  }
  // Otherwise a user on the initial password could "change" it to itself and keep it.
  if (input.password === input.current_password) {
    throw fieldError('password', PROFILE_MESSAGES.passwordUnchanged);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setOwnPasswordHash(tx, userId, passwordHash);
    await revokeAllTokensOfUser(tx, userId);
    if (input.revoke_api_keys) await revokeApiKeysOfUser(tx, userId, userId);
    await recordEvent(tx, {
      kind: 'password.changed',
      payload: { name: auth.user.name },
      actorId: userId,
      subject: { type: 'user', id: userId },
      ...(await userEventScope(tx, userId)),
    });
  });
}
