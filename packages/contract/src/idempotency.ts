/**
 * `Idempotency-Key` on the writes a client may retry after a lost answer (bulk orders, order import,
 * inbound shipments, inquiries, merge items). The same key and request within the window answers the first answer
 * again; the same key with another request is refused.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept this long; a key reused after it is a new request. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII without spaces: UUIDs, ULIDs and most clients' own request ids. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'The Idempotency-Key must be 1 to 255 printable characters without spaces.',
  keyReused:
    'This Idempotency-Key was already used with a different request. Send a new key for a new request, or the same request to get its answer again.',
  stillInProgress:
    'A request with this Idempotency-Key is still being processed (or was interrupted). Try again shortly; if it keeps failing, check whether it took effect before sending it with a new key.',
} as const;

/** The response header that says an answer is a replay of the first one. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
