import { HttpError, NetworkError } from './api-error';
import { API_BASE, buildHeaders, currentRequestContext, handleApiError, type RequestOptions } from './client';
import { applyContextDefaults, toSearchString } from './context-defaults';

/**
 * Spec 1 §7: fetch a file as a binary body (authenticated like any call) and save it under `filename`.
 * GET only: labels, templates and exports are downloads of existing resources.
 */
export async function downloadFile(path: string, filename: string, options: RequestOptions = {}): Promise<void> {
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
    saveBlob(await response.blob(), filename);
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
