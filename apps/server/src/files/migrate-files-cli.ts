import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured';
import { migrateFilesToS3 } from './migrate-files';
import { s3StorageFromConfig } from './s3-file-storage';
import { localStorageFromConfig } from './storage-from-config';

/**
 * `npm run files:migrate`: local files (DATA_DIR/files) to the bucket of the S3_* settings, then a count line.
 * Exits 1 when a file could not be copied (missing or damaged locally), so a script can stop before switching
 * FILE_STORAGE to s3.
 */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  if (!config.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: is required by files:migrate');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const handle = await openConfiguredDatabase(config);
const bucket = s3StorageFromConfig(config);
try {
  const report = await migrateFilesToS3(handle.db, localStorageFromConfig(config), bucket, (line) => console.log(line));
  console.log(
    `files:migrate: ${report.total} files, ${report.copied} copied, ${report.skipped} already there, ` +
      `${report.missing} missing locally, ${report.corrupt} with a wrong sha256`,
  );
  process.exitCode = report.missing + report.corrupt > 0 ? 1 : 0;
} finally {
  bucket.close();
  await handle.close();
}
