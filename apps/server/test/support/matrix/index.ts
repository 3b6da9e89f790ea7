import type { MatrixEntry } from '../authorization-matrix';
import { apiKeysMatrix } from './api-keys';
import { catalogueMatrix } from './catalogue';
import { cycleCountsMatrix } from './cycle-counts';
import { floorHandOffsMatrix } from './floor-hand-offs';
import { importMappingsMatrix } from './import-mappings';
import { inquiriesMatrix } from './inquiries';
import { invoicesMatrix } from './invoices';
import { kitWorkOrdersMatrix } from './kit-work-orders';
import { liveMatrix } from './live';
import { locationsMatrix } from './locations';
import { masterDataMatrix } from './master-data';
import { notificationsMatrix } from './notifications';
import { orderCreationMatrix } from './order-creation';
import { ordersMatrix } from './orders';
import { packingMatrix } from './packing';
import { packingDocsMatrix } from './packing-docs';
import { platformMatrix } from './platform';
import { rateCardsMatrix } from './rate-cards';
import { replenishmentMatrix } from './replenishment';
import { returnsMatrix } from './returns';
import { shipmentsMatrix } from './shipments';
import { statusesMatrix } from './statuses';
import { wavesMatrix } from './waves';
import { webhooksMatrix } from './webhooks';

/**
 * Every /api route and who may call it, one file per area (add yours here). The matrix test fails when a
 * registered route is missing.
 */
export const MATRIX: MatrixEntry[] = [
  ...platformMatrix,
  ...masterDataMatrix,
  ...catalogueMatrix,
  ...statusesMatrix,
  ...orderCreationMatrix,
  ...importMappingsMatrix,
  ...ordersMatrix,
  ...inquiriesMatrix,
  ...shipmentsMatrix,
  ...locationsMatrix,
  ...cycleCountsMatrix,
  ...floorHandOffsMatrix,
  ...wavesMatrix,
  ...packingMatrix,
  ...packingDocsMatrix,
  ...replenishmentMatrix,
  ...returnsMatrix,
  ...kitWorkOrdersMatrix,
  ...apiKeysMatrix,
  ...webhooksMatrix,
  ...rateCardsMatrix,
  ...liveMatrix,
  ...notificationsMatrix,
  ...invoicesMatrix,
];
