import { expect } from 'vitest';

/** DESIGN §5: every 4xx answers {message} or, for 422, {message, errors: {field: [messages]}}; nothing else. */
export function expectDocumentedClientError(response: { statusCode: number; body: string }, context = ''): void {
  expect(response.statusCode, `${context} status`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${context} status`).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${context}: the ${response.statusCode} body is not JSON: ${response.body.slice(0, 200)}`);
  }
  expect(isDocumentedClientError(body), `${context}: ${response.body.slice(0, 300)}`).toBe(true);
}

export function isDocumentedClientError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return false;
  // The product import's conversion_required answer is documented too (contract: conversionRequiredResponse).
  if ('conversion_required' in rest) return rest.conversion_required === true;
  if (Object.keys(rest).length > 0) return false;
  if (errors === undefined) return true;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return false;
  return Object.values(errors).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'));
}
