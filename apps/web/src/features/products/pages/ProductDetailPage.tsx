import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Chip, Divider, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { KIND_LABELS } from '../../../components/KindBadge';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { RedirectWithMessage } from '../../../components/RedirectWithMessage';
import { formatDateTime, formatWeight } from '../../../lib/format';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { productQueryOptions } from '../api';
import { KitComponentsEditor, PartOfKitsCard } from '../components/KitComponentsCard';
import { ProductLocationsCard } from '../components/ProductLocationsCard';
import { ProductThumb } from '../components/ProductThumb';
import { KIND_EXPLANATIONS } from '../kit-kinds';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
      {label}
    </Typography>
    <Typography variant="body1" component="div" sx={{ mt: 0.25, wordBreak: 'break-word' }}>
      {children}
    </Typography>
  </Box>
);

export function ProductDetailPage() {
  const id = Number(useParams().id);
  const { selectedAccount, user } = useSession();
  const product = useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

  if (!Number.isInteger(id) || id <= 0 || product.isError) {
    return <RedirectWithMessage to="/products" message="Error loading product details" />;
  }
  if (!product.data) {
    return (
      <>
        <PageHeader title="Product Details" />
        <LoadingState label="Loading product…" />
      </>
    );
  }
  const p = product.data;
  // The product's own account. (Spec §2 says clients see their selected account's name, which is the same
  // account for their products in the selected account; for one of their other accounts it would be wrong.)
  const accountName = p.account?.name ?? selectedAccount?.name;

  return (
    <>
      <PageHeader
        title={p.name}
        subtitle={<Chip label={p.sku} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />}
        actions={
          <>
            <Button component={RouterLink} to="/products" startIcon={<ArrowBackIcon />} color="inherit">
              Back
            </Button>
            <Button
              component={RouterLink}
              to={`/products/${p.id}/edit`}
              variant="contained"
              startIcon={<EditOutlinedIcon />}
            >
              Edit
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent>
            {p.photo_url ? (
              <Box
                component="img"
                src={p.photo_url}
                alt={p.name}
                referrerPolicy="no-referrer"
                sx={{ width: '100%', maxHeight: 400, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.50' }}
              />
            ) : (
              <Stack sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }} spacing={1}>
                <ProductThumb src={null} name={p.name} size={96} />
                <Typography variant="body2">No photo</Typography>
              </Stack>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h6" sx={{ mb: 2 }}>
              Product Information
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Fact label="Product Name">{p.name}</Fact>
              <Fact label="SKU">
                <Chip label={p.sku} size="small" color="primary" variant="outlined" sx={{ fontFamily: 'monospace' }} />
              </Fact>
              <Fact label="Barcode">
                {p.barcode ? (
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {p.barcode}
                  </Box>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Kind">
                {KIND_LABELS[p.kind]}
                <Typography variant="caption" color="text.secondary" component="div">
                  {KIND_EXPLANATIONS[p.kind]}
                </Typography>
              </Fact>
              <Fact label="Weight">{formatWeight(p.weight)}</Fact>
              <Fact label="Dimension">{p.dimension ?? '—'}</Fact>
              <Fact label="Product Link">
                {p.link ? (
                  <Link
                    href={p.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                  >
                    {p.link}
                    <OpenInNewIcon sx={{ fontSize: 16 }} />
                  </Link>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Photo URL">{p.photo_url ?? '—'}</Fact>
            </Box>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h6" sx={{ mb: 2 }}>
              Account
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Fact label="Account Name">{accountName ?? 'N/A'}</Fact>
              <Fact label="Account Email">{p.account?.email ?? 'N/A'}</Fact>
            </Box>
            <Divider sx={{ my: 3 }} />
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Fact label="Created">{formatDateTime(p.created_at)}</Fact>
              <Fact label="Last Updated">{formatDateTime(p.updated_at)}</Fact>
            </Box>
          </CardContent>
        </Card>
      </Box>
      {p.kind !== 'standard' && (
        <Box sx={{ mt: 3 }}>
          <KitComponentsEditor
            // A saved list (or another product) starts the editor afresh from the server's answer.
            key={`${p.id}-${p.components.map((line) => `${line.product_id}:${line.quantity}`).join(',')}`}
            product={p}
            canEdit={hasPermission(user, 'edit products')}
          />
        </Box>
      )}
      {p.kits.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <PartOfKitsCard kits={p.kits} />
        </Box>
      )}
      {hasPermission(user, 'view locations') && (
        <Box sx={{ mt: 3 }}>
          <ProductLocationsCard productId={p.id} />
        </Box>
      )}
    </>
  );
}
