import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { files } from '../src/db/schema/files';
import { LocalFileStorage } from '../src/files/file-storage';
import { migrateFilesToS3 } from '../src/files/migrate-files';
import { type S3FileStorage, s3StorageFromConfig } from '../src/files/s3-file-storage';
import { multipartFile, png } from './support/images';
import { startTestS3Server, type TestS3Server } from './support/s3-server';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let s3: TestS3Server;
let bucket: S3FileStorage;
let localDir: string;
let local: LocalFileStorage;
let ctx: TestContext;
beforeAll(async () => {
  s3 = await startTestS3Server('wms-migrate-test');
  bucket = s3StorageFromConfig(loadConfig(s3.env));
  localDir = await mkdtemp(join(tmpdir(), 'wms-migrate-'));
  local = new LocalFileStorage(localDir);
  ctx = await createTestContext({}, { fileStorage: local });
});
afterAll(async () => {
  await ctx?.close();
  bucket?.close();
  await s3?.stop();
  await rm(localDir, { recursive: true, force: true });
});

/** Uploads an avatar through the API (to the local storage) and answers its file row. */
async function uploadAvatar(actor: Actor, size: number) {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/uploadImage',
    ...multipartFile('image', 'me.png', 'image/png', png(size, size)),
  });
  expect(res.statusCode).toBe(200);
  const id = (res.json().data as string).split('/').pop()!;
  const [row] = await ctx.handle.db.select().from(files).where(eq(files.id, id));
  return row!;
}

describe('npm run files:migrate (local files to S3)', () => {
  it('copies every file with its bytes, skips what is already there, and reports missing or damaged files', async () => {
    const first = await uploadAvatar('client', 3);
    const second = await uploadAvatar('admin', 4);

    const run1 = await migrateFilesToS3(ctx.handle.db, local, bucket);
    expect(run1).toMatchObject({ copied: 2, skipped: 0, missing: 0, corrupt: 0 });
    expect(await bucket.get(first.storageKey)).toEqual(await local.get(first.storageKey));
    expect(await bucket.get(second.storageKey)).toEqual(await local.get(second.storageKey));

    // Resumable: a second run copies nothing; an object lost from the bucket is copied again, alone.
    expect(await migrateFilesToS3(ctx.handle.db, local, bucket)).toMatchObject({ copied: 0, skipped: 2 });
    await bucket.delete(second.storageKey);
    expect(await migrateFilesToS3(ctx.handle.db, local, bucket)).toMatchObject({ copied: 1, skipped: 1 });
    expect(await bucket.head(second.storageKey)).toEqual({ size: second.sizeBytes, sha256: second.sha256 });

    // A file damaged on disk (its sha256 is not the row's) and one gone from disk are reported, never copied.
    const damaged = await uploadAvatar('manager', 5);
    await writeFile(join(localDir, damaged.storageKey), Buffer.from('not the uploaded bytes'));
    const gone = await uploadAvatar('superAdmin', 6);
    await unlink(join(localDir, gone.storageKey));
    const run4 = await migrateFilesToS3(ctx.handle.db, local, bucket);
    expect(run4).toMatchObject({ total: 4, copied: 0, skipped: 2, missing: 1, corrupt: 1 });
    expect(await bucket.head(damaged.storageKey)).toBeNull();
    expect(await bucket.head(gone.storageKey)).toBeNull();
  });
});
