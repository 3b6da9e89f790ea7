import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One server per embedded database: PGlite has no locking of its own, so two processes on one data directory
 * would both accept writes and hand out the same ids. The lock is a file holding the owner's pid, created
 * exclusively; a lock left by a process that no longer runs (a crash, kill -9) is taken over.
 */
export function acquireDataDirLock(dir: string, name = 'db.lock'): DataDirLock {
  const path = join(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already open by another server (process ${owner}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      if (owner === process.pid) {
        throw new DataDirLockedError(`The embedded database in ${dir} is already open in this process.`);
      }
      // Stale: its owner is gone. Remove it and try once more (another starter may win that race: then we refuse).
      try {
        unlinkSync(path);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  throw new DataDirLockedError(`The embedded database in ${dir} is being opened by another server.`);
}
