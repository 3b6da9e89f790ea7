import { createHash, randomUUID } from 'node:crypto';
import { AVATAR_MAX_SIDE_PIXELS, UPLOAD_MESSAGES } from '@wms/contract/profile';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { inspectImage } from '../../../files/image-inspection';
import { fieldError, HttpError } from '../../../http/errors';
import { recordEvent, userEventScope } from '../activity/activity-api';
import { fileUrl, isUuid } from './file-urls';
import { findFile, insertFileRow } from './files-repository';

/**
 * Stores an avatar image after checking what it really is: the type from its bytes (a renamed file is refused
 * with 415) and the pixel size from its header (decompression bombs are refused before any browser decodes them).
 * Answers the URL to put in the profile's avatar field.
 */
export async function storeAvatar(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  upload: { fileName: string; bytes: Buffer },
): Promise<string> {
  const image = inspectImage(upload.bytes);
  if (!image) throw new HttpError(415, UPLOAD_MESSAGES.imageType);
  if (
    image.width < 1 ||
    image.height < 1 ||
    image.width > AVATAR_MAX_SIDE_PIXELS ||
    image.height > AVATAR_MAX_SIDE_PIXELS
  ) {
    throw fieldError('image', UPLOAD_MESSAGES.imageTooManyPixels);
  }
  const id = randomUUID();
  const storageKey = `avatars/${id}.${image.extension}`;
  await storage.put(storageKey, upload.bytes, image.mimeType);
  try {
    await db.transaction(async (tx) => {
      await insertFileRow(tx, {
        id,
        kind: 'avatar',
        ownerUserId: auth.user.id,
        originalName: upload.fileName,
        mimeType: image.mimeType,
        sizeBytes: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        storageKey,
      });
      await recordEvent(tx, {
        kind: 'avatar.uploaded',
        payload: { name: auth.user.name },
        actorId: auth.user.id,
        subject: { type: 'user', id: auth.user.id },
        ...(await userEventScope(tx, auth.user.id)),
      });
    });
  } catch (error) {
    // No row, no file: do not leave unreachable bytes behind.
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return fileUrl(id);
}

/** A public avatar by id with its bytes, or undefined: files of any other kind are never served here. */
export async function findPublicAvatar(db: Database, storage: FileStorage, id: string) {
  const file = isUuid(id) ? await findFile(db, id, 'avatar') : undefined;
  const stored = file && (await storage.open(file.storageKey));
  return file && stored ? { file, stored } : undefined;
}
