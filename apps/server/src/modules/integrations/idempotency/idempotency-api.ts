/*
 * The idempotency module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { idempotencyPlugin } from './idempotency-plugin';
export { beginIdempotentRequest } from './idempotent-requests';
