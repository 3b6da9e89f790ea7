import type { ActivityKind, ActivityPayloads } from '@wms/contract/activity';
import { HAND_OFF_MESSAGES, handOffText } from '@wms/contract/floor-hand-offs';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@wms/contract/notifications';
import { ADMINISTRATOR_ROLES } from '@wms/contract/policy';
import type { Executor } from '../../../db/client';
import { type EmailInsert, insertNotifications, type NotificationInsert } from './notifications-repository';
import {
  clientOwnersOf,
  clientsAmong,
  inquiryFacts,
  peopleWithPreferences,
  usersWithRoles,
  warehouseManagers,
  webhookOwners,
} from './recipients-repository';
import { shipmentVerifiedText } from './shipment-verified-text';

/** The parts of an activity event notifications read (record-event.ts's ActivityEvent, without the import cycle). */
interface RecordedEvent {
  kind: ActivityKind;
  payload: unknown;
  actorId: number | null;
  subject: { type: string; id: number | null };
  warehouseIds: readonly number[];
  accountIds: readonly number[];
}

/** An outbox row the same change wrote (order.shipped is known only there: it needs the order's lifecycle). */
interface OutboxEvent {
  type: string;
  accountId: number;
  payload: Record<string, unknown>;
}

/** A notification before its recipient's preferences are applied. */
interface Draft {
  userId: number;
  kind: NotificationKind;
  title: string;
  text: string;
  link: string | null;
  /** Who caused it: nobody is told about their own action, except that their own import finished. */
  actorId: number | null;
}

const SNIPPET = 200;
const snippet = (text: string | null) => (!text ? '' : text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text);

/**
 * The notifications (and queued e-mails) an activity event stands for, written in the transaction of the
 * change by recordEvent/recordEvents, so no service has to remember them and a rolled-back change tells nobody.
 */
export async function writeNotifications(
  db: Executor,
  events: readonly RecordedEvent[],
  outbox: readonly OutboxEvent[] = [],
): Promise<void> {
  const drafts = await draftsOf(db, events, outbox);
  if (drafts.length === 0) return;
  const { emails, preferences } = await peopleWithPreferences(
    db,
    drafts.map((d) => d.userId),
  );
  const saved = new Map(preferences.map((p) => [`${p.userId}:${p.kind}`, p]));
  const rows: NotificationInsert[] = [];
  const mails: EmailInsert[] = [];
  for (const draft of drafts) {
    const preference = saved.get(`${draft.userId}:${draft.kind}`);
    const inApp = preference?.inApp ?? NOTIFICATION_KIND_INFO[draft.kind].inAppByDefault;
    const { actorId: _actor, ...notification } = draft;
    if (inApp) rows.push(notification);
    const address = emails.get(draft.userId);
    if (preference?.email && address) {
      mails.push({
        userId: draft.userId,
        toAddress: address,
        subject: draft.title,
        body: draft.text,
        link: draft.link,
      });
    }
  }
  await insertNotifications(db, rows, mails);
}

async function draftsOf(db: Executor, events: readonly RecordedEvent[], outbox: readonly OutboxEvent[]) {
  const answered: { id: number; actorId: number | null }[] = [];
  const assigned: { id: number; actorId: number | null }[] = [];
  const shipments: RecordedEvent[] = [];
  const disabled: RecordedEvent[] = [];
  const shorts: RecordedEvent[] = [];
  const handOffs: RecordedEvent[] = [];
  const drafts: Draft[] = [];
  for (const event of events) {
    switch (event.kind) {
      case 'inquiry.resolved':
        answered.push({
          id: (event.payload as ActivityPayloads['inquiry.resolved']).inquiry_id,
          actorId: event.actorId,
        });
        break;
      case 'inquiry.updated': {
        const p = event.payload as ActivityPayloads['inquiry.updated'];
        if (p.status === 'resolved') answered.push({ id: p.inquiry_id, actorId: event.actorId });
        break;
      }
      case 'inquiry.assigned':
        assigned.push({
          id: (event.payload as ActivityPayloads['inquiry.assigned']).inquiry_id,
          actorId: event.actorId,
        });
        break;
      case 'shipment.verified':
      case 'shipment.rejected':
      case 'return.received':
        shipments.push(event);
        break;
      case 'webhook.disabled':
        disabled.push(event);
        break;
      case 'pick_task.shorted':
        shorts.push(event);
        break;
      case 'floor.action_handed_off':
        handOffs.push(event);
        break;
      case 'orders.imported':
      case 'products.imported':
      case 'locations.imported':
        if (event.actorId !== null) drafts.push({ ...importFinished(event), userId: event.actorId, actorId: null });
        break;
      default:
        break;
    }
  }
  const shipped = outbox.filter((row) => row.type === 'order.shipped');
  drafts.push(
    ...(await inquiryDrafts(db, answered, assigned)),
    ...(await accountDrafts(db, shipments, shipped)),
    ...(await webhookDrafts(db, disabled)),
    ...(await shortPickDrafts(db, shorts)),
    ...(await handOffDrafts(db, handOffs)),
  );
  return drafts.filter((d) => d.kind === 'import_finished' || d.userId !== d.actorId);
}

async function inquiryDrafts(
  db: Executor,
  answered: { id: number; actorId: number | null }[],
  assigned: { id: number; actorId: number | null }[],
): Promise<Draft[]> {
  const facts = await inquiryFacts(
    db,
    [...answered, ...assigned].map((i) => i.id),
  );
  // The inquiry's client people: its creator when a client, and its account's client owner.
  const owners = await clientOwnersOf(
    db,
    [...facts.values()].flatMap((f) => (f.accountId === null ? [] : [f.accountId])),
  );
  const clients = await clientsAmong(
    db,
    [...facts.values()].flatMap((f) => (f.creatorId === null ? [] : [f.creatorId])),
  );
  const drafts: Draft[] = [];
  for (const { id, actorId } of answered) {
    const fact = facts.get(id);
    if (!fact) continue;
    const people = new Set<number>();
    if (fact.creatorId !== null && clients.has(fact.creatorId)) people.add(fact.creatorId);
    const owner = fact.accountId === null ? undefined : owners.get(fact.accountId);
    if (owner) people.add(owner.id);
    for (const userId of people) {
      drafts.push({
        userId,
        actorId,
        kind: 'inquiry_answered',
        title: `Inquiry #${id} answered`,
        text: snippet(fact.response) || 'Your inquiry has an answer.',
        link: `/inquiries/${id}`,
      });
    }
  }
  for (const { id, actorId } of assigned) {
    const fact = facts.get(id);
    if (!fact || fact.assignedTo === null) continue;
    drafts.push({
      userId: fact.assignedTo,
      actorId,
      kind: 'inquiry_assigned',
      title: `Inquiry #${id} assigned to you`,
      text: 'An inquiry waits for your answer.',
      link: `/inquiries/${id}`,
    });
  }
  return drafts;
}

async function accountDrafts(db: Executor, shipments: RecordedEvent[], shipped: readonly OutboxEvent[]) {
  const owners = await clientOwnersOf(db, [
    ...shipments.flatMap((e) => e.accountIds.slice(0, 1)),
    ...shipped.map((r) => r.accountId),
  ]);
  const drafts: Draft[] = [];
  for (const event of shipments) {
    const owner = owners.get(event.accountIds[0] ?? -1);
    if (!owner) continue;
    if (event.kind === 'shipment.verified') {
      const p = event.payload as ActivityPayloads['shipment.verified'];
      drafts.push({
        userId: owner.id,
        actorId: event.actorId,
        kind: 'shipment_verified',
        title: `Shipment #${p.shipment_id} verified`,
        text: shipmentVerifiedText(p),
        link: `/shipments/${p.shipment_id}`,
      });
    } else if (event.kind === 'return.received') {
      // The client learns what came back of their return, and what did not (the discrepancy).
      const p = event.payload as ActivityPayloads['return.received'];
      drafts.push({
        userId: owner.id,
        actorId: event.actorId,
        kind: 'return_received',
        title: `Return ${p.rma_number} received`,
        text: `${p.units_received} unit${p.units_received === 1 ? '' : 's'} received${p.units_missing ? `, ${p.units_missing} missing` : ''}.`,
        link: `/returns/${event.subject.id}`,
      });
    } else {
      const p = event.payload as ActivityPayloads['shipment.rejected'];
      drafts.push({
        userId: owner.id,
        actorId: event.actorId,
        kind: 'shipment_rejected',
        title: `Shipment #${p.shipment_id} rejected`,
        text: snippet(`${p.quantity} × ${p.sku}: ${p.reason}`),
        link: `/shipments/${p.shipment_id}`,
      });
    }
  }
  for (const row of shipped) {
    const owner = owners.get(row.accountId);
    if (!owner) continue;
    const p = row.payload as {
      order_id: number;
      order_number: string;
      carrier: string | null;
      tracking_number: string | null;
    };
    const via = [p.carrier, p.tracking_number && `tracking ${p.tracking_number}`].filter(Boolean).join(', ');
    drafts.push({
      userId: owner.id,
      actorId: null,
      kind: 'order_shipped',
      title: `Order ${p.order_number} shipped`,
      text: via ? `Shipped: ${via}.` : 'Your order is on its way.',
      link: `/orders/${p.order_id}`,
    });
  }
  return drafts;
}

async function webhookDrafts(db: Executor, disabled: RecordedEvent[]): Promise<Draft[]> {
  const failed = disabled.filter((e) => !(e.payload as ActivityPayloads['webhook.disabled']).reason);
  const ended = disabled.filter((e) => (e.payload as ActivityPayloads['webhook.disabled']).reason);
  const owners = await webhookOwners(
    db,
    failed.flatMap((e) => (e.subject.id === null ? [] : [e.subject.id])),
  );
  const draft = (event: RecordedEvent, userId: number, text: string): Draft => ({
    userId,
    actorId: null,
    kind: 'webhook_disabled' as const,
    title: 'Webhook disabled',
    text: snippet(text),
    link: `/settings/webhooks/${event.subject.id}`,
  });
  const drafts = failed.flatMap((event) => {
    const owner = event.subject.id === null ? undefined : owners.get(event.subject.id);
    const p = event.payload as ActivityPayloads['webhook.disabled'];
    return owner === undefined
      ? []
      : [draft(event, owner, `${p.url} failed for a day and was disabled. Fix the receiver, then enable it again.`)];
  });
  if (ended.length === 0) return drafts;
  // Its creator may be gone or out of reach, so those who answer for it now are told: the account's
  // (client) owner and the administrators.
  const [accountOwners, admins] = await Promise.all([
    clientOwnersOf(
      db,
      ended.flatMap((e) => e.accountIds),
    ),
    usersWithRoles(db, ADMINISTRATOR_ROLES),
  ]);
  for (const event of ended) {
    const p = event.payload as ActivityPayloads['webhook.disabled'];
    const owner = event.accountIds.flatMap((id) => accountOwners.get(id)?.id ?? []);
    for (const userId of new Set([...owner, ...admins])) {
      drafts.push(draft(event, userId, `${p.url}: ${p.reason}. Enable it again to take it over.`));
    }
  }
  return drafts;
}

/** A short pick goes to the managers of its warehouse: they decide about what could not be re-allocated. */
async function shortPickDrafts(db: Executor, shorts: RecordedEvent[]): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (const event of shorts) {
    const p = event.payload as ActivityPayloads['pick_task.shorted'];
    const missing = p.expected - p.found;
    const rest = missing - p.reallocated;
    const text = `${p.found} of ${p.expected} × ${p.sku} found at ${p.location_code} (${p.reason}); ${
      rest > 0 ? `${rest} could not be re-allocated: decide for the order line.` : 'the rest was re-allocated.'
    } The location is in hospital with a count.`;
    for (const userId of await warehouseManagers(db, event.warehouseIds)) {
      drafts.push({
        userId,
        actorId: event.actorId,
        kind: 'short_pick',
        title: `Short pick in ${p.wave_number}`,
        text: snippet(text),
        link: event.subject.id === null ? null : `/waves/${event.subject.id}`,
      });
    }
  }
  return drafts;
}

/**
 * A floor action refused on the handheld's replay and handed to a supervisor: the managers of its warehouse and
 * the administrators (who answer for every warehouse) are told what the worker did and what the server answered.
 */
async function handOffDrafts(db: Executor, handOffs: RecordedEvent[]): Promise<Draft[]> {
  if (handOffs.length === 0) return [];
  const admins = await usersWithRoles(db, ADMINISTRATOR_ROLES);
  const drafts: Draft[] = [];
  for (const event of handOffs) {
    const p = event.payload as ActivityPayloads['floor.action_handed_off'];
    const managers = await warehouseManagers(db, event.warehouseIds);
    for (const userId of new Set([...managers, ...admins])) {
      drafts.push({
        userId,
        actorId: event.actorId,
        kind: 'floor_hand_off',
        title: HAND_OFF_MESSAGES.notificationTitle,
        text: snippet(handOffText(p.worker_name, p.action, p.refusal)),
        link: null,
      });
    }
  }
  return drafts;
}

function importFinished(event: RecordedEvent): Pick<Draft, 'kind' | 'title' | 'text' | 'link'> {
  const base = { kind: 'import_finished' as const, title: 'Import finished' };
  if (event.kind === 'orders.imported') {
    const p = event.payload as ActivityPayloads['orders.imported'];
    return {
      ...base,
      title: 'Order import finished',
      text: `${p.created} orders created, ${p.warnings} warnings, ${p.errors} errors.`,
      link: '/orders',
    };
  }
  if (event.kind === 'products.imported') {
    const p = event.payload as ActivityPayloads['products.imported'];
    return {
      ...base,
      title: 'Product import finished',
      text: snippet(`${p.filename}: ${p.created} created, ${p.updated} updated, ${p.failed} failed.`),
      link: '/products',
    };
  }
  const p = event.payload as ActivityPayloads['locations.imported'];
  return { ...base, title: 'Location import finished', text: `${p.count} locations imported.`, link: '/warehouses' };
}
