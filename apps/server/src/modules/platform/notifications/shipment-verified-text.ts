import type { ActivityPayloads } from '@wms/contract/activity';

/** Short lines named in full at most; the rest are counted, so a long shipment's text stays one readable sentence. */
const SHORT_LINES_NAMED = 5;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * What a verified shipment's notification (and its e-mail, the same text) says — what was received, not
 * what was announced: "12 × SKU received into stock." for one product, "3 products, 354 units received into stock."
 * for several, then each line received short of its announcement ("Short: SKU-A 90 of 100.").
 * Events recorded before shipments had lines carry only the announced product and quantity (received as announced).
 */
export function shipmentVerifiedText(p: ActivityPayloads['shipment.verified']): string {
  const lines = p.lines ?? [
    { sku: p.sku, product_id: 0, quantity: p.quantity, quantity_received: p.quantity_received ?? p.quantity },
  ];
  const received = lines.filter((l) => l.quantity_received > 0);
  const units = received.reduce((sum, l) => sum + l.quantity_received, 0);
  const products = new Set(received.map((l) => l.product_id)).size;
  const total =
    received.length === 1
      ? `${units.toLocaleString('en-US')} × ${received[0]!.sku} received into stock.`
      : received.length === 0
        ? 'Nothing was received into stock.'
        : `${plural(products, 'product', 'products')}, ${plural(units, 'unit', 'units')} received into stock.`;
  const short = lines.filter((l) => l.quantity_received < l.quantity);
  if (short.length === 0) return total;
  const named = short
    .slice(0, SHORT_LINES_NAMED)
    .map((l) => `${l.sku} ${l.quantity_received.toLocaleString('en-US')} of ${l.quantity.toLocaleString('en-US')}`);
  const more =
    short.length > SHORT_LINES_NAMED
      ? ` and ${plural(short.length - SHORT_LINES_NAMED, 'more line', 'more lines')}`
      : '';
  return `${total} Short: ${named.join(', ')}${more}.`;
}
