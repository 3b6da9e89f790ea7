import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { type FileStorage, SAFE_KEY, type SpooledBytes, type StoredObject } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, a local test server…); unset: AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket.host/key` (false, AWS's default) or `host/bucket/key` (true, what most self-hosted servers need). */
  forcePathStyle: boolean;
}

/** What a HEAD tells about a stored object: its size and the sha256 we wrote beside it (metadata). */
export interface S3ObjectInfo {
  size: number;
  sha256: string | undefined;
}

/**
 * Files as objects in one S3-compatible bucket, under the same keys as on disk. The bucket stays private: every
 * download goes through the API's own authenticated, scoped routes, which stream the object from here.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: many S3-compatible servers do not know the SDK's newer default
      // (CRC32 trailers), and our own sha256 is checked from the files table anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client(config);
  }

  private checked(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        Metadata: { sha256: createHash('sha256').update(bytes).digest('hex') },
      }),
    );
  }

  /** Streams the spooled upload to the bucket: its length is known, so one PutObject carries it. */
  async putFile(key: string, file: SpooledBytes, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: createReadStream(file.path),
        ContentType: contentType,
        ContentLength: file.size,
        Metadata: { sha256: file.sha256 },
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.open(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      // In Node the body is the HTTP response itself: the object flows to the client as it arrives.
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<S3ObjectInfo | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return { size: answer.ContentLength ?? 0, sha256: answer.Metadata?.sha256 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  /** Lets the process exit promptly (the client keeps sockets alive). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The bucket named by the S3_* settings (config.ts has checked S3_BUCKET is set when FILE_STORAGE=s3). */
export function s3StorageFromConfig(config: Config): S3FileStorage {
  return new S3FileStorage({
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
