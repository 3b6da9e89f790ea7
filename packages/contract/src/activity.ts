/**
 * Typed activity events (issue 15 §5, DESIGN §5): each event has a kind from this list and a JSON payload of the
 * kind's shape; its human text is rendered here, in one place, for the dashboard feed and detail timelines.
 * Events are stored with every warehouse and account they concern, so readers filter them by scope.
 */
export interface ActivityPayloads {
  // Orders
  'order.created': { order_number: string; customer_name?: string; items?: number };
  'order.status_changed': { order_number: string; from: string; to: string };
  'order.updated': { order_number: string };
  'order.deleted': { order_number: string };
  'order.item_verified': { order_number: string; sku: string; verified: boolean };
  'order.label_uploaded': { order_number: string; label_name: string };
  'order.merged': { title: string; order_numbers: string[] };
  'orders.imported': { created: number; warnings: number; errors: number };
  'draft.converted': { title: string; orders: number };
  // Inquiries
  'inquiry.created': { inquiry_id: number; type: string; subject?: string | null };
  'inquiry.assigned': { inquiry_id: number; assignee_name: string };
  'inquiry.updated': { inquiry_id: number; status?: string };
  'inquiry.resolved': { inquiry_id: number };
  'inquiry.deleted': { inquiry_id: number };
  // Inbound shipments
  'shipment.created': { shipment_id: number; quantity: number; sku: string };
  'shipment.updated': { shipment_id: number; quantity: number; sku: string };
  'shipment.verified': { shipment_id: number; quantity: number; sku: string };
  'shipment.rejected': { shipment_id: number; quantity: number; sku: string; reason: string };
  'shipment.deleted': { shipment_id: number; sku: string };
  // Statuses
  'status.created': { name: string };
  'status.updated': { name: string };
  'status.deleted': { name: string };
  /** Events recorded before typed events existed, and areas not converted yet: their stored text. */
  legacy: { text: string };
}
export type ActivityKind = keyof ActivityPayloads;

export interface RenderedActivity {
  title: string;
  description: string;
  /** A Material icon name the dashboard shows. */
  icon: string;
  /** A palette key: primary, success, warning, error, info, secondary. */
  color: 'primary' | 'success' | 'warning' | 'error' | 'info' | 'secondary';
}

type Renderers = { [K in ActivityKind]: (p: ActivityPayloads[K], actor: string) => RenderedActivity };

const by = (actor: string) => (actor ? `by ${actor}` : '');

const RENDERERS: Renderers = {
  'order.created': (p, a) => ({
    title: `Order ${p.order_number} created`,
    description: [p.customer_name ? `for ${p.customer_name}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'ShoppingCart',
    color: 'primary',
  }),
  'order.status_changed': (p, a) => ({
    title: p.to.toLowerCase() === 'shipped' ? `Order ${p.order_number} shipped` : `Order ${p.order_number}: ${p.to}`,
    description: `Status changed from ${p.from} to ${p.to} ${by(a)}`.trim(),
    icon: 'SyncAlt',
    color: p.to.toLowerCase() === 'shipped' ? 'success' : 'info',
  }),
  'order.updated': (p, a) => ({
    title: `Order ${p.order_number} updated`,
    description: by(a),
    icon: 'Edit',
    color: 'info',
  }),
  'order.deleted': (p, a) => ({
    title: `Order ${p.order_number} deleted`,
    description: by(a),
    icon: 'Delete',
    color: 'error',
  }),
  'order.item_verified': (p, a) => ({
    title: `${p.sku} ${p.verified ? 'verified' : 'unverified'} on ${p.order_number}`,
    description: by(a),
    icon: 'FactCheck',
    color: p.verified ? 'success' : 'warning',
  }),
  'order.label_uploaded': (p, a) => ({
    title: `Label ${p.label_name} uploaded to ${p.order_number}`,
    description: by(a),
    icon: 'Description',
    color: 'info',
  }),
  'order.merged': (p, a) => ({
    title: `Orders merged into ${p.title}`,
    description: `${p.order_numbers.join(', ')} ${by(a)}`.trim(),
    icon: 'MergeType',
    color: 'secondary',
  }),
  'orders.imported': (p, a) => ({
    title: `${p.created} order${p.created === 1 ? '' : 's'} imported`,
    description: `${p.warnings} warning(s), ${p.errors} error(s) ${by(a)}`.trim(),
    icon: 'UploadFile',
    color: p.errors ? 'warning' : 'success',
  }),
  'draft.converted': (p, a) => ({
    title: `Draft ${p.title} converted to ${p.orders} order${p.orders === 1 ? '' : 's'}`,
    description: by(a),
    icon: 'PlaylistAddCheck',
    color: 'success',
  }),
  'inquiry.created': (p, a) => ({
    title: `Inquiry #${p.inquiry_id} opened`,
    description: [p.type, p.subject ? `about ${p.subject}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'HelpOutline',
    color: 'warning',
  }),
  'inquiry.assigned': (p) => ({
    title: `Inquiry #${p.inquiry_id} assigned`,
    description: `to ${p.assignee_name}`,
    icon: 'AssignmentInd',
    color: 'info',
  }),
  'inquiry.updated': (p, a) => ({
    title: `Inquiry #${p.inquiry_id} updated`,
    description: [p.status ? `status ${p.status}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'Edit',
    color: 'info',
  }),
  'inquiry.resolved': (p, a) => ({
    title: `Inquiry #${p.inquiry_id} resolved`,
    description: by(a),
    icon: 'CheckCircle',
    color: 'success',
  }),
  'inquiry.deleted': (p, a) => ({
    title: `Inquiry #${p.inquiry_id} deleted`,
    description: by(a),
    icon: 'Delete',
    color: 'error',
  }),
  'shipment.created': (p, a) => ({
    title: `Shipment of ${p.quantity} × ${p.sku} announced`,
    description: by(a),
    icon: 'LocalShipping',
    color: 'primary',
  }),
  'shipment.updated': (p, a) => ({
    title: `Shipment #${p.shipment_id} updated`,
    description: `${p.quantity} × ${p.sku} ${by(a)}`.trim(),
    icon: 'Edit',
    color: 'info',
  }),
  'shipment.verified': (p, a) => ({
    title: `Shipment of ${p.quantity} × ${p.sku} verified`,
    description: by(a),
    icon: 'Inventory',
    color: 'success',
  }),
  'shipment.rejected': (p, a) => ({
    title: `Shipment of ${p.quantity} × ${p.sku} rejected`,
    description: `${p.reason} ${by(a)}`.trim(),
    icon: 'Block',
    color: 'error',
  }),
  'shipment.deleted': (p, a) => ({
    title: `Shipment #${p.shipment_id} deleted`,
    description: `${p.sku} ${by(a)}`.trim(),
    icon: 'Delete',
    color: 'error',
  }),
  'status.created': (p, a) => ({ title: `Status ${p.name} created`, description: by(a), icon: 'Label', color: 'info' }),
  'status.updated': (p, a) => ({ title: `Status ${p.name} updated`, description: by(a), icon: 'Label', color: 'info' }),
  'status.deleted': (p, a) => ({
    title: `Status ${p.name} deleted`,
    description: by(a),
    icon: 'Label',
    color: 'error',
  }),
  legacy: (p, a) => ({ title: p.text, description: by(a), icon: 'History', color: 'info' }),
};

/** The one place an event becomes text. Unknown kinds (a newer server's events) render as their kind. */
export function renderActivity(kind: string, payload: unknown, actorName: string | null): RenderedActivity {
  const render = RENDERERS[kind as ActivityKind] as ((p: unknown, a: string) => RenderedActivity) | undefined;
  if (!render) return { title: kind, description: by(actorName ?? ''), icon: 'History', color: 'info' };
  return render(payload ?? {}, actorName ?? '');
}
