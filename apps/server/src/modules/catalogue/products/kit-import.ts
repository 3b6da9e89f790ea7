import { isKitKind, KIT_MESSAGES, PRODUCT_KINDS, type ProductKind } from '@wms/contract/kits';
import type { Executor } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import {
  productIdsBySku,
  replaceComponentRows,
  skusUsedAsComponents,
  skusWithComponents,
} from './kit-components-repository';

/** A row's kit cells, parsed: undefined where the file has no such column (the stored value stays). */
export interface KitCells {
  kind?: ProductKind;
  components?: { sku: string; quantity: number }[];
}

export interface KitRow extends KitCells {
  row: number;
  sku: string;
}

const COMPONENT = /^(.+):\s*([1-9][0-9]{0,5})$/;

/** The kind cell: blank is standard. Undefined with an issue when it names no kind. */
export function parseKind(cell: string, row: number, issues: string[]): ProductKind | undefined {
  const text = cell.trim().toLowerCase();
  if (text === '') return 'standard';
  if ((PRODUCT_KINDS as readonly string[]).includes(text)) return text as ProductKind;
  issues.push(KIT_MESSAGES.importKindInvalid(row));
  return undefined;
}

/** The components cell, `SKU-A:2;SKU-B:1` (blank: none). Undefined with an issue when it does not read so. */
export function parseComponents(
  cell: string,
  row: number,
  issues: string[],
): { sku: string; quantity: number }[] | undefined {
  const parts = cell
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const lines: { sku: string; quantity: number }[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const match = COMPONENT.exec(part);
    if (!match) {
      issues.push(KIT_MESSAGES.importComponentsFormat(row));
      return undefined;
    }
    const sku = match[1]!.trim();
    if (seen.has(sku.toLowerCase())) {
      issues.push(KIT_MESSAGES.importComponentRepeated(row, sku));
      return undefined;
    }
    seen.add(sku.toLowerCase());
    lines.push({ sku, quantity: Number(match[2]) });
  }
  return lines;
}

/** Every kit issue of the file refuses it whole: nothing is written, every bad row is named. */
export const kitIssuesError = (issues: string[]) => new HttpError(422, KIT_MESSAGES.importRefused, { file: issues });

/**
 * The kit rules over the file and the stored catalogue, before anything is written: a row's final kind and
 * components (the file's where it has the column, else the stored ones) must keep "components are standard
 * products of the account, kits only have them, a component is never a kit".
 */
export async function kitRuleIssues(tx: Executor, accountId: number, rows: KitRow[]): Promise<string[]> {
  const issues: string[] = [];
  const fileKind = new Map(rows.map((r) => [r.sku.toLowerCase(), r.kind]));
  const componentSkus = rows.flatMap((r) => (r.components ?? []).map((c) => c.sku));
  const stored = await productIdsBySku(tx, accountId, [...rows.map((r) => r.sku), ...componentSkus]);
  const rowSkus = rows.map((r) => r.sku);
  const [usedAsComponent, withComponents] = await Promise.all([
    skusUsedAsComponents(tx, accountId, rowSkus),
    skusWithComponents(tx, accountId, rowSkus),
  ]);
  const finalKind = (sku: string): ProductKind | undefined => {
    const key = sku.toLowerCase();
    return fileKind.get(key) ?? stored.get(key)?.kind ?? (fileKind.has(key) ? 'standard' : undefined);
  };
  for (const row of rows) {
    const key = row.sku.toLowerCase();
    const kind = finalKind(row.sku) ?? 'standard';
    const hasComponents = row.components ? row.components.length > 0 : withComponents.has(key);
    if (!isKitKind(kind) && hasComponents) issues.push(KIT_MESSAGES.importComponentsOnStandard(row.row));
    if (isKitKind(kind) && usedAsComponent.has(key)) {
      issues.push(KIT_MESSAGES.importComponentCannotBeKit(row.row, row.sku));
    }
    for (const component of row.components ?? []) {
      const componentKind = finalKind(component.sku);
      if (componentKind === undefined || component.sku.toLowerCase() === key) {
        issues.push(KIT_MESSAGES.importComponentUnknown(row.row, component.sku));
      } else if (isKitKind(componentKind)) {
        issues.push(KIT_MESSAGES.importComponentIsKit(row.row, component.sku));
      }
    }
  }
  return issues;
}

/** After the upsert: each row with a components column gets exactly the file's list. */
export async function writeKitComponents(tx: Executor, accountId: number, rows: KitRow[]): Promise<void> {
  const withList = rows.filter((r) => r.components !== undefined);
  if (withList.length === 0) return;
  const ids = await productIdsBySku(tx, accountId, [
    ...withList.map((r) => r.sku),
    ...withList.flatMap((r) => r.components!.map((c) => c.sku)),
  ]);
  for (const row of withList) {
    const kitId = ids.get(row.sku.toLowerCase())!.id;
    await replaceComponentRows(
      tx,
      kitId,
      row.components!.map((c) => ({ productId: ids.get(c.sku.toLowerCase())!.id, quantity: c.quantity })),
    );
  }
}
