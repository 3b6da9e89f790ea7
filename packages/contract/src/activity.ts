import { statusLabel } from './status-labels';

/**
 * Typed activity events (DESIGN §5): each event has a kind from this list and a JSON payload of the
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
  /** Stock that arrived was reserved for the order's short lines: units, and what is still short. */
  'order.backorder_filled': { order_number: string; units: number; skus: string[]; still_short: number };
  'orders.imported': { created: number; warnings: number; errors: number };
  'draft.converted': { title: string; orders: number };
  // Inquiries
  'inquiry.created': { inquiry_id: number; type: string; subject?: string | null };
  'inquiry.assigned': { inquiry_id: number; assignee_name: string };
  'inquiry.updated': { inquiry_id: number; status?: string };
  'inquiry.resolved': { inquiry_id: number };
  'inquiry.deleted': { inquiry_id: number };
  // Inbound shipments
  /** lines: how many products, when more than one. */
  'shipment.created': { shipment_id: number; quantity: number; sku: string; lines?: number };
  'shipment.updated': { shipment_id: number; quantity: number; sku: string };
  /** quantity: announced over all lines; lines and quantity_received since multi-line receiving. */
  'shipment.verified': {
    shipment_id: number;
    quantity: number;
    sku: string;
    quantity_received?: number;
    lines?: {
      line_id: number;
      product_id: number;
      sku: string;
      quantity: number;
      quantity_received: number;
      discrepancy_reason: string | null;
    }[];
  };
  'shipment.rejected': { shipment_id: number; quantity: number; sku: string; reason: string };
  'shipment.deleted': { shipment_id: number; sku: string };
  // Statuses
  'status.created': { name: string };
  'status.updated': { name: string };
  'status.deleted': { name: string };
  // Accounts
  'account.created': { name: string };
  'account.updated': { name: string; status_from?: string; status_to?: string };
  'account.status_changed': { name: string; from: string; to: string };
  'account.deleted': { name: string };
  // Products
  'product.created': { sku: string; name: string };
  'product.updated': { sku: string; name: string };
  'product.deleted': { sku: string; name: string };
  'products.copied': { copied: number; skipped: number };
  /** A kit's bill of materials was replaced (empty: cleared). */
  'product.components_changed': { sku: string; components: { sku: string; quantity: number }[] };
  'products.imported': { filename: string; created: number; updated: number; failed: number };
  // Inventory
  'inventory.created': { sku: string; on_hand: number };
  'inventory.updated': { sku: string; on_hand: number; reserved: number };
  'inventory.adjusted': { sku: string; quantity: 'on_hand' | 'reserved'; change: number; reason?: string | null };
  'inventory.verified': { sku: string; verified: boolean };
  'inventory.deleted': { sku: string; written_off: number };
  'inventory.moved': { sku: string; quantity: number; from: string; to: string };
  // Warehouses
  'warehouse.created': { name: string; code: string };
  'warehouse.updated': { name: string };
  'warehouse.status_changed': { name: string; active: boolean };
  'warehouse.deleted': { name: string; code: string };
  'warehouse.users_assigned': { name: string; count: number };
  'warehouse.user_removed': { name: string; user_name: string };
  // Users, their profile and sign-up
  'user.registered': { name: string };
  'user.created': { name: string; role: string };
  'user.updated': { name: string; role_from?: string; role_to?: string };
  'user.deleted': { name: string; role: string };
  'profile.updated': { name: string };
  'password.changed': { name: string };
  'avatar.uploaded': { name: string };
  // Global master data (no warehouse or account: only readers who see everything get these)
  'shipper.created': { name: string };
  'shipper.updated': { name: string };
  'shipper.status_changed': { name: string; active: boolean };
  'shipper.deleted': { name: string; code: string };
  'role.updated': { name: string; granted: string[]; revoked: string[] };
  // Locations: concern their warehouse
  'location.created': { code: string };
  'location.updated': { code: string };
  'location.status_changed': { code: string; active: boolean };
  'location.deleted': { code: string };
  'locations.generated': { zone: string; count: number; first: string; last: string };
  'locations.imported': { count: number };
  // Cycle counts: concern their warehouse
  'cycle_count.created': { cycle_count_id: number; scope: string; lines: number };
  /** One product (and lot) counted in one location; never the expected quantity: the count is blind. */
  'cycle_count.line_counted': {
    cycle_count_id: number;
    location_code: string;
    sku: string;
    lot_code: string | null;
    counted: number;
    added: boolean;
  };
  'cycle_count.submitted': { cycle_count_id: number; variances: number };
  'cycle_count.recount_requested': { cycle_count_id: number; lines: number };
  'cycle_count.approved': { cycle_count_id: number; adjusted_lines: number; net_units: number };
  'cycle_count.cancelled': { cycle_count_id: number };
  /** A count took on hand below what orders held: these units of the order became short (backordered). */
  'order.shorted_by_count': { order_number: string; units: number; skus: string[]; cycle_count_id: number };
  // API keys: concern their account (and its warehouses); a staff key for the whole scope, nothing
  'api_key.created': { name: string; account_name: string | null };
  'api_key.revoked': { name: string; account_name: string | null };
  // Webhooks: an endpoint that failed for a day is turned off; its account's people see why
  // `reason`: disabled because its creator's access ended, not after a day of failures.
  'webhook.disabled': { url: string; reason?: string };
  // Billing: global like shippers (no warehouse or account), so only readers who see everything get them.
  'rate_card.created': { account_name: string };
  /** `card`: the account's name, or "Default". `replaced`: a not-yet-in-force version of that date was edited. */
  'rate_card.version_saved': { card: string; effective_from: string; replaced: boolean };
  // Invoices and manual charges concern their account, so its owner sees them.
  'manual_charge.created': { account_name: string; description: string; charge_date: string };
  'manual_charge.deleted': { account_name: string; description: string; charge_date: string; amount_cents: number };
  'invoice.draft_created': { account_name: string; period: string; regenerated: boolean };
  'invoice.line_added': { account_name: string; period: string; description: string };
  /** A manual line of a draft edited (`description`: its new text) or deleted. */
  'invoice.line_updated': { account_name: string; period: string; description: string };
  'invoice.line_deleted': { account_name: string; period: string; description: string };
  'invoice.finalized': {
    account_name: string;
    period: string;
    number: string;
    total_cents: number;
    period_from: string;
    period_to: string;
    currency: string;
  };
  'invoice.voided': { account_name: string; period: string; number: string; reason: string };
  // Packing stations, printer networks and account logos (setup of the packing station)
  'packing_station.created': { name: string; output: string };
  'packing_station.updated': { name: string; output: string };
  'packing_station.deactivated': { name: string };
  'printer_network.added': { cidr: string; note: string };
  'printer_network.removed': { cidr: string };
  'account.logo_changed': { name: string; removed: boolean };
  // Waves and picking: concern their warehouse and every account whose orders they hold
  /** order_refs: the wave's orders, so each account's webhook names only its own. */
  'wave.released': {
    wave_number: string;
    mode: string;
    orders: number;
    lines: number;
    units: number;
    wave_id?: number;
    order_refs?: { order_id: number; order_number: string; account_id: number }[];
  };
  'wave.assigned': { wave_number: string; assignee_name: string };
  'wave.picked': { wave_number: string };
  'wave.cancelled': { wave_number: string; orders: number; put_backs: number };
  /** An order left its live wave (cancelled, deleted, or removed by a supervisor); wave_status: the wave after. */
  'wave.order_removed': {
    wave_number: string;
    order_number: string;
    reason: 'cancelled' | 'deleted' | 'removed';
    released: number;
    put_backs: number;
    wave_status: string;
  };
  /** An order's units all picked (a short line counts what was picked). */
  'order.picked': { order_number: string; wave_number: string; units: number; short: number; wave_id?: number };
  'pick_task.shorted': {
    wave_number: string;
    location_code: string;
    sku: string;
    expected: number;
    found: number;
    reason: string;
    reallocated: number;
  };
  /** Units of a cancelled wave (or a removed order) went back from the cart; elsewhere: not the task's own bin. */
  'pick_task.put_back': {
    wave_number: string;
    sku: string;
    quantity: number;
    location_code: string;
    expected_location_code: string;
    lot_code: string | null;
  };
  /** A floor action refused on the handheld's replay, handed to the warehouse's supervisors (hand to supervisor). */
  'floor.action_handed_off': { worker_name: string; action: string; refusal: string; made_at: string };
  'location.hospitalized': { code: string; reason: string };
  'location.hospital_cleared': { code: string };
  // Packing: the order's events concern its warehouse and account; set-up events their warehouse
  'order.pack_started': { order_number: string; station_name?: string | null };
  'order.pack_finished': { order_number: string; cartons: number };
  'carton.closed': { order_number: string; carton_number: number; sscc: string; weight_g: number };
  'carton.reopened': { order_number: string; carton_number: number; sscc: string | null };
  /** Ship from the packing station: units shipped, and units left open as a backorder (a partial shipment). */
  'order.shipped': { order_number: string; cartons: number; units: number; backordered: number };
  'carton_type.created': { name: string };
  'carton_type.updated': { name: string };
  'carton_type.deactivated': { name: string };
  'packing_settings.updated': { gs1_company_prefix: string | null; sscc_extension_digit: number };
  // Replenishment: events of a warehouse (pick faces and tasks are floor work)
  'pick_faces.updated': { sku: string; pick_faces: number };
  'pick_faces.imported': { count: number };
  'replenishment_task.created': {
    task_id: number;
    sku: string;
    quantity: number;
    source_code: string;
    target_code: string;
    urgent: boolean;
  };
  'replenishment_task.started': { task_id: number; sku: string; assignee_name: string };
  'replenishment_task.completed': {
    task_id: number;
    sku: string;
    quantity: number;
    source_code: string;
    target_code: string;
  };
  'replenishment_task.shorted': { task_id: number; sku: string; source_code: string };
  'replenishment_task.cancelled': { task_id: number; sku: string };
  // Returns: events of the return's warehouse and account (the client follows their returns)
  'return.created': { rma_number: string; order_id: number | null; order_number: string | null; units: number };
  'return.in_transit': { rma_number: string; tracking_number: string | null };
  'return.cancelled': { rma_number: string };
  'return.label_uploaded': { rma_number: string; file_name: string };
  'return.received': {
    rma_number: string;
    order_id: number | null;
    order_number: string | null;
    units_received: number;
    units_missing: number;
    lines: { line_id: number; sku: string; disposition: string; quantity: number }[];
  };
  'return.released': { rma_number: string; sku: string; quantity: number; action: 'restock' | 'dispose' };
  'return.closed': { rma_number: string };
  'return.attached': { rma_number: string; order_number: string };
  // Kit work orders: events of the order's warehouse and account
  'kit_work_order.created': { number: string; kind: 'build' | 'disassemble'; sku: string; quantity: number };
  'kit_work_order.completed': { number: string; kind: 'build' | 'disassemble'; sku: string; quantity: number };
  'kit_work_order.cancelled': { number: string; kind: 'build' | 'disassemble'; sku: string; quantity: number };
}
export type ActivityKind = keyof ActivityPayloads;

/**
 * Kinds only staff read: a client never learns who handles their inquiry. Every feed (dashboard,
 * timelines) leaves them out for readers scoped to accounts.
 */
export const STAFF_ONLY_ACTIVITY_KINDS: readonly ActivityKind[] = ['inquiry.assigned'];

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const RENDERERS: Renderers = {
  'kit_work_order.created': (p, a) => ({
    title: `Work order ${p.number}: ${p.kind === 'build' ? 'build' : 'take apart'} ${p.quantity} × ${p.sku}`,
    description: by(a),
    icon: 'Build',
    color: 'info',
  }),
  'kit_work_order.completed': (p, a) => ({
    title: `Work order ${p.number} completed: ${p.quantity} × ${p.sku} ${p.kind === 'build' ? 'built' : 'taken apart'}`,
    description: by(a),
    icon: 'Build',
    color: 'success',
  }),
  'kit_work_order.cancelled': (p, a) => ({
    title: `Work order ${p.number} cancelled`,
    description: by(a),
    icon: 'Cancel',
    color: 'secondary',
  }),
  'return.created': (p, a) => ({
    title: `Return ${p.rma_number} announced${p.order_number ? ` for order ${p.order_number}` : ''} (${plural(p.units, 'unit')})`,
    description: by(a),
    icon: 'AssignmentReturn',
    color: 'primary',
  }),
  'return.in_transit': (p, a) => ({
    title: `Return ${p.rma_number} in transit${p.tracking_number ? ` (${p.tracking_number})` : ''}`,
    description: by(a),
    icon: 'LocalShipping',
    color: 'info',
  }),
  'return.cancelled': (p, a) => ({
    title: `Return ${p.rma_number} cancelled`,
    description: by(a),
    icon: 'Cancel',
    color: 'secondary',
  }),
  'return.label_uploaded': (p, a) => ({
    title: `Return label ${p.file_name} added to ${p.rma_number}`,
    description: by(a),
    icon: 'UploadFile',
    color: 'info',
  }),
  'return.received': (p, a) => ({
    title: `Return ${p.rma_number} received: ${plural(p.units_received, 'unit')}${p.units_missing ? `, ${p.units_missing} missing` : ''}`,
    description: by(a),
    icon: 'AssignmentReturned',
    color: p.units_missing ? 'warning' : 'success',
  }),
  'return.released': (p, a) => ({
    title: `${p.quantity} × ${p.sku} of return ${p.rma_number} ${p.action === 'restock' ? 'restocked' : 'disposed of'} after inspection`,
    description: by(a),
    icon: 'FactCheck',
    color: 'info',
  }),
  'return.attached': (p, a) => ({
    title: `Return ${p.rma_number} attached to order ${p.order_number}`,
    description: by(a),
    icon: 'Link',
    color: 'info',
  }),
  'return.closed': (p, a) => ({
    title: `Return ${p.rma_number} closed`,
    description: by(a),
    icon: 'TaskAlt',
    color: 'success',
  }),
  'pick_faces.updated': (p, a) => ({
    title: `Pick faces of ${p.sku} set (${p.pick_faces})`,
    description: by(a),
    icon: 'Tune',
    color: 'info',
  }),
  'pick_faces.imported': (p, a) => ({
    title: `${plural(p.count, 'pick face')} imported`,
    description: by(a),
    icon: 'UploadFile',
    color: 'primary',
  }),
  'replenishment_task.created': (p, a) => ({
    title: `Replenishment: bring ${p.quantity} × ${p.sku} from ${p.source_code} to ${p.target_code}${p.urgent ? ' (urgent)' : ''}`,
    description: by(a),
    icon: 'MoveDown',
    color: p.urgent ? 'warning' : 'info',
  }),
  'replenishment_task.started': (p) => ({
    title: `Replenishment of ${p.sku} started by ${p.assignee_name}`,
    description: '',
    icon: 'MoveDown',
    color: 'info',
  }),
  'replenishment_task.completed': (p, a) => ({
    title: `Replenished ${p.quantity} × ${p.sku} from ${p.source_code} to ${p.target_code}`,
    description: by(a),
    icon: 'MoveDown',
    color: 'success',
  }),
  'replenishment_task.shorted': (p, a) => ({
    title: `Replenishment of ${p.sku}: ${p.source_code} short`,
    description: by(a),
    icon: 'ReportProblem',
    color: 'warning',
  }),
  'replenishment_task.cancelled': (p, a) => ({
    title: `Replenishment of ${p.sku} cancelled`,
    description: by(a),
    icon: 'Cancel',
    color: 'secondary',
  }),
  'order.pack_started': (p, a) => ({
    title: `Packing of order ${p.order_number} started${p.station_name ? ` at ${p.station_name}` : ''}`,
    description: by(a),
    icon: 'Inventory2',
    color: 'info',
  }),
  'order.pack_finished': (p, a) => ({
    title: `Order ${p.order_number} packed in ${plural(p.cartons, 'carton')}`,
    description: by(a),
    icon: 'Inventory2',
    color: 'success',
  }),
  'carton.closed': (p, a) => ({
    title: `Carton ${p.carton_number} of order ${p.order_number} closed: SSCC ${p.sscc}, ${p.weight_g} g`,
    description: by(a),
    icon: 'Inventory2',
    color: 'primary',
  }),
  'carton.reopened': (p, a) => ({
    title: `Carton ${p.carton_number} of order ${p.order_number} reopened`,
    description: by(a),
    icon: 'Inventory2',
    color: 'warning',
  }),
  'order.shipped': (p, a) => ({
    title: `Order ${p.order_number} shipped: ${plural(p.units, 'unit')} in ${plural(p.cartons, 'carton')}${p.backordered ? `, ${p.backordered} left as a backorder` : ''}`,
    description: by(a),
    icon: 'LocalShipping',
    color: 'success',
  }),
  'carton_type.created': (p, a) => ({
    title: `Carton type ${p.name} created`,
    description: by(a),
    icon: 'Inventory2',
    color: 'primary',
  }),
  'carton_type.updated': (p, a) => ({
    title: `Carton type ${p.name} updated`,
    description: by(a),
    icon: 'Inventory2',
    color: 'info',
  }),
  'carton_type.deactivated': (p, a) => ({
    title: `Carton type ${p.name} deactivated`,
    description: by(a),
    icon: 'Inventory2',
    color: 'warning',
  }),
  'packing_station.created': (p, a) => ({
    title: `Packing station ${p.name} created (${p.output === 'printer' ? 'network printer' : 'prints in the browser'})`,
    description: by(a),
    icon: 'Print',
    color: 'primary',
  }),
  'packing_station.updated': (p, a) => ({
    title: `Packing station ${p.name} updated (${p.output === 'printer' ? 'network printer' : 'prints in the browser'})`,
    description: by(a),
    icon: 'Print',
    color: 'info',
  }),
  'packing_station.deactivated': (p, a) => ({
    title: `Packing station ${p.name} deactivated`,
    description: by(a),
    icon: 'Print',
    color: 'warning',
  }),
  'printer_network.added': (p, a) => ({
    title: `Printer network ${p.cidr} allowed${p.note ? ` (${p.note})` : ''}`,
    description: by(a),
    icon: 'Lan',
    color: 'warning',
  }),
  'printer_network.removed': (p, a) => ({
    title: `Printer network ${p.cidr} removed`,
    description: by(a),
    icon: 'Lan',
    color: 'warning',
  }),
  'packing_settings.updated': (p, a) => ({
    title: `Packing settings saved: GS1 company prefix ${p.gs1_company_prefix ?? 'none'}, extension digit ${p.sscc_extension_digit}`,
    description: by(a),
    icon: 'Settings',
    color: 'info',
  }),
  'account.logo_changed': (p, a) => ({
    title: p.removed ? `Logo of ${p.name} removed` : `Logo of ${p.name} changed`,
    description: by(a),
    icon: 'Image',
    color: 'info',
  }),
  'wave.released': (p, a) => ({
    title: `${p.wave_number} released (${p.mode}): ${plural(p.orders, 'order')}, ${plural(p.lines, 'line')}, ${plural(p.units, 'unit')}`,
    description: by(a),
    icon: 'LocalShipping',
    color: 'primary',
  }),
  'wave.assigned': (p, a) => ({
    title: `${p.wave_number} assigned to ${p.assignee_name}`,
    description: by(a),
    icon: 'AssignmentInd',
    color: 'info',
  }),
  'wave.picked': (p, a) => ({
    title: `${p.wave_number} picked`,
    description: by(a),
    icon: 'TaskAlt',
    color: 'success',
  }),
  'wave.cancelled': (p, a) => ({
    title: `${p.wave_number} cancelled: ${plural(p.orders, 'order')} back in the pool${p.put_backs ? `, ${plural(p.put_backs, 'put-back task')}` : ''}`,
    description: by(a),
    icon: 'Cancel',
    color: 'warning',
  }),
  'wave.order_removed': (p, a) => ({
    title: `Order ${p.order_number} ${p.reason === 'removed' ? 'removed from' : `${p.reason} in`} ${p.wave_number}: ${plural(p.released, 'unit')} released${p.put_backs ? `, ${plural(p.put_backs, 'put-back task')}` : ''}`,
    description: by(a),
    icon: 'Cancel',
    color: 'warning',
  }),
  'order.picked': (p, a) => ({
    title: `Order ${p.order_number} picked in ${p.wave_number}: ${plural(p.units, 'unit')}${p.short ? `, ${p.short} short` : ''}`,
    description: by(a),
    icon: 'TaskAlt',
    color: p.short ? 'warning' : 'success',
  }),
  'pick_task.shorted': (p, a) => ({
    title: `Short pick in ${p.wave_number}: ${p.found} of ${p.expected} × ${p.sku} at ${p.location_code} (${p.reason})${p.reallocated ? `, ${p.reallocated} re-allocated` : ''}`,
    description: by(a),
    icon: 'ReportProblem',
    color: 'warning',
  }),
  'pick_task.put_back': (p, a) => ({
    title: `Put back ${p.quantity} × ${p.sku}${p.lot_code ? ` (lot ${p.lot_code})` : ''} in ${p.location_code} from ${p.wave_number}${p.location_code === p.expected_location_code ? '' : ` (instead of ${p.expected_location_code})`}`,
    description: by(a),
    icon: 'Undo',
    color: 'info',
  }),
  'floor.action_handed_off': (p, a) => ({
    title: `Handed to a supervisor: ${p.action} — ${p.refusal}`,
    description: by(a),
    icon: 'SupervisorAccount',
    color: 'warning',
  }),
  'location.hospitalized': (p, a) => ({
    title: `Location ${p.code} sent to hospital (${p.reason})`,
    description: by(a),
    icon: 'LocalHospital',
    color: 'warning',
  }),
  'location.hospital_cleared': (p, a) => ({
    title: `Location ${p.code} cleared from hospital`,
    description: by(a),
    icon: 'LocalHospital',
    color: 'success',
  }),
  'cycle_count.created': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id} created (${p.scope}, ${p.lines} line${p.lines === 1 ? '' : 's'})`,
    description: by(a),
    icon: 'Checklist',
    color: 'primary',
  }),
  'cycle_count.line_counted': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id}: ${p.counted} × ${p.sku}${p.lot_code ? ` (lot ${p.lot_code})` : ''} counted in ${p.location_code}${p.added ? ', not expected there' : ''}`,
    description: by(a),
    icon: 'Checklist',
    color: 'info',
  }),
  'cycle_count.submitted': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id} counted: ${p.variances} variance${p.variances === 1 ? '' : 's'} to review`,
    description: by(a),
    icon: 'Checklist',
    color: p.variances > 0 ? 'warning' : 'success',
  }),
  'cycle_count.recount_requested': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id}: ${p.lines} line${p.lines === 1 ? '' : 's'} sent back for a recount`,
    description: by(a),
    icon: 'Replay',
    color: 'warning',
  }),
  'cycle_count.approved': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id} approved: ${p.adjusted_lines} line${p.adjusted_lines === 1 ? '' : 's'} adjusted (${p.net_units > 0 ? '+' : ''}${p.net_units} units)`,
    description: by(a),
    icon: 'FactCheck',
    color: 'success',
  }),
  'cycle_count.cancelled': (p, a) => ({
    title: `Cycle count #${p.cycle_count_id} cancelled`,
    description: by(a),
    icon: 'Cancel',
    color: 'error',
  }),
  'order.shorted_by_count': (p, a) => ({
    title: `Order ${p.order_number}: ${p.units} unit${p.units === 1 ? '' : 's'} short after cycle count #${p.cycle_count_id}`,
    description: [p.skus.join(', '), by(a)].filter(Boolean).join(' '),
    icon: 'WarningAmber',
    color: 'warning',
  }),
  'webhook.disabled': (p) => ({
    title: p.reason ?? 'Webhook disabled after failing for 24 hours',
    description: p.url,
    icon: 'WebhookOutlined',
    color: 'error',
  }),
  'rate_card.created': (p, a) => ({
    title: `Rate card created for ${p.account_name}`,
    description: by(a),
    icon: 'RequestQuote',
    color: 'primary',
  }),
  'rate_card.version_saved': (p, a) => ({
    title: `${p.card} rates ${p.replaced ? 'changed' : 'set'} from ${p.effective_from}`,
    description: by(a),
    icon: 'RequestQuote',
    color: 'info',
  }),
  'manual_charge.created': (p, a) => ({
    title: `Manual charge for ${p.account_name} on ${p.charge_date}: ${p.description}`,
    description: by(a),
    icon: 'RequestQuote',
    color: 'info',
  }),
  'manual_charge.deleted': (p, a) => ({
    title: `Manual charge for ${p.account_name} on ${p.charge_date} deleted: ${p.description}`,
    description: by(a),
    icon: 'Delete',
    color: 'error',
  }),
  'invoice.draft_created': (p, a) => ({
    title: `Draft invoice ${p.regenerated ? 'regenerated' : 'created'} for ${p.account_name} (${p.period})`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'primary',
  }),
  'invoice.line_added': (p, a) => ({
    title: `Line added to the draft invoice of ${p.account_name} (${p.period}): ${p.description}`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'info',
  }),
  'invoice.line_updated': (p, a) => ({
    title: `Line changed on the draft invoice of ${p.account_name} (${p.period}): ${p.description}`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'info',
  }),
  'invoice.line_deleted': (p, a) => ({
    title: `Line removed from the draft invoice of ${p.account_name} (${p.period}): ${p.description}`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'warning',
  }),
  'invoice.finalized': (p, a) => ({
    title: `Invoice ${p.number} finalized for ${p.account_name} (${p.period})`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'success',
  }),
  'invoice.voided': (p, a) => ({
    title: `Invoice ${p.number} voided: ${p.reason}`,
    description: by(a),
    icon: 'ReceiptLong',
    color: 'warning',
  }),
  'location.created': (p, a) => ({
    title: `Location ${p.code} created`,
    description: by(a),
    icon: 'Place',
    color: 'primary',
  }),
  'location.updated': (p, a) => ({
    title: `Location ${p.code} updated`,
    description: by(a),
    icon: 'Edit',
    color: 'info',
  }),
  'location.status_changed': (p, a) => ({
    title: `Location ${p.code} ${p.active ? 'activated' : 'deactivated'}`,
    description: by(a),
    icon: 'SyncAlt',
    color: p.active ? 'success' : 'warning',
  }),
  'location.deleted': (p, a) => ({
    title: `Location ${p.code} deleted`,
    description: by(a),
    icon: 'Delete',
    color: 'error',
  }),
  'locations.generated': (p, a) => ({
    title: `${p.count} locations generated in zone ${p.zone}`,
    description: [`${p.first} … ${p.last}`, by(a)].filter(Boolean).join(' '),
    icon: 'GridOn',
    color: 'primary',
  }),
  'locations.imported': (p, a) => ({
    title: `${p.count} locations imported`,
    description: by(a),
    icon: 'UploadFile',
    color: 'primary',
  }),
  'order.created': (p, a) => ({
    title: `Order ${p.order_number} created`,
    description: [p.customer_name ? `for ${p.customer_name}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'ShoppingCart',
    color: 'primary',
  }),
  'order.status_changed': (p, a) => ({
    title:
      p.to.toLowerCase() === 'shipped'
        ? `Order ${p.order_number} shipped`
        : `Order ${p.order_number}: ${statusLabel(p.to)}`,
    description: `Status changed from ${statusLabel(p.from)} to ${statusLabel(p.to)} ${by(a)}`.trim(),
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
  'order.backorder_filled': (p, a) => ({
    title:
      p.still_short === 0 ? `Backorder of ${p.order_number} filled` : `Backorder of ${p.order_number} partly filled`,
    description: `${p.units} unit${p.units === 1 ? '' : 's'} of ${p.skus.join(', ')} reserved from new stock${
      p.still_short === 0 ? '' : `, ${p.still_short} still short`
    } ${by(a)}`.trim(),
    icon: 'Inventory',
    color: p.still_short === 0 ? 'success' : 'warning',
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
    title:
      (p.lines ?? 1) > 1
        ? `Shipment of ${p.lines} products (${p.quantity} units) announced`
        : `Shipment of ${p.quantity} × ${p.sku} announced`,
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
    title:
      (p.lines?.length ?? 1) > 1
        ? `Shipment of ${p.lines!.length} products verified`
        : `Shipment of ${p.quantity} × ${p.sku} verified`,
    description:
      p.quantity_received !== undefined && p.quantity_received !== p.quantity
        ? `${p.quantity_received} of ${p.quantity} units received ${by(a)}`.trim()
        : by(a),
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
  'account.created': (p, a) => ({
    title: `Account ${p.name} created`,
    description: by(a),
    icon: 'AccountBalance',
    color: 'primary',
  }),
  'account.updated': (p, a) => ({
    title: `Account ${p.name} updated`,
    description: [p.status_to ? `status ${p.status_from} → ${p.status_to}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'Edit',
    color: 'info',
  }),
  'account.status_changed': (p, a) => ({
    title: `Account ${p.name} set to ${p.to}`,
    description: `Status changed from ${p.from} to ${p.to} ${by(a)}`.trim(),
    icon: 'SyncAlt',
    color: p.to === 'active' ? 'success' : 'warning',
  }),
  'account.deleted': (p, a) => ({
    title: `Account ${p.name} deleted`,
    description: by(a),
    icon: 'Delete',
    color: 'error',
  }),
  'product.created': (p, a) => ({
    title: `Product ${p.sku} created`,
    description: [p.name, by(a)].filter(Boolean).join(' '),
    icon: 'Category',
    color: 'primary',
  }),
  'product.updated': (p, a) => ({
    title: `Product ${p.sku} updated`,
    description: [p.name, by(a)].filter(Boolean).join(' '),
    icon: 'Edit',
    color: 'info',
  }),
  'product.deleted': (p, a) => ({
    title: `Product ${p.sku} deleted`,
    description: [p.name, by(a)].filter(Boolean).join(' '),
    icon: 'Delete',
    color: 'error',
  }),
  'product.components_changed': (p, a) => ({
    title: `Components of ${p.sku} set`,
    description: [p.components.map((c) => `${c.quantity} × ${c.sku}`).join(', ') || 'none', by(a)].join(' '),
    icon: 'Category',
    color: 'info',
  }),
  'products.copied': (p, a) => ({
    title: `${p.copied} product${p.copied === 1 ? '' : 's'} copied to another account`,
    description: `${p.skipped} skipped ${by(a)}`.trim(),
    icon: 'ContentCopy',
    color: 'info',
  }),
  'products.imported': (p, a) => ({
    title: `Product import: ${p.created} created, ${p.updated} updated, ${p.failed} failed`,
    description: [p.filename, by(a)].filter(Boolean).join(' '),
    icon: 'UploadFile',
    color: p.failed ? 'warning' : 'success',
  }),
  'inventory.created': (p, a) => ({
    title: `Inventory for ${p.sku} created with ${p.on_hand} on hand`,
    description: by(a),
    icon: 'Inventory2',
    color: 'primary',
  }),
  'inventory.updated': (p, a) => ({
    title: `Inventory of ${p.sku} set to ${p.on_hand} on hand, ${p.reserved} reserved`,
    description: by(a),
    icon: 'Edit',
    color: 'info',
  }),
  'inventory.adjusted': (p, a) => ({
    title: `${p.quantity === 'on_hand' ? 'On hand' : 'Reserved'} of ${p.sku} adjusted by ${p.change > 0 ? '+' : ''}${p.change}`,
    description: [p.reason ?? '', by(a)].filter(Boolean).join(' '),
    icon: 'Tune',
    color: p.change < 0 ? 'warning' : 'info',
  }),
  'inventory.verified': (p, a) => ({
    title: `Inventory of ${p.sku} marked ${p.verified ? 'verified' : 'unverified'}`,
    description: by(a),
    icon: 'FactCheck',
    color: p.verified ? 'success' : 'warning',
  }),
  'inventory.deleted': (p, a) => ({
    title: `Inventory of ${p.sku} deleted`,
    description: `${p.written_off} on hand written off ${by(a)}`.trim(),
    icon: 'Delete',
    color: 'error',
  }),
  'inventory.moved': (p, a) => ({
    title: `${p.quantity} of ${p.sku} moved from ${p.from} to ${p.to}`,
    description: by(a),
    icon: 'SyncAlt',
    color: 'info',
  }),
  'warehouse.created': (p, a) => ({
    title: `Warehouse ${p.name} created`,
    description: [p.code, by(a)].filter(Boolean).join(' '),
    icon: 'Warehouse',
    color: 'primary',
  }),
  'warehouse.updated': (p, a) => ({
    title: `Warehouse ${p.name} updated`,
    description: by(a),
    icon: 'Edit',
    color: 'info',
  }),
  'warehouse.status_changed': (p, a) => ({
    title: `Warehouse ${p.name} ${p.active ? 'activated' : 'deactivated'}`,
    description: by(a),
    icon: 'SyncAlt',
    color: p.active ? 'success' : 'warning',
  }),
  'warehouse.deleted': (p, a) => ({
    title: `Warehouse ${p.name} deleted`,
    description: [p.code, by(a)].filter(Boolean).join(' '),
    icon: 'Delete',
    color: 'error',
  }),
  'warehouse.users_assigned': (p, a) => ({
    title: `${p.count} user${p.count === 1 ? '' : 's'} assigned to warehouse ${p.name}`,
    description: by(a),
    icon: 'GroupAdd',
    color: 'info',
  }),
  'warehouse.user_removed': (p, a) => ({
    title: `${p.user_name} removed from warehouse ${p.name}`,
    description: by(a),
    icon: 'PersonRemove',
    color: 'warning',
  }),
  'user.registered': (p) => ({ title: `${p.name} registered`, description: '', icon: 'PersonAdd', color: 'primary' }),
  'user.created': (p, a) => ({
    title: `User ${p.name} created`,
    description: [p.role, by(a)].filter(Boolean).join(' '),
    icon: 'PersonAdd',
    color: 'primary',
  }),
  'user.updated': (p, a) => ({
    title: `User ${p.name} updated`,
    description: [p.role_to ? `role ${p.role_from} → ${p.role_to}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'Edit',
    color: 'info',
  }),
  'user.deleted': (p, a) => ({
    title: `User ${p.name} deleted`,
    description: [p.role, by(a)].filter(Boolean).join(' '),
    icon: 'PersonRemove',
    color: 'error',
  }),
  'profile.updated': (p) => ({
    title: `${p.name} updated their profile`,
    description: '',
    icon: 'Person',
    color: 'info',
  }),
  'password.changed': (p) => ({
    title: `${p.name} changed their password`,
    description: '',
    icon: 'Key',
    color: 'info',
  }),
  'avatar.uploaded': (p) => ({
    title: `${p.name} uploaded an avatar image`,
    description: '',
    icon: 'AccountCircle',
    color: 'info',
  }),
  'shipper.created': (p, a) => ({
    title: `Shipper ${p.name} created`,
    description: by(a),
    icon: 'LocalShipping',
    color: 'primary',
  }),
  'shipper.updated': (p, a) => ({
    title: `Shipper ${p.name} updated`,
    description: by(a),
    icon: 'Edit',
    color: 'info',
  }),
  'shipper.status_changed': (p, a) => ({
    title: `Shipper ${p.name} ${p.active ? 'activated' : 'deactivated'}`,
    description: by(a),
    icon: 'SyncAlt',
    color: p.active ? 'success' : 'warning',
  }),
  'shipper.deleted': (p, a) => ({
    title: `Shipper ${p.name} deleted`,
    description: [p.code, by(a)].filter(Boolean).join(' '),
    icon: 'Delete',
    color: 'error',
  }),
  'api_key.created': (p, a) => ({
    title: `API key ${p.name} created`,
    description: [p.account_name ? `for ${p.account_name}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'Key',
    color: 'info',
  }),
  'api_key.revoked': (p, a) => ({
    title: `API key ${p.name} revoked`,
    description: [p.account_name ? `for ${p.account_name}` : '', by(a)].filter(Boolean).join(' '),
    icon: 'Key',
    color: 'warning',
  }),
  'role.updated': (p, a) => ({
    title: `Permissions of role ${p.name} updated`,
    description: [
      [p.granted.length ? `${p.granted.length} granted` : '', p.revoked.length ? `${p.revoked.length} revoked` : '']
        .filter(Boolean)
        .join(', '),
      by(a),
    ]
      .filter(Boolean)
      .join(' '),
    icon: 'AdminPanelSettings',
    color: 'secondary',
  }),
};

/**
 * Rows written before typed events existed carry kind `legacy` and their English text in `description`: they are
 * only read, never written any more.
 */
export const LEGACY_ACTIVITY_KIND = 'legacy';
const renderLegacy = (text: string, actor: string): RenderedActivity => ({
  title: text,
  description: by(actor),
  icon: 'History',
  color: 'info',
});

/** The one place an event becomes text. Unknown kinds (a newer server's events) render as their kind. */
export function renderActivity(kind: string, payload: unknown, actorName: string | null): RenderedActivity {
  if (kind === LEGACY_ACTIVITY_KIND)
    return renderLegacy((payload as { text?: string } | null)?.text ?? '', actorName ?? '');
  const render = RENDERERS[kind as ActivityKind] as ((p: unknown, a: string) => RenderedActivity) | undefined;
  if (!render) return { title: kind, description: by(actorName ?? ''), icon: 'History', color: 'info' };
  return render(payload ?? {}, actorName ?? '');
}
