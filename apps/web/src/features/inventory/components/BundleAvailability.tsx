import { Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AVAILABLE_INVENTORY_LIMIT } from '@wms/contract/order-creation';
import { Link as RouterLink } from 'react-router';
import { bundleAvailabilityQuery } from '../api';

/**
 * Bundles have no stock of their own, so no inventory rows: under the list, the account's bundles with how many whole
 * bundles their components make in this warehouse (the least, over components, of available ÷ units per bundle).
 */
export function BundleAvailability({ accountId, warehouseId }: { accountId: number; warehouseId: number }) {
  const bundles = useQuery(bundleAvailabilityQuery(accountId, warehouseId));
  if (!bundles.data || bundles.data.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="bundle-availability" spacing={1} sx={{ px: 2, py: 1.5 }}>
      <Typography id="bundle-availability" variant="subtitle2" component="h2">
        Bundles (made from their components)
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {bundles.data.map((bundle) => (
          <Stack component="li" key={bundle.product_id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Link component={RouterLink} to={`/products/${bundle.product_id}`} sx={{ minWidth: 0 }} noWrap>
              {bundle.name}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {bundle.sku}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {bundle.quantity_available.toLocaleString()} available
            </Typography>
          </Stack>
        ))}
      </Stack>
      {bundles.data.length === AVAILABLE_INVENTORY_LIMIT && (
        <Typography variant="caption" color="text.secondary">
          The first {AVAILABLE_INVENTORY_LIMIT} bundles by name.
        </Typography>
      )}
    </Stack>
  );
}
