import { lazyPage } from './lazy-page';

// Catalogue and inventory pages (spec 2 §2), one chunk each.
export const ProductListPage = lazyPage(() =>
  import('../features/products/pages/ProductListPage').then((m) => ({ default: m.ProductListPage })),
);
export const ProductCreatePage = lazyPage(() =>
  import('../features/products/pages/ProductCreatePage').then((m) => ({ default: m.ProductCreatePage })),
);
export const ProductDetailPage = lazyPage(() =>
  import('../features/products/pages/ProductDetailPage').then((m) => ({ default: m.ProductDetailPage })),
);
export const ProductEditPage = lazyPage(() =>
  import('../features/products/pages/ProductEditPage').then((m) => ({ default: m.ProductEditPage })),
);
export const InventoryListPage = lazyPage(() =>
  import('../features/inventory/pages/InventoryListPage').then((m) => ({ default: m.InventoryListPage })),
);
export const InventoryCreatePage = lazyPage(() =>
  import('../features/inventory/pages/InventoryCreatePage').then((m) => ({ default: m.InventoryCreatePage })),
);
export const InventoryDetailPage = lazyPage(() =>
  import('../features/inventory/pages/InventoryDetailPage').then((m) => ({ default: m.InventoryDetailPage })),
);
export const InventoryEditPage = lazyPage(() =>
  import('../features/inventory/pages/InventoryEditPage').then((m) => ({ default: m.InventoryEditPage })),
);
