import { createHash, randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/client';
import type { FileKind } from '../../../db/schema/files';
import type { FileStorage, SpooledBytes } from '../../../files/file-storage';
import { insertFileRow } from '../../platform/files/files-api';

type PdfKind = Exclude<FileKind, 'avatar' | 'account_logo'>;
const FOLDERS: Record<PdfKind, string> = {
  label: 'labels',
  merge_pdf: 'merge-pdfs',
  draft_label: 'draft-labels',
  return_label: 'return-labels',
};

/** A PDF the server made (bytes) or an upload spooled to a temporary file as it arrived. */
export type PdfSource = Buffer | SpooledBytes;

/**
 * Puts a PDF in FileStorage and runs `record` (which inserts the file row and whatever points at it) in the
 * caller's transaction. When the transaction fails the bytes are removed again, so no unreachable file is left.
 */
export async function storePdf<T>(
  storage: FileStorage,
  file: { kind: PdfKind; ownerUserId: number; fileName: string; source: PdfSource },
  record: (insertRow: (tx: Executor) => Promise<string>) => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  const storageKey = `${FOLDERS[file.kind]}/${id}.pdf`;
  const { source } = file;
  const stored = Buffer.isBuffer(source)
    ? { size: source.length, sha256: createHash('sha256').update(source).digest('hex') }
    : { size: source.size, sha256: source.sha256 };
  if (Buffer.isBuffer(source)) await storage.put(storageKey, source, 'application/pdf');
  else await storage.putFile(storageKey, source, 'application/pdf');
  try {
    return await record(async (tx) => {
      await insertFileRow(tx, {
        id,
        kind: file.kind,
        ownerUserId: file.ownerUserId,
        originalName: file.fileName.slice(0, 255),
        mimeType: 'application/pdf',
        sizeBytes: stored.size,
        sha256: stored.sha256,
        storageKey,
      });
      return id;
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
