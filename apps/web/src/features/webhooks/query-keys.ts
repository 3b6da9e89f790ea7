/** Every query key of the webhooks feature (subscriptions are not narrowed by the header's context). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  /** One subscription and, under it, its delivery log. */
  one: (id: number) => ['webhooks', id] as const,
  log: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};
