import { HttpError, NetworkError } from './api-error';
import { API_BASE, buildHeaders, currentRequestContext, handleApiError, type RequestOptions } from './client';
import { applyContextDefaults, toSearchString } from './context-defaults';

/**
 * Spec 1 §7: fetch a file as a binary body (authenticated like any call) and save it under `filename`.
 * GET only: labels, templates and exports are downloads of existing resources.
 */
export async function downloadFile(path: string, filename: string, options: RequestOptions = {}): Promise<void> {
  saveBlob(await fetchBlob(path, options), filename);
}

/** The file's bytes, fetched with the session's credentials; failures go through the error catalogue. */
export async function fetchBlob(path: string, options: RequestOptions): Promise<Blob> {
  const { query } = applyContextDefaults(
    'GET',
    { query: options.query },
    currentRequestContext(),
    !!options.bypass_default,
  );
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}${toSearchString(query)}`, {
        headers: buildHeaders(undefined, { Accept: '*/*', ...options.headers }),
        signal: options.signal,
      });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : 'Network error');
    }
    if (!response.ok) {
      const isJson = response.headers.get('Content-Type')?.includes('json');
      throw new HttpError(response.status, isJson ? await response.json().catch(() => undefined) : undefined);
    }
    return await response.blob();
  } catch (error) {
    handleApiError(error, options.notifyOnError ?? true);
    throw error;
  }
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next tick: some browsers start the download asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Opens an authenticated file (a PDF) in a new tab: the tab opens at once, inside the click, so no pop-up blocker
 * stops it; the file follows when it has arrived. A browser that refuses the tab saves the file instead.
 */
export async function openFile(path: string, filename: string, options: RequestOptions = {}): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(path, options);
    if (!tab) {
      saveBlob(blob, filename);
      return;
    }
    // The tab keeps the address until it closes; it is revoked with the tab, never before it loaded.
    tab.location.href = URL.createObjectURL(blob);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
