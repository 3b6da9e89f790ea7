import type { WebhookEnvelope } from '@wms/contract/webhooks';

/** The body every receiver gets (Standard Webhooks' recommended shape), fixed when the event is fanned out. */
export const envelopeOf = (event: {
  id: number;
  type: string;
  createdAt: string | Date;
  payload: Record<string, unknown>;
}): WebhookEnvelope => ({
  id: `evt_${event.id}`,
  type: event.type,
  timestamp: new Date(event.createdAt).toISOString(),
  data: event.payload,
});
