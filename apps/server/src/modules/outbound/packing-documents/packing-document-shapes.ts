/**
 * The plain data the packing documents print. The renderers take these shapes, not database rows, so a document
 * is a pure function of its data (tested on its own) and the routes only fill the shapes.
 */

/** One product (and lot) on a document line. */
export interface DocumentLine {
  sku: string;
  name: string;
  quantity: number;
  /** The lot number, for lot-tracked products. */
  lot: string | null;
}

export interface SlipCarton {
  /** 1, 2, … within the order. */
  number: number;
  /** Set when the carton is closed. */
  sscc: string | null;
  weightG: number | null;
  lines: readonly DocumentLine[];
}

export interface AccountLogo {
  bytes: Uint8Array;
  type: 'png' | 'jpeg';
}

export type SlipLayout = 'a4' | 'letter' | '4x6';

export interface PackingSlipDocument {
  accountName: string;
  logo: AccountLogo | null;
  /** The ship-from warehouse's name. */
  warehouse: string;
  orderNumber: string;
  /** The client's own order id (their reference, often the PO). */
  externalId: string;
  /** The ship-to customer as stored on the order, one line each. */
  shipTo: readonly string[];
  notes: string | null;
  cartons: readonly SlipCarton[];
  /** Units of the order in no carton (an order printed before or without carton packing). */
  unpacked: readonly DocumentLine[];
  printedAt: Date;
}

/** The GS1 logistic label of one closed carton (4×6 in). */
export interface CartonLabelDocument {
  sscc: string;
  /** The warehouse's name then its address lines. */
  shipFrom: readonly string[];
  shipTo: readonly string[];
  orderNumber: string;
  /** The client's reference (external id / PO). */
  reference: string | null;
  cartonNumber: number;
  cartonCount: number;
  weightG: number | null;
}

/** Grams as the label prints them: "1.25 kg", "850 g". */
export const formatWeight = (grams: number | null): string =>
  grams === null ? '—' : grams >= 1000 ? `${(grams / 1000).toFixed(2).replace(/\.?0+$/, '')} kg` : `${grams} g`;
