/** Files are addressed by their uuid; the API path is the URL the web app stores and shows. */
export const fileUrl = (id: string): string => `/api/files/${id}`;

const FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The file id inside one of our file URLs (absolute or relative), or undefined for any other value. */
export function fileIdFromUrl(url: string): string | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  return FILE_URL.exec(path)?.[1];
}

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
