import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded page (or layout) whose code can be fetched before React renders it. */
export type PreloadableComponent<T extends ComponentType> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with a `preload`: the same one import, started early. On a signed-in start the router preloads the
 * shell's and the page's chunks at once (`preloadSignedInPage`), so the page's code arrives beside the shell's
 * instead of after the shell has rendered. A failed import is forgotten, so a later render retries it.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
