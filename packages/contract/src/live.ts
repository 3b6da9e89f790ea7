/**
 * The live stream (`GET /api/live`): server-sent events telling a signed-in screen what changed, so it
 * refetches instead of reloading. A message names the change, never its content: the screen reads the data through
 * the scoped REST routes as before.
 */

/** `event: change` — something the caller may see changed. `ids` empty: too many to list (bulk work). */
export interface LiveChange {
  /** An activity kind (`order.status_changed`, `inquiry.replied`…) or `inventory.changed`. */
  kind: string;
  /** What the ids are ids of: `order`, `shipment`, `inquiry`, `inventory`… */
  subject_type: string;
  ids: number[];
}

export const LIVE_EVENTS = {
  change: 'change',
  /** Notifications may have been missed (the server lost its database listener): refetch everything visible. */
  resync: 'resync',
  /** The server ends the stream on purpose (its lifetime cap, shutdown); reconnect without refetching. */
  bye: 'bye',
  /** The stream's token or API key was revoked: the stream ends; reconnecting answers 401. */
  revoked: 'revoked',
} as const;

export const LIVE_MESSAGES = {
  tooManyStreams: 'Too many live connections are open for this user. Close a tab or window and try again.',
  unavailable: 'Live updates are not available on this server.',
} as const;
