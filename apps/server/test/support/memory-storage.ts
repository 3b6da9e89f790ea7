import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FileStorage, SpooledBytes, StoredObject } from '../../src/files/file-storage';
import { testS3Storage } from './s3-test-storage';

/**
 * FileStorage in memory, so tests leave nothing on disk and can look at what was stored (`files`). In the S3 stage
 * (scripts/test.sh) the bytes really go to and come back from the test S3 server; `files` still records the keys.
 */
export class MemoryFileStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();
  private readonly s3 = testS3Storage();

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (this.s3) await this.s3.put(key, bytes, contentType);
    this.files.set(key, Buffer.from(bytes));
  }

  async putFile(key: string, file: SpooledBytes, contentType: string): Promise<void> {
    if (this.s3) await this.s3.putFile(key, file, contentType);
    this.files.set(key, await readFile(file.path));
  }

  async get(key: string): Promise<Buffer | null> {
    if (this.s3) return this.s3.get(key);
    return this.files.get(key) ?? null;
  }

  async open(key: string): Promise<StoredObject | null> {
    if (this.s3) return this.s3.open(key);
    const bytes = this.files.get(key);
    return bytes ? { stream: Readable.from([bytes]), size: bytes.length } : null;
  }

  async delete(key: string): Promise<void> {
    if (this.s3) await this.s3.delete(key);
    this.files.delete(key);
  }
}
