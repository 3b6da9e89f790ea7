import type { ImageFetcher } from '../../../http/safe-fetch';

/** Bounds on photo downloads during one import, so a sheet of slow URLs cannot hold a request for long. */
export const PHOTO_CHECK_LIMITS = { concurrency: 6, maxUrls: 200, budgetMs: 60_000 };

export type PhotoVerdict = { ok: true } | { ok: false; reason: string } | { ok: 'unchecked' };

/**
 * Downloads each distinct photo URL once (through the SSRF-guarded fetcher), a few at a time. URLs beyond the
 * count or time budget are left unchecked: they are stored as typed, exactly like a URL entered on the form.
 */
export async function checkPhotos(
  urls: string[],
  fetchImage: ImageFetcher,
  limits = PHOTO_CHECK_LIMITS,
): Promise<Map<string, PhotoVerdict>> {
  const distinct = [...new Set(urls)];
  const verdicts = new Map<string, PhotoVerdict>(distinct.map((u) => [u, { ok: 'unchecked' }]));
  const queue = distinct.slice(0, limits.maxUrls);
  const deadline = Date.now() + limits.budgetMs;
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined && Date.now() < deadline; url = queue.shift()) {
      const result = await fetchImage(url);
      verdicts.set(url, result.ok ? { ok: true } : { ok: false, reason: result.reason });
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  return verdicts;
}
