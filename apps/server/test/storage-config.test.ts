import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { LocalFileStorage } from '../src/files/file-storage';
import { S3FileStorage } from '../src/files/s3-file-storage';
import { storageFromConfig } from '../src/files/storage-from-config';

const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'wms-files' };

describe('FILE_STORAGE and the S3 settings (config.ts)', () => {
  it('keeps files on the local disk by default and uses the bucket with FILE_STORAGE=s3', async () => {
    expect(await storageFromConfig(loadConfig({}))).toBeInstanceOf(LocalFileStorage);
    const config = loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    expect(await storageFromConfig(config)).toBeInstanceOf(S3FileStorage);
  });

  it('stops on a bad value with a message naming the setting', () => {
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when FILE_STORAGE=s3/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: must be set with/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});
