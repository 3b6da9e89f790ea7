import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Card, CardContent, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { KIT_COMPONENT_QUANTITY_MAX, KIT_MESSAGES, type KitLine } from '@wms/contract/kits';
import type { Product, ProductDetail } from '@wms/contract/products';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { KindBadge } from '../../../components/KindBadge';
import { ProductAutocomplete, useProductSearch } from '../../../components/ProductAutocomplete';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { componentOptionsQueryOptions, useSaveComponents } from '../api';
import { addComponent, type ComponentRow, rowErrors, rowsFromLines, toComponentsPayload } from '../kit-kinds';

/**
 * A bundle's or assembled kit's components: search the account's standard products, units per kit, add and remove,
 * Save replaces the whole list (PUT /products/{id}/components). The server's refusals (a nested kit, a repeated
 * product, a bad quantity) are shown on the rows they name.
 */
export function KitComponentsEditor({ product, canEdit }: { product: ProductDetail; canEdit: boolean }) {
  const [rows, setRows] = useState<ComponentRow[]>(() => rowsFromLines(product.components));
  const [errors, setErrors] = useState<{ rows: Record<number, string[]>; general: string[] }>({
    rows: {},
    general: [],
  });
  const [picked, setPicked] = useState<Product | null>(null);
  const search = useProductSearch(picked);
  const options = useQuery({
    ...componentOptionsQueryOptions(product.account_id, search.term),
    enabled: canEdit,
    // A kit cannot contain a kit, nor itself: only the account's standard products are offered.
    select: (products) => products.filter((option) => option.kind === 'standard' && option.id !== product.id),
  });
  const save = useSaveComponents();
  const dirty =
    JSON.stringify(rows.map((row) => [row.product_id, row.quantity])) !==
    JSON.stringify(product.components.map((line) => [line.product_id, String(line.quantity)]));

  const change = (next: ComponentRow[]) => {
    setRows(next);
    setErrors({ rows: {}, general: [] });
  };

  const onSave = async () => {
    try {
      await save.mutateAsync({ id: product.id, ...toComponentsPayload(rows) });
      setErrors({ rows: {}, general: [] });
      notifySuccess(KIT_MESSAGES.componentsUpdated);
    } catch (error) {
      if (isValidationError(error)) setErrors(rowErrors(error.fieldErrors));
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Components
          </Typography>
          <Typography variant="caption" color="text.secondary">
            per {product.kind === 'bundle' ? 'bundle' : 'kit'}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {product.kind === 'bundle'
            ? 'An order for this bundle reserves and picks these products (units per bundle × quantity ordered).'
            : 'A work order builds this kit from these products.'}
        </Typography>
        {errors.general.length > 0 && (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {errors.general.join('\n')}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            No components yet{canEdit ? ': search the account’s products below.' : '.'}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Components">
            {rows.map((row, index) => {
              const rowError = errors.rows[index];
              return (
                <Box
                  component="li"
                  key={row.product_id}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
                >
                  <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Link component={RouterLink} to={`/products/${row.product_id}`} underline="hover">
                      {row.name}
                    </Link>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      sx={{ fontFamily: 'monospace' }}
                    >
                      {row.sku}
                    </Typography>
                    {rowError && (
                      <Typography variant="caption" color="error" component="div" role="alert">
                        {rowError.join(', ')}
                      </Typography>
                    )}
                  </Box>
                  <TextField
                    size="small"
                    type="number"
                    label="Units per kit"
                    value={row.quantity}
                    disabled={!canEdit}
                    error={Boolean(rowError)}
                    onChange={(event) =>
                      change(rows.map((r, i) => (i === index ? { ...r, quantity: event.target.value } : r)))
                    }
                    slotProps={{
                      htmlInput: {
                        min: 1,
                        max: KIT_COMPONENT_QUANTITY_MAX,
                        step: 1,
                        inputMode: 'numeric',
                        'aria-label': `Units of ${row.sku} per kit`,
                      },
                    }}
                    sx={{ width: 130 }}
                  />
                  {canEdit && (
                    <IconButton
                      aria-label={`Remove ${row.sku}`}
                      onClick={() => change(rows.filter((_, i) => i !== index))}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
        {canEdit && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <ProductAutocomplete
                id="kit-component-search"
                size="small"
                label="Add a component"
                placeholder="Search the account’s standard products"
                value={picked}
                onChange={(option) => {
                  if (option) change(addComponent(rows, option));
                  setPicked(null);
                  search.setInput('');
                }}
                search={search}
                products={options}
                loadFailedText="Failed to load products"
              />
            </Box>
            <Button variant="contained" onClick={onSave} disabled={save.isPending || !dirty}>
              {save.isPending ? 'Saving…' : 'Save components'}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** For a component: the kits it is in, each a link with its units per kit. */
export function PartOfKitsCard({ kits }: { kits: KitLine[] }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Part of kits
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {kits.map((kit) => (
            <Box
              component="li"
              key={kit.product_id}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Link component={RouterLink} to={`/products/${kit.product_id}`} underline="hover">
                {kit.name}
              </Link>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {kit.sku}
              </Typography>
              <KindBadge kind={kit.kind} />
              <Typography variant="body2" color="text.secondary">
                {kit.quantity} per kit
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
