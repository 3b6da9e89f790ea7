/**
 * What goes over LISTEN/NOTIFY for the live stream: per change, its kind, the ids it touched and the
 * accounts and warehouses it concerns — enough to decide who may hear of it, nothing of its content.
 */
export interface LiveNotice {
  kind: string;
  subjectType: string;
  /** Empty: too many to list (bulk work); screens refetch the kind's lists. */
  ids: number[];
  accountIds: number[];
  warehouseIds: number[];
}

/** One change as its writer describes it (an activity event, an inventory row's new quantities). */
export interface LiveChangeFact {
  kind: string;
  subjectType: string;
  id: number | null;
  accountIds: readonly number[];
  warehouseIds: readonly number[];
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep well below. */
const MAX_PAYLOAD_BYTES = 7000;
const MAX_IDS = 200;

const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The NOTIFY payloads for a transaction's changes: one per kind and audience (same accounts and warehouses), so a
 * bulk create of 10 000 orders sends a handful, not 10 000. Over the size limit the ids go first (screens then
 * refetch the whole list), then accounts and warehouses are cut, which only narrows who hears of it.
 */
export function liveNoticePayloads(facts: readonly LiveChangeFact[]): string[] {
  const groups = new Map<string, LiveNotice>();
  for (const fact of facts) {
    const accountIds = sortedUnique(fact.accountIds);
    const warehouseIds = sortedUnique(fact.warehouseIds);
    const key = `${fact.kind}|${fact.subjectType}|${accountIds.join(',')}|${warehouseIds.join(',')}`;
    let notice = groups.get(key);
    if (!notice) {
      notice = { kind: fact.kind, subjectType: fact.subjectType, ids: [], accountIds, warehouseIds };
      groups.set(key, notice);
    }
    if (fact.id !== null && !notice.ids.includes(fact.id)) notice.ids.push(fact.id);
  }
  return [...groups.values()].map(encodeWithinLimit);
}

function encodeWithinLimit(notice: LiveNotice): string {
  const tooBig = (value: LiveNotice) => Buffer.byteLength(JSON.stringify(value)) >= MAX_PAYLOAD_BYTES;
  let fitted = notice.ids.length > MAX_IDS ? { ...notice, ids: [] } : notice;
  if (tooBig(fitted)) fitted = { ...fitted, ids: [] };
  while (tooBig(fitted)) {
    fitted = {
      ...fitted,
      accountIds: fitted.accountIds.slice(0, Math.floor(fitted.accountIds.length / 2)),
      warehouseIds: fitted.warehouseIds.slice(0, Math.floor(fitted.warehouseIds.length / 2)),
    };
  }
  return JSON.stringify(fitted);
}

/** Reads a payload back; anything else on the channel is ignored. */
export function parseLiveNotice(payload: string): LiveNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (typeof value.kind !== 'string' || typeof value.subjectType !== 'string') return undefined;
    const ints = (list: unknown) => (Array.isArray(list) ? list.filter((id) => Number.isInteger(id)) : []);
    return {
      kind: value.kind,
      subjectType: value.subjectType,
      ids: ints(value.ids),
      accountIds: ints(value.accountIds),
      warehouseIds: ints(value.warehouseIds),
    };
  } catch {
    return undefined;
  }
}
