/**
 * What an uploaded image really is, read from its bytes (never from the file name or the declared type):
 * the format from its magic bytes and the pixel size from its header, with no native image library.
 */
export interface ImageInfo {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's type and size, or null when the bytes are not a PNG, JPEG, GIF or WebP we can read. */
export function inspectImage(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mimeType: 'image/png', extension: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  const gifHeader = bytes.toString('latin1', 0, 6);
  if (bytes.length >= 10 && (gifHeader === 'GIF87a' || gifHeader === 'GIF89a')) {
    return { mimeType: 'image/gif', extension: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return webpInfo(bytes);
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegInfo(bytes);
  return null;
}

function webpInfo(bytes: Buffer): ImageInfo | null {
  const chunk = bytes.toString('latin1', 12, 16);
  const size = (width: number, height: number): ImageInfo => ({
    mimeType: 'image/webp',
    extension: 'webp',
    width,
    height,
  });
  // Lossy: a key frame start code, then 14-bit width and height.
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return size(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  // Lossless: signature byte, then width-1 and height-1 packed in 14 bits each.
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  // Extended: 24-bit canvas width-1 and height-1.
  if (chunk === 'VP8X') return size(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  return null;
}

/** Walks the JPEG segments up to the first start-of-frame marker, which holds the dimensions. */
function jpegInfo(bytes: Buffer): ImageInfo | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return {
        mimeType: 'image/jpeg',
        extension: 'jpg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}
