import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => <h1>The page</h1>;

describe('a lazily loaded page with a preload', () => {
  it('preloads and renders from one import: the render does not fetch the code again', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const LazyPage = lazyPage(load);
    await LazyPage.preload();
    render(
      <Suspense fallback="loading">
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the render tries the import again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Page });
    const LazyPage = lazyPage(load);
    await expect(LazyPage.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback="loading">
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
