import type { ActivityKind, ActivityPayloads } from '@wms/contract/activity';
import type { WebhookEventType, WebhookPayloads } from '@wms/contract/webhooks';
import type { Executor } from '../../../db/client';
import { publishLiveChanges } from '../live/live-api';
import { insertOutboxRows, type OrderShippingFacts, type OutboxRow, orderShippingFacts } from './outbox-repository';

/** The parts of an activity event the outbox reads (record-event.ts's ActivityEvent, without the import cycle). */
interface RecordedEvent {
  kind: ActivityKind;
  payload: unknown;
  subject: { type: string; id: number | null };
  warehouseIds: readonly number[];
  accountIds: readonly number[];
}

const row = <T extends WebhookEventType>(
  type: T,
  payload: WebhookPayloads[T],
  coalesceKey: string | null = null,
): OutboxRow => ({
  type,
  accountId: payload.account_id,
  warehouseId: payload.warehouse_id,
  payload: payload as Record<string, unknown>,
  coalesceKey,
});

/**
 * The webhook events an activity event stands for, written to the outbox in the caller's transaction.
 * Called by recordEvent/recordEvents for every change, so no service has to remember it. Events belong to one
 * account: an activity event without one (global master data) has no webhook event. Answers the rows written.
 */
export async function writeWebhookEvents(db: Executor, events: readonly RecordedEvent[]): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = [];
  const statusChanges: { event: RecordedEvent; orderId: number }[] = [];
  for (const event of events) {
    const accountId = event.accountIds[0];
    const subjectId = event.subject.id;
    if (accountId === undefined || subjectId === null) continue;
    const where = { account_id: accountId, warehouse_id: event.warehouseIds[0] ?? null };
    switch (event.kind) {
      case 'order.created': {
        const p = event.payload as ActivityPayloads['order.created'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('order.created', {
            order_id: subjectId,
            order_number: p.order_number,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
            customer_name: p.customer_name ?? null,
            items: p.items ?? null,
          }),
        );
        break;
      }
      case 'order.status_changed':
        statusChanges.push({ event, orderId: subjectId });
        break;
      case 'shipment.verified': {
        const p = event.payload as ActivityPayloads['shipment.verified'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('shipment.verified', {
            shipment_id: p.shipment_id,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
            sku: p.sku,
            quantity_received: p.quantity_received ?? p.quantity,
            // Events recorded before lines existed: one line, received as announced.
            lines: (p.lines ?? []).map((line) => ({
              line_id: line.line_id,
              product_id: line.product_id,
              sku: line.sku,
              quantity_announced: line.quantity,
              quantity_received: line.quantity_received,
              discrepancy_reason: line.discrepancy_reason,
            })),
          }),
        );
        break;
      }
      case 'shipment.rejected': {
        const p = event.payload as ActivityPayloads['shipment.rejected'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('shipment.rejected', {
            shipment_id: p.shipment_id,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
            sku: p.sku,
            quantity: p.quantity,
            reason: p.reason,
          }),
        );
        break;
      }
      case 'inquiry.resolved': {
        const p = event.payload as ActivityPayloads['inquiry.resolved'];
        rows.push(row('inquiry.resolved', { inquiry_id: p.inquiry_id, ...where }));
        break;
      }
      case 'invoice.finalized': {
        const p = event.payload as ActivityPayloads['invoice.finalized'];
        rows.push(
          row('invoice.finalized', {
            invoice_id: subjectId,
            number: p.number,
            account_id: accountId,
            warehouse_id: null,
            period_from: p.period_from,
            period_to: p.period_to,
            currency: p.currency,
            total_cents: p.total_cents,
          }),
        );
        break;
      }
      case 'wave.released': {
        // One event per account of the wave, naming that account's orders only (a subscriber never learns of
        // another account's orders).
        const p = event.payload as ActivityPayloads['wave.released'];
        if (where.warehouse_id === null || p.wave_id === undefined) break;
        for (const account of new Set((p.order_refs ?? []).map((o) => o.account_id))) {
          rows.push(
            row('wave.released', {
              wave_id: p.wave_id,
              wave_number: p.wave_number,
              account_id: account,
              warehouse_id: where.warehouse_id,
              mode: p.mode as 'discrete' | 'batch' | 'cluster',
              orders: (p.order_refs ?? [])
                .filter((o) => o.account_id === account)
                .map((o) => ({ order_id: o.order_id, order_number: o.order_number })),
            }),
          );
        }
        break;
      }
      case 'order.picked': {
        const p = event.payload as ActivityPayloads['order.picked'];
        if (where.warehouse_id === null || p.wave_id === undefined) break;
        rows.push(
          row('order.picked', {
            order_id: subjectId,
            order_number: p.order_number,
            ...where,
            warehouse_id: where.warehouse_id,
            wave_id: p.wave_id,
            wave_number: p.wave_number,
            units_picked: p.units,
            units_short: p.short,
          }),
        );
        break;
      }
      case 'return.created': {
        const p = event.payload as ActivityPayloads['return.created'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('return.created', {
            return_id: subjectId,
            rma_number: p.rma_number,
            order_id: p.order_id,
            order_number: p.order_number,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
            units: p.units,
          }),
        );
        break;
      }
      case 'return.received': {
        const p = event.payload as ActivityPayloads['return.received'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('return.received', {
            return_id: subjectId,
            rma_number: p.rma_number,
            order_id: p.order_id,
            order_number: p.order_number,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
            units_received: p.units_received,
            units_missing: p.units_missing,
            lines: p.lines.map((line) => ({
              ...line,
              disposition: line.disposition as 'restocked' | 'processing_required' | 'not_restocked' | 'missing',
            })),
          }),
        );
        break;
      }
      case 'return.closed': {
        const p = event.payload as ActivityPayloads['return.closed'];
        if (where.warehouse_id === null) break;
        rows.push(
          row('return.closed', {
            return_id: subjectId,
            rma_number: p.rma_number,
            account_id: accountId,
            warehouse_id: where.warehouse_id,
          }),
        );
        break;
      }
      default:
        break;
    }
  }
  rows.push(...(await orderStatusRows(db, statusChanges)));
  await insertOutboxRows(db, rows);
  // Notifications read them too (order.shipped needs the lifecycle facts read here).
  return rows;
}

/** order.status_changed for every change, plus order.shipped / order.cancelled when the lifecycle moved there. */
async function orderStatusRows(db: Executor, changes: { event: RecordedEvent; orderId: number }[]) {
  const facts = await orderShippingFacts(
    db,
    changes.map(({ event, orderId }) => ({
      orderId,
      fromStatus: (event.payload as ActivityPayloads['order.status_changed']).from,
    })),
  );
  const rows: OutboxRow[] = [];
  for (const { event, orderId } of changes) {
    const p = event.payload as ActivityPayloads['order.status_changed'];
    const fact = facts.get(orderId);
    const accountId = event.accountIds[0];
    const warehouseId = event.warehouseIds[0];
    if (!fact || accountId === undefined || warehouseId === undefined) continue;
    const order = { order_id: orderId, order_number: p.order_number, account_id: accountId, warehouse_id: warehouseId };
    rows.push(row('order.status_changed', { ...order, from: p.from, to: p.to, lifecycle: fact.lifecycle }));
    // Shipped → Delivered is another shipped status: the order shipped once, so one order.shipped.
    if (fact.lifecycle === 'shipped' && fact.fromLifecycle !== 'shipped') {
      const tracking = [...new Set(fact.trackingNumbers)];
      rows.push(
        row('order.shipped', {
          ...order,
          status: p.to,
          carrier: fact.carrier ?? carrierOfTracking(fact, tracking[0]),
          tracking_number: tracking[0] ?? null,
          tracking_numbers: tracking,
          cartons: typeof fact.cartons === 'string' ? JSON.parse(fact.cartons) : fact.cartons,
        }),
      );
    }
    if (fact.lifecycle === 'cancelled' && fact.fromLifecycle !== 'cancelled') {
      rows.push(row('order.cancelled', { ...order, status: p.to }));
    }
  }
  return rows;
}

/**
 * An order without a shipper still names its carrier when the label (or item) that gives its tracking
 * number names one, so the carrier always comes with that tracking number (never null beside it).
 */
function carrierOfTracking(fact: OrderShippingFacts, trackingNumber: string | undefined): string | null {
  const at = fact.trackingNumbers.findIndex(
    (number, i) => number === trackingNumber && fact.trackingCarriers[i]?.trim(),
  );
  return at < 0 ? null : fact.trackingCarriers[at]!.trim();
}

/** An inventory row's quantities after a ledger movement (inventory/ledger.ts and the batch reservation). */
export interface InventoryBalanceChange {
  inventoryId: number;
  productId: number;
  warehouseId: number;
  accountId: number;
  quantityOnHand: number;
  quantityReserved: number;
  /** Units in quarantine locations: on hand but not available. */
  quantityQuarantined: number;
}

/**
 * inventory.changed per inventory row with its new quantities, in the movement's transaction. Rows of one row's
 * changes share a coalesce key: the dispatcher delivers only the newest of those written within a few seconds.
 */
export async function writeInventoryChanges(db: Executor, changes: readonly InventoryBalanceChange[]): Promise<void> {
  const latest = new Map(changes.map((c) => [c.inventoryId, c]));
  // The live stream hears of every ledger movement too (stock lists, order shortfalls), after commit.
  await publishLiveChanges(
    db,
    [...latest.values()].map((c) => ({
      kind: 'inventory.changed',
      subjectType: 'inventory',
      id: c.inventoryId,
      accountIds: [c.accountId],
      warehouseIds: [c.warehouseId],
    })),
  );
  await insertOutboxRows(
    db,
    [...latest.values()].map((c) =>
      row(
        'inventory.changed',
        {
          inventory_id: c.inventoryId,
          account_id: c.accountId,
          warehouse_id: c.warehouseId,
          product_id: c.productId,
          quantity_on_hand: c.quantityOnHand,
          quantity_reserved: c.quantityReserved,
          quantity_quarantined: c.quantityQuarantined,
          quantity_available: c.quantityOnHand - c.quantityReserved - c.quantityQuarantined,
        },
        `inventory:${c.inventoryId}`,
      ),
    ),
  );
}
