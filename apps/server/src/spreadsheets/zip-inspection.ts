import { inflateRawSync } from 'node:zlib';

/** Limits for a spreadsheet inside a zip (xlsx, numbers): generous for real files, fatal for zip bombs. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressed: 200 * 1024 * 1024,
  /** Compression ratio above which an entry is refused outright (real xlsx XML compresses ~5–30×). */
  maxRatio: 200,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipInspection = { ok: true; entries: ZipEntry[] } | { ok: false; reason: 'corrupt' | 'bomb' };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function findEndOfCentralDirectory(buffer: Buffer): number {
  // The EOCD record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const stop = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= stop; i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

/** Reads the central directory (names and declared sizes) without decompressing anything. */
export function readCentralDirectory(buffer: Buffer): ZipEntry[] | undefined {
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd < 0) return undefined;
  const entryCount = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    entries.push({
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      uncompressedSize: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses zip bombs before any spreadsheet library sees the file: the declared sizes must be sane (count, total,
 * ratio), and each deflated entry is then actually inflated with an output cap equal to its declared size, so a
 * directory that lies about sizes is caught too. Cost is bounded by the caps, not by what the file claims.
 */
export function inspectZip(buffer: Buffer, limits = ZIP_LIMITS): ZipInspection {
  const entries = readCentralDirectory(buffer);
  if (!entries) return { ok: false, reason: 'corrupt' };
  if (entries.length > limits.maxEntries) return { ok: false, reason: 'bomb' };
  let total = 0;
  for (const entry of entries) {
    // 0xFFFFFFFF means ZIP64 sizes: far beyond anything a 10 MB spreadsheet needs.
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff)
      return { ok: false, reason: 'bomb' };
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (total > limits.maxTotalUncompressed || (ratio > limits.maxRatio && entry.uncompressedSize > 1024 * 1024)) {
      return { ok: false, reason: 'bomb' };
    }
  }
  for (const entry of entries) {
    const check = verifyEntrySize(buffer, entry);
    if (check !== 'ok') return { ok: false, reason: check };
  }
  return { ok: true, entries };
}

function verifyEntrySize(buffer: Buffer, entry: ZipEntry): 'ok' | 'corrupt' | 'bomb' {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_SIGNATURE) return 'corrupt';
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buffer.length) return 'corrupt';
  if (entry.method === 0) return entry.compressedSize === entry.uncompressedSize ? 'ok' : 'corrupt';
  if (entry.method !== 8) return 'corrupt';
  try {
    const out = inflateRawSync(buffer.subarray(start, end), { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    return out.length === entry.uncompressedSize ? 'ok' : 'corrupt';
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'bomb' : 'corrupt';
  }
}
