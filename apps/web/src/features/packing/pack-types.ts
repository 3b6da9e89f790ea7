/**
 * The packing API's wire shapes (snake_case JSON), as the shared packing design names them. The screens read only
 * these; the server's contract validates the same fields.
 */

export interface CartonType {
  id: number;
  warehouse_id: number;
  name: string;
  is_custom: boolean;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  tare_weight_g: number;
  active: boolean;
}

export type StationOutput = 'browser' | 'printer';

export interface PackingStation {
  id: number;
  warehouse_id: number;
  name: string;
  output: StationOutput;
  printer_host: string | null;
  printer_port: number;
  active: boolean;
}

export interface PrinterNetwork {
  id: number;
  warehouse_id: number;
  cidr: string;
  note: string | null;
}

export interface PackingSettings {
  gs1_company_prefix: string | null;
  sscc_extension_digit: number;
}

export type LookupAnswer =
  | { kind: 'order'; order_id: number; order_number: string }
  | {
      kind: 'wave';
      wave_id: number;
      wave_number: string;
      orders: { order_id: number; order_number: string; slot: number; tote: string | null }[];
    };

export interface PackSortAnswer {
  order_id: number;
  order_number: string;
  slot: number;
  tote: string | null;
  message: string;
}

export interface PackItemLot {
  lot_id: number;
  lot_number: string;
  picked: number;
}

export interface PackItem {
  id: number;
  sku: string;
  name: string;
  barcode: string | null;
  lot_tracked: boolean;
  quantity: number;
  picked: number;
  verified: number;
  packed: number;
  lots: PackItemLot[];
}

export type CartonStatus = 'open' | 'closed' | 'shipped';

export interface CartonItem {
  order_item_id: number;
  sku: string;
  lot_id: number | null;
  lot_number: string | null;
  quantity: number;
}

export interface Carton {
  id: number;
  number: number;
  carton_type_id: number;
  type_name: string;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  weight_g: number | null;
  status: CartonStatus;
  sscc: string | null;
  carrier: string | null;
  tracking_number: string | null;
  items: CartonItem[];
}

export interface PackView {
  order: {
    id: number;
    order_number: string;
    external_id: string | null;
    status: string;
    account_id: number;
    warehouse_id: number;
    require_label: boolean;
    has_label: boolean;
    carrier: string | null;
    tracking_number: string | null;
    wave: { id: number; number: string; slot: number; tote: string | null } | null;
  };
  items: PackItem[];
  cartons: Carton[];
  ready_to_ship: boolean;
  blockers: string[];
}

export interface PackScanAnswer {
  message: string;
  item_id: number;
  carton_id: number;
  pack: PackView;
}

export type SlipLayout = 'a4' | 'letter' | '4x6';
export type PrintDocument = 'packing_slip' | 'carton_label' | 'shipping_label';
