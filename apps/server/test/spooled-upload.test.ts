import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipartPlugin from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_HEAD_BYTES, withSpooledForm } from '../src/files/spooled-upload';
import { HttpError } from '../src/http/errors';
import { multipart } from './support/multipart';

/**
 * An upload is written to a temporary file as it arrives, never held whole in memory; what the checks
 * and the files table need (size, sha256, the first bytes) is computed on the way, and the temporary file is gone
 * when the request ends, whether the route stored the file, refused it, or the file was too large.
 */
const MAX_BYTES = 4 * 1024 * 1024;
let app: FastifyInstance;
let spoolRoot: string;
let tmpdirBefore: string | undefined;
const seen: { path: string; onDisk: Buffer }[] = [];

beforeAll(async () => {
  // A temp dir of this file's own, so leftovers of other test files running meanwhile are not counted.
  spoolRoot = mkdtempSync(join(tmpdir(), 'spool-test-'));
  tmpdirBefore = process.env.TMPDIR;
  process.env.TMPDIR = spoolRoot;
  app = Fastify();
  await app.register(multipartPlugin, { limits: { files: 1, fileSize: 10 * MAX_BYTES } });
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : 500;
    void reply.status(status).send({ message: (error as Error).message });
  });
  app.post('/upload', async (request) =>
    withSpooledForm(request, { maxBytes: MAX_BYTES, tooLargeMessage: 'Too large.' }, async (form) => {
      if (form.file) seen.push({ path: form.file.path, onDisk: await readFile(form.file.path) });
      if (form.fields.refuse) throw new HttpError(422, 'Refused.');
      const file = form.file;
      return {
        fields: form.fields,
        file: file && { name: file.fileName, size: file.size, sha256: file.sha256, head: file.head.toString('hex') },
      };
    }),
  );
});
afterAll(async () => {
  await app.close();
  // The test files after this one may run in the same process (vitest.config.ts: no isolation).
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

const spooled = () => readdirSync(spoolRoot).filter((name) => name.startsWith('wms-upload-'));

describe('uploads spooled to a temporary file', () => {
  it('measures a 3 MB file on the way and removes its temporary file after the request', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipart({ label_name: 'UPS' }, { field: 'label_file', filename: 'big.pdf', content }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fields: { label_name: 'UPS' },
      file: {
        name: 'big.pdf',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        head: content.subarray(0, UPLOAD_HEAD_BYTES).toString('hex'),
      },
    });
    const last = seen.at(-1)!;
    expect(Buffer.compare(last.onDisk, content)).toBe(0);
    expect(existsSync(last.path)).toBe(false);
    expect(spooled()).toEqual([]);
  });

  it('removes the temporary file when the route refuses the upload', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipart({ refuse: 'yes' }, { filename: 'a.pdf', content: Buffer.from('%PDF-1.4 tiny') }),
    });
    expect(res.statusCode).toBe(422);
    expect(existsSync(seen.at(-1)!.path)).toBe(false);
    expect(spooled()).toEqual([]);
  });

  it("answers 413 with the route's message beyond the limit, leaving nothing behind", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipart({}, { filename: 'huge.pdf', content: randomBytes(MAX_BYTES + 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Too large.');
    expect(spooled()).toEqual([]);
  });

  it('reads a form without a file, and a body that is not multipart, as fields only', async () => {
    const fieldsOnly = await app.inject({ method: 'POST', url: '/upload', ...multipart({ a: '1' }) });
    expect(fieldsOnly.json()).toEqual({ fields: { a: '1' } });
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
    expect(json.json()).toEqual({ fields: {} });
  });
});
