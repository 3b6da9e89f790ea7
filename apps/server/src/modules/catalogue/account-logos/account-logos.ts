import { createHash, randomUUID } from 'node:crypto';
import { ACCOUNT_LOGO_MAX_SIDE_PIXELS, ACCOUNT_LOGO_MESSAGES } from '@wms/contract/account-logo';
import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { inspectImage } from '../../../files/image-inspection';
import { fieldError, HttpError, notFound } from '../../../http/errors';
import { accountEventScope, recordEvent } from '../../platform/activity/activity-api';
import { insertFileRow } from '../../platform/files/files-api';
import { deleteLogoFileRow, findAccountLogo, setAccountLogoFile } from './account-logos-repository';

async function accountInScope(db: Database, auth: RequestAuth, accountId: number) {
  const account = await findAccountLogo(db, await auth.scope(), accountId);
  if (!account) throw notFound(ACCOUNT_MESSAGES.notFound);
  return account;
}

const logoEvent = async (db: Parameters<typeof accountEventScope>[0], auth: RequestAuth, accountId: number) => ({
  actorId: auth.user.id,
  subject: { type: 'account', id: accountId },
  ...(await accountEventScope(db, [accountId])),
});

/**
 * Stores an account's logo after checking what it really is (PNG or JPEG by its bytes, never its name: anything
 * else is 415) and its pixel size; replaces the previous logo, whose bytes are removed once the change committed.
 */
export async function storeAccountLogo(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  accountId: number,
  upload: { fileName: string; bytes: Buffer },
) {
  await accountInScope(db, auth, accountId);
  const image = inspectImage(upload.bytes);
  if (!image || (image.mimeType !== 'image/png' && image.mimeType !== 'image/jpeg')) {
    throw new HttpError(415, ACCOUNT_LOGO_MESSAGES.logoType);
  }
  const side = Math.max(image.width, image.height);
  if (image.width < 1 || image.height < 1 || side > ACCOUNT_LOGO_MAX_SIDE_PIXELS) {
    throw fieldError('logo', ACCOUNT_LOGO_MESSAGES.logoTooManyPixels);
  }
  const id = randomUUID();
  const storageKey = `account-logos/${id}.${image.extension}`;
  await storage.put(storageKey, upload.bytes, image.mimeType);
  let previousKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const account = await findAccountLogo(tx, await auth.scope(), accountId, true);
      if (!account) throw notFound(ACCOUNT_MESSAGES.notFound);
      await insertFileRow(tx, {
        id,
        kind: 'account_logo',
        ownerUserId: auth.user.id,
        originalName: upload.fileName,
        mimeType: image.mimeType,
        sizeBytes: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        storageKey,
      });
      await setAccountLogoFile(tx, accountId, id);
      if (account.fileId) await deleteLogoFileRow(tx, account.fileId);
      previousKey = account.storageKey;
      await recordEvent(tx, {
        kind: 'account.logo_changed',
        payload: { name: account.name, removed: false },
        ...(await logoEvent(tx, auth, accountId)),
      });
    });
  } catch (error) {
    // No row, no file: do not leave unreachable bytes behind.
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  if (previousKey) await storage.delete(previousKey).catch(() => undefined);
  return { url: `/api/accounts/${accountId}/logo`, mime_type: image.mimeType, size_bytes: upload.bytes.length };
}

export async function removeAccountLogo(db: Database, storage: FileStorage, auth: RequestAuth, accountId: number) {
  await accountInScope(db, auth, accountId);
  const removedKey = await db.transaction(async (tx) => {
    const account = await findAccountLogo(tx, await auth.scope(), accountId, true);
    if (!account) throw notFound(ACCOUNT_MESSAGES.notFound);
    if (!account.fileId) throw notFound(ACCOUNT_LOGO_MESSAGES.noLogo);
    await setAccountLogoFile(tx, accountId, null);
    await deleteLogoFileRow(tx, account.fileId);
    await recordEvent(tx, {
      kind: 'account.logo_changed',
      payload: { name: account.name, removed: true },
      ...(await logoEvent(tx, auth, accountId)),
    });
    return account.storageKey;
  });
  if (removedKey) await storage.delete(removedKey).catch(() => undefined);
}

/** The logo's bytes for a caller who may see the account; 404 when it has none. */
export async function openAccountLogo(db: Database, storage: FileStorage, auth: RequestAuth, accountId: number) {
  const account = await accountInScope(db, auth, accountId);
  const stored = account.storageKey ? await storage.open(account.storageKey) : null;
  if (!stored || !account.mimeType) throw notFound(ACCOUNT_LOGO_MESSAGES.noLogo);
  return { stored, mimeType: account.mimeType };
}
