import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { notFound, validationError } from '../../../http/errors';
import { replaceShipperCutoffs, shipperCutoffs, shipperExists } from './waves-repository';

/**
 * A shipper's daily cut-off per warehouse (local time of the warehouse): the release screen shows orders due today
 * late once it has passed. Shippers are global; the cut-offs a caller reads and replaces are those of the
 * warehouses in their scope (a manager sets their own warehouses', never another's).
 */
export async function getShipperCutoffs(db: Database, auth: RequestAuth, shipperId: number) {
  if (!(await shipperExists(db, shipperId))) throw notFound();
  return shipperCutoffs(db, shipperId, await auth.scope());
}

export async function setShipperCutoffs(
  db: Database,
  auth: RequestAuth,
  shipperId: number,
  cutoffs: readonly { warehouse_id: number; cutoff_time: string }[],
) {
  if (!(await shipperExists(db, shipperId))) throw notFound();
  const scope = await auth.scope();
  const reachable = scope.kind === 'all' ? null : scope.kind === 'warehouses' ? scope.warehouseIds : [];
  const outside = cutoffs.findIndex((c) => reachable !== null && !reachable.includes(c.warehouse_id));
  if (outside >= 0)
    throw validationError({ [`cutoffs.${outside}.warehouse_id`]: ['The selected warehouse is invalid.'] });
  await inTransaction(db, (tx) => replaceShipperCutoffs(tx, shipperId, reachable, cutoffs));
  return shipperCutoffs(db, shipperId, scope);
}
