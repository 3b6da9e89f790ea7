import { lazyPage } from '../lazy-page';

/**
 * The shell (drawer, app bar, selectors) in its own chunk: the sign-in page does not need it. Declared apart from the
 * guard that renders it so the router can preload it on a signed-in start, beside the guard's and the page's chunks.
 */
export const AdminLayout = lazyPage(() => import('./AdminLayout').then((m) => ({ default: m.AdminLayout })));
