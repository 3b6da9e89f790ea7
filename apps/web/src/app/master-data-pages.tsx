import { lazyPage } from './lazy-page';

// Master data pages (spec 1 §2.6–2.10), one chunk each.
export const UsersPage = lazyPage(() =>
  import('../features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
);
export const UserCreatePage = lazyPage(() =>
  import('../features/users/pages/UserCreatePage').then((m) => ({ default: m.UserCreatePage })),
);
export const UserEditPage = lazyPage(() =>
  import('../features/users/pages/UserEditPage').then((m) => ({ default: m.UserEditPage })),
);
export const RolesPage = lazyPage(() =>
  import('../features/roles/pages/RolesPage').then((m) => ({ default: m.RolesPage })),
);
export const SettingPage = lazyPage(() =>
  import('../features/settings/pages/SettingPage').then((m) => ({ default: m.SettingPage })),
);
export const AccountsPage = lazyPage(() =>
  import('../features/accounts/pages/AccountsPage').then((m) => ({ default: m.AccountsPage })),
);
export const AccountCreatePage = lazyPage(() =>
  import('../features/accounts/pages/AccountCreatePage').then((m) => ({ default: m.AccountCreatePage })),
);
export const AccountEditPage = lazyPage(() =>
  import('../features/accounts/pages/AccountEditPage').then((m) => ({ default: m.AccountEditPage })),
);
export const WarehousesPage = lazyPage(() =>
  import('../features/warehouses/pages/WarehousesPage').then((m) => ({ default: m.WarehousesPage })),
);
export const ShippersPage = lazyPage(() =>
  import('../features/shippers/pages/ShippersPage').then((m) => ({ default: m.ShippersPage })),
);
export const ShipperCreatePage = lazyPage(() =>
  import('../features/shippers/pages/ShipperCreatePage').then((m) => ({ default: m.ShipperCreatePage })),
);
export const ShipperDetailPage = lazyPage(() =>
  import('../features/shippers/pages/ShipperDetailPage').then((m) => ({ default: m.ShipperDetailPage })),
);
export const ShipperEditPage = lazyPage(() =>
  import('../features/shippers/pages/ShipperEditPage').then((m) => ({ default: m.ShipperEditPage })),
);
