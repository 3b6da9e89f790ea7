import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import LabelIcon from '@mui/icons-material/Label';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import PeopleIcon from '@mui/icons-material/People';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { Permission } from '@wms/contract/access';
import type { ReactNode } from 'react';

export interface MenuEntry {
  label: string;
  to: string;
  /** Hidden without it; undefined means every signed-in user sees the entry. */
  permission?: Permission;
  icon: ReactNode;
}

/**
 * Spec 1 §2.4, in its order. Order Drafts follows the menu table's 'create orders'. Statuses is not in spec 1's
 * menu, but spec 2 §2 has its screens (view statuses): without an entry they could only be reached by URL.
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Users', to: '/users', permission: 'view users', icon: <PeopleIcon /> },
  { label: 'Roles', to: '/roles', permission: 'view roles', icon: <AdminPanelSettingsIcon /> },
  { label: 'Accounts', to: '/accounts', permission: 'view accounts', icon: <BusinessIcon /> },
  { label: 'Products', to: '/products', permission: 'view products', icon: <CategoryIcon /> },
  { label: 'Warehouses', to: '/warehouses', permission: 'view warehouses', icon: <WarehouseIcon /> },
  { label: 'Inventory', to: '/inventories', permission: 'view inventories', icon: <InventoryIcon /> },
  // Cycle counts, staff work in the warehouse.
  { label: 'Cycle Counts', to: '/cycle-counts', permission: 'view cycle counts', icon: <ChecklistIcon /> },
  // The phone move flow, for staff who may move stock between locations.
  { label: 'Move Stock', to: '/moves/scan', permission: 'edit locations', icon: <MoveDownIcon /> },
  // Waves and picking, staff work on the floor.
  { label: 'Release Waves', to: '/waves/release', permission: 'release waves', icon: <PlaylistAddCheckIcon /> },
  { label: 'Waves', to: '/waves', permission: 'view picking', icon: <DynamicFeedIcon /> },
  {
    label: 'Picking Supervisor',
    to: '/waves/supervisor',
    permission: 'view picking',
    icon: <SupervisorAccountIcon />,
  },
  { label: 'Pick', to: '/picking', permission: 'pick', icon: <ShoppingBasketIcon /> },
  // Replenishment: pick faces kept full from storage.
  {
    label: 'Replenish',
    to: '/replenishment',
    permission: 'view replenishment',
    icon: <KeyboardDoubleArrowDownIcon />,
  },
  { label: 'Pack', to: '/packing', permission: 'pack', icon: <Inventory2Icon /> },
  { label: 'Kit work orders', to: '/kit-work-orders', permission: 'assemble kits', icon: <BuildIcon /> },
  { label: 'Shipments', to: '/shipments', permission: 'view shipments', icon: <LocalShippingIcon /> },
  { label: 'Orders', to: '/orders', permission: 'view orders', icon: <ShoppingCartIcon /> },
  { label: 'Order Drafts', to: '/bulk-order-drafts', permission: 'create orders', icon: <DescriptionIcon /> },
  { label: 'Inquiries', to: '/inquiries', permission: 'view inquiries', icon: <ContactSupportIcon /> },
  { label: 'Shipper', to: '/shippers', permission: 'view shippers', icon: <AccountTreeIcon /> },
  { label: 'Shipped Orders (7D+)', to: '/shipped-orders', permission: 'view orders', icon: <ArchiveIcon /> },
  { label: 'Returns', to: '/returns', permission: 'view returns', icon: <AssignmentReturnIcon /> },
  { label: 'Statuses', to: '/statuses', permission: 'view statuses', icon: <LabelIcon /> },
  { label: 'Webhooks', to: '/settings/webhooks', permission: 'view webhooks', icon: <WebhookIcon /> },
  // Billing, for staff who set the rates.
  { label: 'Rate Cards', to: '/billing/rate-cards', permission: 'manage billing', icon: <RequestQuoteIcon /> },
  { label: 'Billing', to: '/billing', permission: 'manage billing', icon: <ReceiptLongIcon /> },
  { label: 'Invoices', to: '/invoices', permission: 'view invoices', icon: <ReceiptLongIcon /> },
  { label: 'Account Setting', to: '/setting', icon: <SettingsIcon /> },
];

export const visibleMenuEntries = (permissions: readonly string[]): MenuEntry[] =>
  MENU_ENTRIES.filter((entry) => !entry.permission || permissions.includes(entry.permission));
