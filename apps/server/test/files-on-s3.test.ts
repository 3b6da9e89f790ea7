import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/files';
import { multipartFile, png } from './support/images';
import { testS3Storage } from './support/s3-test-storage';
import { createTestContext, type TestContext } from './support/test-app';

const bucket = testS3Storage();

/**
 * The S3 stage's own proof that it runs on S3 (scripts/test.sh, vitest.s3.config.ts): with FILE_STORAGE=s3 an
 * upload lands in the bucket, nothing on the local disk, and the API streams it back. The other files tests of
 * that stage (avatars, labels, merge PDFs, draft labels) then run unchanged on the bucket.
 */
describe.skipIf(!bucket)('files on the S3 driver', () => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wms-s3-files-'));
    ctx = await createTestContext({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, not on disk, and streams it back through the API', async () => {
    const bytes = png(7, 7);
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/uploadImage',
      ...multipartFile('image', 'me.png', 'image/png', bytes),
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data;
    const [row] = await ctx.handle.db
      .select()
      .from(files)
      .where(eq(files.id, url.split('/').pop()!));
    expect(await bucket!.head(row!.storageKey)).toEqual({ size: bytes.length, sha256: row!.sha256 });
    expect(await readdir(dataDir)).toEqual([]);

    const download = await ctx.as(null, { method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });
});
