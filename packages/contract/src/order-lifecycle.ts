/**
 * The fixed lifecycle under the configurable order statuses (DESIGN §6). Stock rules read the
 * lifecycle, never a status's name, so renaming or recolouring a status never changes what it does to stock:
 * - open: the order holds reservations for what was available when it was placed (or re-opened);
 * - shipped: on hand was deducted and the reservation released, once; final;
 * - cancelled: reservations released; the order may be re-opened (it reserves again what is available).
 */
export const ORDER_LIFECYCLES = ['open', 'shipped', 'cancelled'] as const;
export type OrderLifecycle = (typeof ORDER_LIFECYCLES)[number];

/** Who sees a status in the order status selector (spec 2 §4: clients only client ones, managers only manager). */
export const STATUS_AUDIENCES = ['all', 'client', 'manager'] as const;
export type StatusAudience = (typeof STATUS_AUDIENCES)[number];

/** Statuses the rules depend on: they can be renamed and recoloured, never deleted, deactivated or unassigned. */
export const SYSTEM_STATUS_KEYS = ['pending', 'processing', 'shipped', 'cancelled'] as const;
export type SystemStatusKey = (typeof SYSTEM_STATUS_KEYS)[number];

/** Modules a status can be assigned to (GET /statuses/modules answers this key → label map). */
export const STATUS_MODULES = { orders: 'Orders', shipments: 'Shipments', inquiries: 'Inquiries' } as const;
export type StatusModule = keyof typeof STATUS_MODULES;

/** Spec 2 §3: the 16-colour palette; defaults colour Blue, active, sort order 0. */
export const STATUS_COLORS = [
  { name: 'Blue', hex: '#3B82F6' },
  { name: 'Green', hex: '#10B981' },
  { name: 'Red', hex: '#EF4444' },
  { name: 'Yellow', hex: '#F59E0B' },
  { name: 'Purple', hex: '#8B5CF6' },
  { name: 'Pink', hex: '#EC4899' },
  { name: 'Indigo', hex: '#6366F1' },
  { name: 'Teal', hex: '#14B8A6' },
  { name: 'Orange', hex: '#F97316' },
  { name: 'Gray', hex: '#6B7280' },
  { name: 'Emerald', hex: '#059669' },
  { name: 'Rose', hex: '#F43F5E' },
  { name: 'Cyan', hex: '#06B6D4' },
  { name: 'Amber', hex: '#D97706' },
  { name: 'Lime', hex: '#65A30D' },
  { name: 'Violet', hex: '#7C3AED' },
] as const;
export const DEFAULT_STATUS_COLOR = '#3B82F6';

export interface DefaultOrderStatus {
  /** The value orders carry and the selector sends (spec 2 §4 spelling). */
  name: string;
  audience: StatusAudience;
  lifecycle: OrderLifecycle;
  color: string;
  systemKey?: SystemStatusKey;
}

const open = (name: string, audience: StatusAudience, color: string): DefaultOrderStatus => ({
  name,
  audience,
  lifecycle: 'open',
  color,
});

/**
 * The order statuses of spec 2 §4, seeded into the orders module on a new database, in the selector's order.
 * Pending is the status new orders get. Delivered and Letter_shipped are shipped states (they deduct stock like
 * shipped); Refunded is a cancelled state (it releases reservations).
 */
export const DEFAULT_ORDER_STATUSES: readonly DefaultOrderStatus[] = [
  open('draft', 'all', '#6B7280'),
  open('No-Scan', 'client', '#F59E0B'),
  open('Incomplete', 'manager', '#F97316'),
  { ...open('Processing', 'client', '#6366F1'), systemKey: 'processing' },
  { name: 'shipped', audience: 'manager', lifecycle: 'shipped', color: '#10B981', systemKey: 'shipped' },
  { name: 'Delivered', audience: 'client', lifecycle: 'shipped', color: '#059669' },
  { name: 'cancelled', audience: 'all', lifecycle: 'cancelled', color: '#EF4444', systemKey: 'cancelled' },
  open('letter', 'client', '#8B5CF6'),
  open('letter_packed', 'manager', '#7C3AED'),
  open('Order_placed', 'all', '#3B82F6'),
  open('Fulfillment_by_other', 'all', '#06B6D4'),
  open('Packed', 'all', '#14B8A6'),
  open('Urgent', 'all', '#F43F5E'),
  open('Damaged', 'manager', '#EF4444'),
  { ...open('Pending', 'manager', '#F59E0B'), systemKey: 'pending' },
  open('Label_required', 'manager', '#D97706'),
  open('Not_received', 'manager', '#F97316'),
  open('Different_Items', 'manager', '#EC4899'),
  open('OOS', 'all', '#EF4444'),
  open('instock', 'all', '#10B981'),
  open('No_more', 'all', '#6B7280'),
  { name: 'Refunded', audience: 'all', lifecycle: 'cancelled', color: '#6B7280' },
  open('Not_updated_yet', 'all', '#6B7280'),
  open('onetime 3pl', 'all', '#65A30D'),
  open('amazon', 'all', '#F59E0B'),
  open('tx_er_order', 'all', '#3B82F6'),
  { name: 'Letter_shipped', audience: 'all', lifecycle: 'shipped', color: '#059669' },
  open('Missing', 'manager', '#EF4444'),
];
