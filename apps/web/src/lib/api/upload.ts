import { HttpError, NetworkError } from './api-error';
import { API_BASE, buildHeaders, currentRequestContext, handleApiError, type RequestOptions } from './client';
import { applyContextDefaults } from './context-defaults';

export interface UploadOptions extends Pick<RequestOptions, 'bypass_default' | 'notifyOnError'> {
  /** 0..1 of the request body sent; called as the browser reports it (fetch cannot report upload progress). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** POST by default; PUT replaces a resource's single file (an account's logo). */
  method?: 'POST' | 'PUT';
}

/**
 * POST (or PUT) a multipart form with upload progress. Same defaults, headers and error catalogue as `api.post`, over
 * XMLHttpRequest because fetch has no upload progress events.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const { body } = applyContextDefaults(method, { body: form }, currentRequestContext(), !!options.bypass_default);
  const headers = buildHeaders(body);

  return new Promise<T>((resolve, reject) => {
    const fail = (error: unknown) => {
      handleApiError(error, options.notifyOnError ?? true);
      reject(error);
    };
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      if (xhr.getResponseHeader('Content-Type')?.includes('json') && xhr.responseText !== '') {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = undefined;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else fail(new HttpError(xhr.status, data));
    };
    xhr.onerror = () => fail(new NetworkError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body as FormData);
  });
}
