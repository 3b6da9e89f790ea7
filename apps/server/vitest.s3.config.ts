import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The S3 stage of scripts/test.sh: the API test files that store, read and delete files (avatars, labels, merge
 * PDFs, draft labels) again, with FILE_STORAGE=s3 against a local S3 server the global setup starts.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ['test/profile.test.ts', 'test/orders-labels.test.ts', 'test/drafts.test.ts', 'test/files-on-s3.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/s3-global-setup.ts'],
  },
});
