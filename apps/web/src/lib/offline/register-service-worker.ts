import { notifyInfo } from '../notify';
import { APP_UPDATED_MESSAGE, startedOnNewBuild } from './app-build';

/**
 * Registers the service worker of the built app (vite-plugin-pwa writes /sw.js): it precaches the app's code, so
 * the app opens with no network once it has been opened online. Not in development (Vite serves unbundled modules)
 * nor where the browser has no service workers. A failed registration only costs the offline start: it is logged,
 * never shown.
 *
 * A new deployment's worker installs in the background and waits: it takes over when every tab of the app has
 * closed, so the next start runs the new build, and that start says so once (`startedOnNewBuild`).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('The offline app could not be installed (service worker registration failed).', error);
  });
}

/** Shows the one-time "updated" notice when this start runs a build other than the last start's. */
export function announceAppUpdate(): void {
  if (startedOnNewBuild()) notifyInfo(APP_UPDATED_MESSAGE);
}
