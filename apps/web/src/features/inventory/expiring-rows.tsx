import { Box, Link, Typography } from '@mui/material';
import type { ExpiringLot, Inventory } from '@wms/contract/inventory';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CardLayout } from '../../components/CardList';
import type { TableColumn } from '../../components/PaginatedTable';
import { Token } from '../../components/Token';
import { ExpiryChip } from './components/LotsTable';

/** One line of the expiring-soon list: units of one lot in one location. */
export interface ExpiringRow {
  key: string;
  inventory: Inventory;
  expiring: ExpiringLot;
}

/** The page's rows spread into one line per expiring lot and location, in the order the server gave them. */
export const toExpiringRows = (rows: readonly Inventory[] | undefined): ExpiringRow[] | undefined =>
  rows?.flatMap((inventory) =>
    (inventory.expiring_lots ?? []).map((expiring) => ({
      key: `${inventory.id}:${expiring.lot.id}:${expiring.location.id}`,
      inventory,
      expiring,
    })),
  );

interface ExpiringLayoutOptions {
  showAccount: boolean;
  showWarehouse: boolean;
  today: string;
  actions: (inventory: Inventory) => ReactNode;
}

const productLink = (row: ExpiringRow) => (
  <Link component={RouterLink} to={`/inventories/${row.inventory.id}`} underline="hover" sx={{ fontWeight: 600 }}>
    {row.inventory.product.name}
  </Link>
);

/** The table of the expiring-soon list: which lot, when it expires, where it lies and how many units. */
export function expiringColumns(options: ExpiringLayoutOptions): TableColumn<ExpiringRow>[] {
  const columns: TableColumn<ExpiringRow>[] = [
    {
      id: 'product',
      header: 'Product',
      render: (row) => (
        <Box sx={{ minWidth: 160 }}>
          {productLink(row)}
          <Typography variant="caption" color="text.secondary" component="div">
            <Token mono>{row.inventory.product.sku}</Token>
          </Typography>
        </Box>
      ),
    },
  ];
  if (options.showAccount)
    columns.push({ id: 'account', header: 'Account', render: (row) => row.inventory.account_name });
  if (options.showWarehouse) {
    columns.push({ id: 'warehouse', header: 'Warehouse', render: (row) => row.inventory.warehouse.code });
  }
  columns.push(
    { id: 'lot', header: 'Lot', render: (row) => <Token mono>{row.expiring.lot.code}</Token> },
    {
      id: 'expiry',
      header: 'Expires',
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Token>{row.expiring.lot.expiry_date}</Token>{' '}
          <ExpiryChip expiryDate={row.expiring.lot.expiry_date} today={options.today} />
        </Box>
      ),
    },
    { id: 'location', header: 'Location', render: (row) => <Token mono>{row.expiring.location.code}</Token> },
    {
      id: 'units',
      header: 'Units',
      align: 'right',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {row.expiring.quantity.toLocaleString()}
        </Typography>
      ),
    },
    { id: 'actions', header: 'Actions', align: 'right', width: 170, render: (row) => options.actions(row.inventory) },
  );
  return columns;
}

/** Phone cards: product and expiry chip; lot and location; units and date with the buttons. */
export function expiringCard(options: ExpiringLayoutOptions): CardLayout<ExpiringRow> {
  return {
    title: productLink,
    status: (row) => <ExpiryChip expiryDate={row.expiring.lot.expiry_date} today={options.today} />,
    subtitle: (row) => (
      <>
        Lot <Token>{row.expiring.lot.code}</Token> · in <Token>{row.expiring.location.code}</Token>
      </>
    ),
    meta: (row) => (
      <>
        {row.expiring.quantity.toLocaleString()} units · expires <Token>{row.expiring.lot.expiry_date}</Token>
        {options.showAccount && ` · ${row.inventory.account_name}`}
      </>
    ),
    actions: (row) => options.actions(row.inventory),
  };
}
