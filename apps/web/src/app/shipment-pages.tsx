import { lazyPage } from './lazy-page';

// Inbound shipment pages (spec 2 §2), one chunk each.
export const ShipmentListPage = lazyPage(() =>
  import('../features/shipments/pages/ShipmentListPage').then((m) => ({ default: m.ShipmentListPage })),
);
export const ShipmentCreatePage = lazyPage(() =>
  import('../features/shipments/pages/ShipmentCreatePage').then((m) => ({ default: m.ShipmentCreatePage })),
);
export const ShipmentDetailPage = lazyPage(() =>
  import('../features/shipments/pages/ShipmentDetailPage').then((m) => ({ default: m.ShipmentDetailPage })),
);
export const ShipmentEditPage = lazyPage(() =>
  import('../features/shipments/pages/ShipmentEditPage').then((m) => ({ default: m.ShipmentEditPage })),
);
