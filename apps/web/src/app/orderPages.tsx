import { lazy } from 'react';

// Order creation and drafts (spec 2 §2), one chunk each.
export const OrderCreatePage = lazy(() =>
  import('../features/order-creation/pages/OrderCreatePage').then((m) => ({ default: m.OrderCreatePage })),
);
export const DraftsPage = lazy(() =>
  import('../features/drafts/pages/DraftsPage').then((m) => ({ default: m.DraftsPage })),
);
