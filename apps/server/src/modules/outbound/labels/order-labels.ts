import type { ShipmentLabel } from '@wms/contract/orders';
import type { Executor } from '../../../db/client';
import { loadLabelViews } from './labels-repository';

/** What the orders module shows of labels: an order's labels (the caller checked the order's scope), oldest first. */
export const labelsOfOrder = (db: Executor, orderId: number): Promise<ShipmentLabel[]> => loadLabelViews(db, [orderId]);
