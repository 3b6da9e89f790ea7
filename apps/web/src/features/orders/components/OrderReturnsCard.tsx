import { Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import { RETURN_STATUS_LABELS, type ReturnSummary } from '@wms/contract/returns';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../lib/api/client';
import { returnRootKeys } from '../../../lib/query-keys/shared-keys';

/** The order's returns (RMA number, status, units back of announced), newest first; each links to its page. */
export function OrderReturnsCard({ orderId }: { orderId: number }) {
  const returns = useQuery({
    queryKey: returnRootKeys.ofOrder(orderId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ReturnSummary[]; meta: PageMeta }>('/returns', {
          bypass_default: true,
          query: { order_id: orderId, page: 1, per_page: 50 },
          signal,
        })
        .then((answer) => answer.data),
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Returns
        </Typography>
        {returns.isError ? (
          <Typography variant="body2" color="error">
            Failed to load returns
          </Typography>
        ) : !returns.data || returns.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {returns.data ? 'No returns' : 'Loading…'}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Returns of this order">
            {returns.data.map((r) => (
              <Stack
                component="li"
                key={r.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Link component={RouterLink} to={`/returns/${r.id}`} sx={{ fontWeight: 600 }}>
                  {r.rma_number}
                </Link>
                <Chip size="small" variant="outlined" label={RETURN_STATUS_LABELS[r.status]} />
                <Typography variant="body2" color="text.secondary">
                  {r.units_received} / {r.units_announced} units back
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
