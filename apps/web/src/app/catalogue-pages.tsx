import { lazy } from 'react';

// Catalogue and inventory pages (spec 2 §2), one chunk each.
export const ProductListPage = lazy(() =>
  import('../features/products/pages/ProductListPage').then((m) => ({ default: m.ProductListPage })),
);
export const ProductCreatePage = lazy(() =>
  import('../features/products/pages/ProductCreatePage').then((m) => ({ default: m.ProductCreatePage })),
);
export const ProductDetailPage = lazy(() =>
  import('../features/products/pages/ProductDetailPage').then((m) => ({ default: m.ProductDetailPage })),
);
export const ProductEditPage = lazy(() =>
  import('../features/products/pages/ProductEditPage').then((m) => ({ default: m.ProductEditPage })),
);
export const InventoryListPage = lazy(() =>
  import('../features/inventory/pages/InventoryListPage').then((m) => ({ default: m.InventoryListPage })),
);
export const InventoryCreatePage = lazy(() =>
  import('../features/inventory/pages/InventoryCreatePage').then((m) => ({ default: m.InventoryCreatePage })),
);
export const InventoryDetailPage = lazy(() =>
  import('../features/inventory/pages/InventoryDetailPage').then((m) => ({ default: m.InventoryDetailPage })),
);
export const InventoryEditPage = lazy(() =>
  import('../features/inventory/pages/InventoryEditPage').then((m) => ({ default: m.InventoryEditPage })),
);
