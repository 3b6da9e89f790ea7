import { lazyPage } from './lazy-page';

// Statuses, orders and the shipped archive (spec 2 §2), one chunk each.
export const StatusListPage = lazyPage(() =>
  import('../features/statuses/pages/StatusListPage').then((m) => ({ default: m.StatusListPage })),
);
export const StatusCreatePage = lazyPage(() =>
  import('../features/statuses/pages/StatusCreatePage').then((m) => ({ default: m.StatusCreatePage })),
);
export const StatusEditPage = lazyPage(() =>
  import('../features/statuses/pages/StatusEditPage').then((m) => ({ default: m.StatusEditPage })),
);
export const OrderListPage = lazyPage(() =>
  import('../features/orders/pages/OrderListPage').then((m) => ({ default: m.OrderListPage })),
);
export const OrderDetailPage = lazyPage(() =>
  import('../features/orders/pages/OrderDetailPage').then((m) => ({ default: m.OrderDetailPage })),
);
export const OrderEditPage = lazyPage(() =>
  import('../features/orders/pages/OrderEditPage').then((m) => ({ default: m.OrderEditPage })),
);
export const ShippedOrdersPage = lazyPage(() =>
  import('../features/orders/pages/ShippedOrdersPage').then((m) => ({ default: m.ShippedOrdersPage })),
);
// Order creation and drafts (spec 2 §2), one chunk each.
export const OrderCreatePage = lazyPage(() =>
  import('../features/order-creation/pages/OrderCreatePage').then((m) => ({ default: m.OrderCreatePage })),
);
export const DraftsPage = lazyPage(() =>
  import('../features/drafts/pages/DraftsPage').then((m) => ({ default: m.DraftsPage })),
);
