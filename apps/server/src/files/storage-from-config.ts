import { join } from 'node:path';
import type { Config } from '../config';
import { type FileStorage, LocalFileStorage } from './file-storage';
import { S3FileStorage } from './s3-file-storage';

/** The local directory under DATA_DIR (default `${DATA_DIR}/files`). */
export function localStorageFromConfig(config: Config): LocalFileStorage {
  return new LocalFileStorage(join(config.DATA_DIR, 'files'));
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

/** FILE_STORAGE: `local` (the default) or `s3`. */
export function storageFromConfig(config: Config): FileStorage {
  return config.FILE_STORAGE === 's3' ? s3StorageFromConfig(config) : localStorageFromConfig(config);
}
