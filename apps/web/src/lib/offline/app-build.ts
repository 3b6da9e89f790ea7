/** Where the build that last started in this browser is remembered. */
export const APP_BUILD_KEY = 'wms.app-build';

/** The build this code came from (set by vite.config.ts at build time; 'dev' under the dev server and tests). */
export const CURRENT_APP_BUILD: string = import.meta.env.VITE_APP_BUILD ?? 'dev';

export const APP_UPDATED_MESSAGE = 'WMS was updated to a new version since you last used it.';

/**
 * Remembers the build that is starting and tells whether it differs from the one that started last time in this
 * browser. The service worker only switches builds between two starts of the app (it never takes over a running
 * page), so a difference here means "updated since you last used it", never "changed under your hands". The first
 * start ever is not an update.
 */
export function startedOnNewBuild(storage: Storage = localStorage, current: string = CURRENT_APP_BUILD): boolean {
  const previous = storage.getItem(APP_BUILD_KEY);
  if (previous !== current) storage.setItem(APP_BUILD_KEY, current);
  return previous !== null && previous !== current;
}
