import {
  LOCATION_LABELS_MAX,
  LOCATION_MESSAGES,
  LOCATION_TYPE_LABELS,
  type LocationLabelsInput,
  type LocationType,
} from '@wms/contract/locations';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { fieldError, notFound } from '../../../http/errors';
import { locationLabelsPdf } from './location-labels-pdf';
import { locationsToLabel } from './locations-repository';
import { assertWarehouseInScope } from './locations-service';

/**
 * The labels PDF of a selection (ids: every id must be in scope, else 404 like any other out-of-scope id) or of a
 * whole zone of one warehouse (the warehouse must be in scope), in walk order.
 */
export async function printLocationLabels(db: Database, auth: RequestAuth, input: LocationLabelsInput) {
  const scope = await auth.scope();
  let rows: Awaited<ReturnType<typeof locationsToLabel>>;
  if (input.ids?.length) {
    const ids = [...new Set(input.ids)];
    rows = await locationsToLabel(db, scope, { ids }, LOCATION_LABELS_MAX);
    if (rows.length !== ids.length) throw notFound();
  } else {
    await assertWarehouseInScope(db, auth, input.warehouse_id!);
    rows = await locationsToLabel(
      db,
      scope,
      { warehouseId: input.warehouse_id!, zone: input.zone! },
      LOCATION_LABELS_MAX + 1,
    );
    if (rows.length === 0) throw fieldError('zone', LOCATION_MESSAGES.labelsNone);
    if (rows.length > LOCATION_LABELS_MAX) throw fieldError('zone', LOCATION_MESSAGES.labelsTooMany);
  }
  const labels = rows.map((r) => ({
    code: r.code,
    caption: `Zone ${r.zone} · ${LOCATION_TYPE_LABELS[r.type as LocationType]}`,
  }));
  return locationLabelsPdf(labels, input.layout);
}
