import type { MatrixEntry } from '../authorization-matrix';
import { catalogueMatrix } from './catalogue';
import { inquiriesMatrix } from './inquiries';
import { locationsMatrix } from './locations';
import { masterDataMatrix } from './master-data';
import { orderCreationMatrix } from './order-creation';
import { ordersMatrix } from './orders';
import { platformMatrix } from './platform';
import { rateCardsMatrix } from './rate-cards';
import { shipmentsMatrix } from './shipments';
import { statusesMatrix } from './statuses';

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
  ...ordersMatrix,
  ...inquiriesMatrix,
  ...shipmentsMatrix,
  ...locationsMatrix,
  ...rateCardsMatrix,
];
