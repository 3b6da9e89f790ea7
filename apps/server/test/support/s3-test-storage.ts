import { inject } from 'vitest';
import { loadConfig } from '../../src/config';
import { type S3FileStorage, s3StorageFromConfig } from '../../src/files/s3-file-storage';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the S3 stage's global setup (s3-global-setup.ts): the env that points the app at its bucket. */
    s3Env?: Record<string, string>;
  }
}

/** FILE_STORAGE=s3 and the S3_* settings in the S3 stage; nothing otherwise (files stay on disk or in memory). */
export function testS3Env(): Record<string, string> {
  return inject('s3Env') ?? {};
}

/** The S3 stage's bucket as a FileStorage, or undefined outside that stage. */
export function testS3Storage(): S3FileStorage | undefined {
  const env = inject('s3Env');
  return env ? s3StorageFromConfig(loadConfig(env)) : undefined;
}
