import type { FileStorage } from '../../src/files/file-storage';

/** FileStorage in memory, so tests leave nothing on disk and can look at what was stored. */
export class MemoryFileStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    this.files.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | null> {
    return this.files.get(key) ?? null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
