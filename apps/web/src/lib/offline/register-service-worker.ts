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
  afterFirstScreen(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The offline app could not be installed (service worker registration failed).', error);
    });
  });
}

/** How long after the load event the worker may start installing (then in an idle moment of the page). */
const INSTALL_DELAY_MS = 3000;

/**
 * A new worker's install downloads the whole app (≈ 340 files): started with the first load, it took the
 * connections and the CPU the screen's own chunks needed (on a cold handheld, `bench/floor-lcp.ts`, its downloads ran
 * from the first second to the seventh, under the page's). So it starts once the first screen is up: a few seconds
 * after the load event, when the page is idle. An installed worker serves the app meanwhile, so only the very first
 * start waits that long to become installable offline.
 */
function afterFirstScreen(run: () => void): void {
  const whenIdle = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
      else run();
    }, INSTALL_DELAY_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Shows the one-time "updated" notice when this start runs a build other than the last start's. */
export function announceAppUpdate(): void {
  if (startedOnNewBuild()) notifyInfo(APP_UPDATED_MESSAGE);
}
