import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { isFileTooLarge, readMultipart } from '../http/multipart-errors';

/** How many leading bytes an upload keeps in memory, for checks of its real type (a PDF's header lies in them). */
export const UPLOAD_HEAD_BYTES = 1024;

/**
 * An uploaded file written to a temporary file as it arrives (no upload is held whole in memory), with
 * what the checks and the files table need, computed on the way: size, sha256 and the first bytes.
 */
export interface SpooledFile {
  fieldName: string;
  fileName: string;
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export interface SpooledForm {
  fields: Record<string, string>;
  file?: SpooledFile;
}

/** A spooled file's identity without its temporary path: what an idempotency fingerprint compares. */
export const spooledIdentity = (file: SpooledFile | undefined) =>
  file && { fieldName: file.fieldName, fileName: file.fileName, size: file.size, sha256: file.sha256 };

/** Counts, hashes and keeps the head of the bytes flowing through. */
function measuring() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (size < UPLOAD_HEAD_BYTES) head.push(chunk.subarray(0, UPLOAD_HEAD_BYTES - size));
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

/**
 * Reads a multipart/form-data body with at most one file, which goes to a temporary file (capped at `maxBytes`: 413
 * with the route's own message beyond it), and its text fields, in whatever order they come. `work` runs with the
 * form; the temporary file is removed when it ends, however it ends. A non-multipart body reads as empty; an
 * unreadable one answers 400 (`readMultipart`).
 */
export async function withSpooledForm<T>(
  request: FastifyRequest,
  options: { maxBytes: number; tooLargeMessage: string },
  work: (form: SpooledForm) => Promise<T>,
): Promise<T> {
  const form: SpooledForm = { fields: {} };
  let dir: string | undefined;
  try {
    if (request.isMultipart()) {
      await readMultipart(async () => {
        try {
          for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
            if (part.type === 'file') {
              dir = await mkdtemp(join(tmpdir(), 'wms-upload-'));
              const path = join(dir, 'file');
              const measure = measuring();
              await pipeline(part.file, measure.transform, createWriteStream(path));
              if (part.file.truncated) throw new HttpError(413, options.tooLargeMessage);
              const measured = measure.result();
              if (part.filename || measured.size > 0) {
                form.file = { fieldName: part.fieldname, fileName: part.filename || 'upload.pdf', path, ...measured };
              }
            } else if (typeof part.value === 'string') {
              form.fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          if (isFileTooLarge(error)) throw new HttpError(413, options.tooLargeMessage);
          throw error;
        }
      });
    }
    return await work(form);
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
