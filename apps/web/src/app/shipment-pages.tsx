import { lazy } from 'react';

// Inbound shipment pages (spec 2 §2), one chunk each.
export const ShipmentListPage = lazy(() =>
  import('../features/shipments/pages/ShipmentListPage').then((m) => ({ default: m.ShipmentListPage })),
);
export const ShipmentCreatePage = lazy(() =>
  import('../features/shipments/pages/ShipmentCreatePage').then((m) => ({ default: m.ShipmentCreatePage })),
);
export const ShipmentDetailPage = lazy(() =>
  import('../features/shipments/pages/ShipmentDetailPage').then((m) => ({ default: m.ShipmentDetailPage })),
);
export const ShipmentEditPage = lazy(() =>
  import('../features/shipments/pages/ShipmentEditPage').then((m) => ({ default: m.ShipmentEditPage })),
);
